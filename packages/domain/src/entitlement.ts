/**
 * Who may play locked content (spec 001 section 6): a member whose subscription is current.
 * The payments work refines the states; access is always decided from them alone.
 */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled", "expired", "lifetime"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionState {
  status: string;
  /** Access lasts until this moment; null means no end (lifetime, corporate without end). */
  currentPeriodEnd: Date | null;
}

/** Whether this subscription opens every item at `now`. A canceled one still does until its period ends. */
export function isEntitled(subscription: SubscriptionState | null | undefined, now: Date): boolean {
  if (!subscription) return false;
  const inPeriod = subscription.currentPeriodEnd === null || subscription.currentPeriodEnd > now;
  switch (subscription.status) {
    case "lifetime":
      return true;
    case "trialing":
    case "active":
    case "past_due":
    case "canceled":
      return inPeriod;
    default:
      return false;
  }
}

/** The subscription that decides access: the first entitled one, else the most recent. */
export function currentSubscription<T extends SubscriptionState & { startedAt: Date }>(rows: readonly T[], now: Date): T | null {
  const entitled = rows.filter((row) => isEntitled(row, now)).sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  return entitled[0] ?? null;
}
