import type { PaymentProvider } from "@serene/contracts";
import { api } from "../../../lib/api-client";

/** GET /user/receipts: every charge taken, newest first. */
export const getReceipts = () => api.get("user/receipts", { silent: true });

/** GET /user/receipts/{id}: one receipt (another member's is not found). */
export const getReceipt = (id: string) => api.get("user/receipts/{id}", { params: { id }, silent: true });

/** POST /subscription/web/resume/{provider}: the server's message shows as the error toast when refused. */
export const resumeSubscription = (provider: PaymentProvider) => api.post("subscription/web/resume/{provider}", { params: { provider } });
