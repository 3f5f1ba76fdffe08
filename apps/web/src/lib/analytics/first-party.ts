import { snakeCaseEventName } from "@serene/domain";
import { postEvent } from "../server-data/session";
import { STORAGE_KEYS, storage } from "../storage";
import type { AnalyticsAdapter, EventProperties } from "./types";

/**
 * The anonymous visit id every event carries as `session_id`: one random id per browser, kept in local
 * storage, so every tab of the browser is the same person to the funnel report (decision 055). A link from
 * an e-mail (the quiz's result, its offer) opens a new tab, and the person who gave their e-mail is still
 * the one who opens the result and takes the trial. Logging out empties local storage, so the next person
 * on the browser starts a new visit. Without local storage there is no id (and the funnels do not count it).
 */
function visitId(): string | undefined {
  const kept = storage.get(STORAGE_KEYS.analyticsVisit);
  if (kept) return kept;
  const id = crypto.randomUUID();
  storage.set(STORAGE_KEYS.analyticsVisit, id);
  return storage.get(STORAGE_KEYS.analyticsVisit) === id ? id : undefined;
}

function send(name: string, path: string, properties: EventProperties = {}) {
  // Only the path is stored: query strings can carry tokens and e-mail addresses.
  const pathname = path.split("?")[0] || "/";
  // Analytics never bothers the person: failures are silent.
  void postEvent({ name: snakeCaseEventName(name), path: pathname, session_id: visitId(), properties }).catch(() => undefined);
}

/** Stores events in the product's own database through POST /api/v1/events. */
export const firstPartyAdapter: AnalyticsAdapter = {
  pageView: (path) => send("page_view", path),
  track: (name, properties, path) => send(name, path, properties),
};
