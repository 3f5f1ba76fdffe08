/**
 * Money the member can read back: receipts for charges, and when a cancelled subscription may be
 * resumed (docs/decisions/039-receipts-and-money-emails.md).
 */
import { isEntitled } from "./entitlement.ts";
import type { LifecycleState } from "./subscription-lifecycle.ts";

/** A date as receipts and e-mails write it, in UTC: "26 November 2026". */
export function longDate(date: Date): string {
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * The reference printed on a receipt, quoted to support: the day of the charge and the start of
 * the payment's id, "SR-20261126-3F2A9C1D". The payment id itself stays the key.
 */
export function receiptReference(paymentId: string, paidAt: Date): string {
  const day = paidAt.toISOString().slice(0, 10).replaceAll("-", "");
  return `SR-${day}-${paymentId.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}

/** What a charge paid for, as the receipt names it: "Annual plan", "3-month plan", "Lifetime access". */
export function receiptItem(pkg: { months: number; isLifetime: boolean } | null): string {
  if (!pkg) return "Membership";
  if (pkg.isLifetime) return "Lifetime access";
  if (pkg.months === 12) return "Annual plan";
  if (pkg.months === 1) return "Monthly plan";
  return `${pkg.months}-month plan`;
}

export const RESUME_NOTHING_MESSAGE = "You have no cancelled subscription to resume.";
export const RESUME_ENDED_MESSAGE = "This subscription has already ended. You are welcome to choose a plan again.";
export const RESUME_WALLET_MESSAGE =
  "A PayPal subscription cannot be restarted once it is cancelled. When this period ends, you are welcome to subscribe again.";

/**
 * Why a subscription cannot be resumed now, or null when it can: it must be cancelled (billing
 * stopped) with its paid or trial period still running, and billed by card. A wallet agreement
 * cancelled at the wallet cannot be restarted there, so it is not offered.
 */
export function resumeRefusal(state: LifecycleState | null | undefined, provider: string, now: Date): string | null {
  if (!state || state.plan === "lifetime" || !state.cancelAtPeriodEnd) return RESUME_NOTHING_MESSAGE;
  if (state.status !== "canceled" || !isEntitled(state, now) || !state.currentPeriodEnd || state.currentPeriodEnd <= now) {
    return RESUME_ENDED_MESSAGE;
  }
  if (provider !== "stripe") return RESUME_WALLET_MESSAGE;
  return null;
}

/** Whether the settings page offers 'Resume' (see resumeRefusal). */
export const canResume = (state: LifecycleState | null | undefined, provider: string, now: Date) =>
  resumeRefusal(state, provider, now) === null;

/** How often a recurring plan is billed, for "$14.99 a month": "month", "3 months", "6 months", "year". */
export function billingPeriodName(plan: string): string | null {
  switch (plan) {
    case "monthly":
      return "month";
    case "quarterly":
      return "3 months";
    case "half-year":
      return "6 months";
    case "annual":
      return "year";
    default:
      return null;
  }
}
