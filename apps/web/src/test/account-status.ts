import type { AccountStatusResponse } from "@serene/contracts";

/**
 * GET /user/account-status as the API answers it for a member in each state (subscriptions.presenter.ts):
 * the one place web tests take a member's status from. A test that needs one field otherwise spreads a
 * state (`{ ...MONTHLY_STATUS, subscription_via: "paypal" }`).
 */

/** A free member: nothing bought, the offer after locked content. */
export const FREE_STATUS: AccountStatusResponse = {
  subscription_type: null,
  member_since: null,
  subscription_via: null,
  status: null,
  current_period_end: null,
  can_cancel: false,
  can_upgrade: false,
  offer_place: "after_locked_content",
};

/** A free member whose trial ended without a charge: the offer after the trial. */
export const TRIAL_OVER_STATUS: AccountStatusResponse = { ...FREE_STATUS, offer_place: "after_trial_is_over" };

/** A monthly card subscription, paid until June 3, 2026: may cancel, may upgrade to annual. */
export const MONTHLY_STATUS: AccountStatusResponse = {
  subscription_type: "Monthly",
  member_since: "2026-03-03T12:00:00Z",
  subscription_via: "stripe",
  status: "active",
  current_period_end: "2026-06-03T12:00:00Z",
  can_cancel: true,
  can_upgrade: true,
  offer_place: "after_locked_content",
};

/** An annual card subscription, paid until March 3, 2027: may cancel, nothing to upgrade to. */
export const ANNUAL_STATUS: AccountStatusResponse = {
  ...MONTHLY_STATUS,
  subscription_type: "Annual",
  current_period_end: "2027-03-03T12:00:00Z",
  can_upgrade: false,
};

/** The annual plan's free week by card, charged on March 10, 2026 unless cancelled. */
export const TRIAL_STATUS: AccountStatusResponse = {
  ...MONTHLY_STATUS,
  subscription_type: "Free trial",
  status: "trialing",
  current_period_end: "2026-03-10T12:00:00Z",
  can_upgrade: false,
};

/** Lifetime access: no period, nothing to cancel or upgrade. */
export const LIFETIME_STATUS: AccountStatusResponse = {
  ...MONTHLY_STATUS,
  subscription_type: "Lifetime",
  status: "lifetime",
  current_period_end: null,
  can_cancel: false,
  can_upgrade: false,
};

/** A renewal failed and is being retried: access runs on meanwhile. */
export const PAST_DUE_STATUS: AccountStatusResponse = { ...MONTHLY_STATUS, status: "past_due" };

/** The same subscription cancelled: access until its period ends, nothing more to cancel or upgrade. */
export const canceled = (status: AccountStatusResponse): AccountStatusResponse => ({
  ...status,
  status: "canceled",
  can_cancel: false,
  can_upgrade: false,
});
