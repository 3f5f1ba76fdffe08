import { describe, expect, it } from "vitest";
import {
  doublePurchaseRefusal,
  renewalAttemptAt,
  renewalAttemptEarly,
  renewalRetryDates,
  trialAllowed,
  UPGRADE_QUOTE_VALID_MS,
  upgradePricedAt,
} from "./payment-rules.ts";
import { PAYMENT_RETRY_DAYS } from "./subscription-lifecycle.ts";
import { DAY_MS } from "./time.ts";

const t0 = new Date("2026-03-10T09:00:00Z");
const day = (n: number) => new Date(t0.getTime() + n * DAY_MS);

describe("a second purchase beside the running subscription", () => {
  const running = (status: string, lifecycle: string | null = status) => ({
    status,
    state: lifecycle === null ? null : { status: lifecycle as "active" },
  });

  it("is welcome when nothing runs", () => {
    expect(doublePurchaseRefusal(null, false)).toBeNull();
    expect(doublePurchaseRefusal(null, true)).toBeNull();
  });

  it("never buys lifetime access twice, nor anything beside it", () => {
    expect(doublePurchaseRefusal(running("lifetime"), true)).toBe("lifetime_held");
    expect(doublePurchaseRefusal(running("lifetime"), false)).toBe("lifetime_held");
  });

  it("refuses a second recurring subscription while one runs, trial and past due included", () => {
    for (const status of ["active", "trialing", "past_due"])
      expect(doublePurchaseRefusal(running(status), false)).toBe("subscription_running");
    // A row with no lifecycle state is running as far as anyone can tell.
    expect(doublePurchaseRefusal(running("active", null), false)).toBe("subscription_running");
  });

  it("welcomes lifetime beside a recurring subscription, and anything beside a cancelled one", () => {
    expect(doublePurchaseRefusal(running("active"), true)).toBeNull();
    expect(doublePurchaseRefusal(running("canceled"), false)).toBeNull();
    expect(doublePurchaseRefusal(running("canceled"), true)).toBeNull();
  });
});

describe("the free trial, once per member", () => {
  const trialPackage = { isFreeTrial: true, trialDays: 7 };

  it("is given by a trial package to a member who never had one", () => {
    expect(trialAllowed(trialPackage, [])).toBe(true);
    expect(trialAllowed(trialPackage, [{ planType: "Monthly", startedWithTrial: false }])).toBe(true);
  });

  it("is not given twice, whichever way the earlier trial is recorded", () => {
    expect(trialAllowed(trialPackage, [{ planType: "Free trial", startedWithTrial: false }])).toBe(false);
    expect(trialAllowed(trialPackage, [{ planType: "Monthly", startedWithTrial: true }])).toBe(false);
  });

  it("needs a package that offers trial days", () => {
    expect(trialAllowed({ isFreeTrial: false, trialDays: 7 }, [])).toBe(false);
    expect(trialAllowed({ isFreeTrial: true, trialDays: 0 }, [])).toBe(false);
  });
});

describe("the moment an upgrade is priced at", () => {
  const now = day(3);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("is the preview's moment within the half hour it holds", () => {
    expect(upgradePricedAt(ago(0), now)).toEqual(now);
    expect(upgradePricedAt(ago(UPGRADE_QUOTE_VALID_MS), now)).toEqual(new Date(now.getTime() - UPGRADE_QUOTE_VALID_MS));
  });

  it("is now without a preview, with an old, a future or an unreadable one", () => {
    expect(upgradePricedAt(undefined, now)).toBe(now);
    expect(upgradePricedAt(ago(UPGRADE_QUOTE_VALID_MS + 1000), now)).toBe(now);
    expect(upgradePricedAt(ago(-1000), now)).toBe(now);
    expect(upgradePricedAt("yesterday", now)).toBe(now);
  });
});

describe("renewal attempts and their retries", () => {
  it("are due when the period starts, then a day apart", () => {
    expect(renewalAttemptAt(t0, 0)).toEqual(t0);
    expect(renewalAttemptAt(t0, 2)).toEqual(day(2));
  });

  it("never run ahead of time beyond a minute of clock skew", () => {
    expect(renewalAttemptEarly(t0, 1, new Date(day(1).getTime() - 61_000))).toBe(true);
    expect(renewalAttemptEarly(t0, 1, new Date(day(1).getTime() - 60_000))).toBe(false);
    expect(renewalAttemptEarly(t0, 0, day(5))).toBe(false);
  });

  it("promise the next attempt until the last retry, and access until the last retry or the grace end, whichever is first", () => {
    expect(renewalRetryDates({ periodStart: t0, attempt: 0, retryAttempts: 3, wallet: false })).toEqual({
      nextAttempt: day(1),
      lastDay: day(3),
    });
    expect(renewalRetryDates({ periodStart: t0, attempt: 3, retryAttempts: 3, wallet: false })).toEqual({
      nextAttempt: null,
      lastDay: day(3),
    });
    expect(renewalRetryDates({ periodStart: t0, attempt: 0, retryAttempts: 10, wallet: false }).lastDay).toEqual(day(PAYMENT_RETRY_DAYS));
  });

  it("give a wallet member the whole grace period: the wallet retries on its own schedule", () => {
    expect(renewalRetryDates({ periodStart: t0, attempt: 3, retryAttempts: 3, wallet: true })).toEqual({
      nextAttempt: null,
      lastDay: day(PAYMENT_RETRY_DAYS),
    });
  });
});
