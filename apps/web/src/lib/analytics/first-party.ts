import { snakeCaseEventName } from "@serene/domain";
import { api } from "../api-client";
import type { AnalyticsAdapter, EventProperties } from "./types";

function sessionId(): string | undefined {
  try {
    let id = window.sessionStorage.getItem("sid");
    if (!id) {
      id = crypto.randomUUID();
      window.sessionStorage.setItem("sid", id);
    }
    return id;
  } catch {
    return undefined;
  }
}

function send(name: string, path: string, properties: EventProperties = {}) {
  // Only the path is stored: query strings can carry tokens and e-mail addresses.
  const pathname = path.split("?")[0] || "/";
  // Analytics never bothers the person: failures are silent.
  void api
    .post("events", {
      body: { name: snakeCaseEventName(name), path: pathname, session_id: sessionId(), properties },
      keepalive: true,
      silent: true,
    })
    .catch(() => undefined);
}

/** Stores events in the product's own database through POST /api/v1/events. */
export const firstPartyAdapter: AnalyticsAdapter = {
  pageView: (path) => send("page_view", path),
  track: (name, properties, path) => send(name, path, properties),
};
