/**
 * Which listening reports are believed (decision 054). Minutes, days, streaks and badges are made of the
 * member's listening sessions, so a session is kept only where it could be true:
 *
 * - it has the shape of a session (`sessionReportProblems`: an end after its start, at most 24 hours, not in
 *   the future, not before 2000);
 * - the item it names may be played by the member: a free item, or a member whose subscription opened locked
 *   items when the session started (the subscriptions module answers that; a report without an item names
 *   nothing to check);
 * - it does not start before the member's account existed;
 * - it is no longer than the item: its length plus a quarter and a minute (`allowedSessionSeconds`); an item
 *   the player repeats (`playsOnLoop`) or whose length is unknown is held to the 24 hours only;
 * - it does not overlap the member's other sessions by more than `OVERLAP_TOLERANCE_SECONDS` in all.
 *
 * A report that is not believed is refused (422 naming the field) and kept nowhere, so nothing unbelieved
 * counts anywhere, and what the member is told (refused) is what their figures show (not counted).
 */

import { SESSION_CLOCK_SKEW_SECONDS, sessionReportProblems } from "./listening.ts";

/**
 * How far a member's clock may be from ours: a session may start this long before their account was
 * created, and end this long in the future (the same allowance `sessionReportProblems` gives the end).
 */
export const LISTENING_CLOCK_SKEW_SECONDS = SESSION_CLOCK_SKEW_SECONDS;

/**
 * How many seconds a session may share with the member's other sessions, in all. The player reports a
 * session when it ends and starts the next one afterwards, each time cut to the second, so its own sessions
 * never overlap; two devices kept on network time disagree by a second or two. Five seconds covers that and
 * no more: a session stacked on another gains at most five seconds, and the rate limit caps how many
 * sessions a minute can bring.
 */
export const OVERLAP_TOLERANCE_SECONDS = 5;

/**
 * How much longer than its item a session may be: a member who goes back to hear a part again listens for
 * longer than the item lasts (a quarter of it), and the player's start and end are cut to the second and
 * reported a moment after the sound stops (a minute).
 */
export const SESSION_LENGTH_ALLOWANCE = { share: 0.25, seconds: 60 } as const;

export const BELIEF_MESSAGES = {
  locked: "The selected item is for subscribers, and this account had no subscription when the session started.",
  beforeAccount: "The start session may not be before the account was created.",
  longerThanItem: "The session may not be longer than the item.",
  overlap: "The session overlaps a session already reported.",
} as const;

/** Items the player repeats until stopped (music and soundscapes): a session of one may last any time. */
export const playsOnLoop = (model: string): boolean => model === "music-soundscape";

/** The longest a session of an item may be, in seconds; null when only the 24-hour limit applies. */
export function allowedSessionSeconds(item: { model: string; durationSeconds: number | null }): number | null {
  if (playsOnLoop(item.model) || item.durationSeconds === null || item.durationSeconds <= 0) return null;
  return Math.ceil(item.durationSeconds * (1 + SESSION_LENGTH_ALLOWANCE.share)) + SESSION_LENGTH_ALLOWANCE.seconds;
}

export interface ListeningInterval {
  start: Date;
  end: Date;
}

/** Seconds this session shares with the others, summed over each of them. */
export function overlapSeconds(session: ListeningInterval, others: readonly ListeningInterval[]): number {
  let shared = 0;
  for (const other of others) {
    const from = Math.max(session.start.getTime(), other.start.getTime());
    const to = Math.min(session.end.getTime(), other.end.getTime());
    if (to > from) shared += (to - from) / 1000;
  }
  return shared;
}

export interface ListeningContext {
  now: Date;
  /** When the member's account was created. */
  accountCreatedAt: Date;
  /** The item the report names; null for a report without one. */
  item: { model: string; free: boolean; durationSeconds: number | null } | null;
  /**
   * Whether the member's subscriptions opened locked items when the session started (within the clock
   * allowance). Asked of the subscriptions module; only read for a locked item.
   */
  mayPlayLocked: boolean;
  /** The member's sessions that may meet this one (every kept session is a believed one). */
  others: readonly ListeningInterval[];
}

export type ListeningBelief = { believed: true } | { believed: false; errors: Record<string, string[]> };

const refused = (field: string, message: string): ListeningBelief => ({ believed: false, errors: { [field]: [message] } });

/** Whether a listening report could be true; when not, the field and the rule it breaks (the first one, in the order above). */
export function believeListening(session: ListeningInterval, context: ListeningContext): ListeningBelief {
  const shape = sessionReportProblems(session.start, session.end, context.now);
  if (Object.keys(shape).length > 0) return { believed: false, errors: shape };
  const { item } = context;
  if (item && !item.free && !context.mayPlayLocked) return refused("id", BELIEF_MESSAGES.locked);
  if (session.start.getTime() < context.accountCreatedAt.getTime() - LISTENING_CLOCK_SKEW_SECONDS * 1000)
    return refused("start_session", BELIEF_MESSAGES.beforeAccount);
  const allowed = item ? allowedSessionSeconds(item) : null;
  if (allowed !== null && (session.end.getTime() - session.start.getTime()) / 1000 > allowed)
    return refused("end_session", BELIEF_MESSAGES.longerThanItem);
  if (overlapSeconds(session, context.others) > OVERLAP_TOLERANCE_SECONDS) return refused("start_session", BELIEF_MESSAGES.overlap);
  return { believed: true };
}
