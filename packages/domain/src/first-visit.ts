/** How long after the account was opened its first /home still counts as a first visit. */
export const FIRST_VISIT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface VisitFacts {
  /** When the account was opened (the member's created_at, ISO 8601). */
  accountCreatedAt: string;
  /** Now, in ms since the epoch. */
  now: number;
  /** Whether this browser has already shown this member's home. */
  seenBefore: boolean;
}

/**
 * Whether /home greets a newcomer ('Welcome') rather than a returning member ('Welcome back'): the
 * first home this browser shows the member, within a day of opening the account. A member of longer
 * standing on a new browser is returning; a newcomer's second home is too. An unreadable date is
 * never a first visit: it most likely belongs to an older account. A browser clock behind the
 * server's (the account seemingly opened in the future) still counts as a first visit.
 */
export function isFirstVisit({ accountCreatedAt, now, seenBefore }: VisitFacts): boolean {
  if (seenBefore) return false;
  const created = Date.parse(accountCreatedAt);
  if (Number.isNaN(created)) return false;
  return now - created < FIRST_VISIT_WINDOW_MS;
}
