import type { AnalyticsEventBody } from "@serene/contracts";
import { api } from "../api-client";

/** POST /user/token/refresh: a fresh token for the stored one, asked silently (lib/session keeps it). */
export const refreshSessionToken = () => api.post("user/token/refresh", { silent: true });

/** POST /events: one analytics event kept in the product's own database; silent, and alive while the page unloads. */
export const postEvent = (body: AnalyticsEventBody) => api.post("events", { body, keepalive: true, silent: true });
