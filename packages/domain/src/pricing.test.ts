import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  choosePackage,
  currencyForTimeZone,
  currencySymbol,
  defaultPackage,
  dueTodayCents,
  formatAmount,
  formatMoney,
  legacyRegularPriceCents,
  oldPerDayCents,
  perDayPriceCents,
  planCardDescription,
  planCardTitle,
  planTypeFromMonths,
  struckThroughCents,
  checkoutPlanList,
  isSamePlan,
  isYearlyTrial,
  paymentNote,
  trialNote,
  visiblePackages,
  type PackageFacts,
} from "./pricing.ts";

const pkg = (overrides: Partial<PackageFacts>): PackageFacts => ({
  id: 1,
  months: 1,
  provider: "stripe",
  currency: "USD",
  amountCents: 1499,
  isLifetime: false,
  isFreeTrial: false,
  tags: [],
  ...overrides,
});

describe("plan type and per-day price", () => {
  it("reads the plan type from months: 12 yearly, 1 monthly, anything else lifetime", () => {
    expect(planTypeFromMonths(12)).toBe("yearly");
    expect(planTypeFromMonths(1)).toBe("monthly");
    expect(planTypeFromMonths(3)).toBe("lifetime");
    expect(planTypeFromMonths(0)).toBe("lifetime");
  });

  it("spreads the amount over 30, 90, 180 or 360 days", () => {
    expect(perDayPriceCents(1499, 1)).toBe(50);
    expect(perDayPriceCents(2999, 3)).toBe(33);
    expect(perDayPriceCents(4999, 6)).toBe(28);
    expect(perDayPriceCents(5999, 12)).toBe(17);
    expect(perDayPriceCents(5999, 24)).toBeNull();
  });

  it("takes a cent off a whole-number result", () => {
    expect(perDayPriceCents(9000, 1)).toBe(299);
    expect(perDayPriceCents(36000, 12)).toBe(99);
    expect(perDayPriceCents(2999, 1)).toBe(99); // 0.9997 rounds to 1.00, shown as 0.99
    expect(perDayPriceCents(0, 12)).toBe(0);
  });

  it("doubles for struck-through prices", () => {
    expect(struckThroughCents(1499)).toBe(2998);
    expect(oldPerDayCents(9000, 1)).toBe(600);
    expect(oldPerDayCents(1499, 1)).toBe(100);
  });

  it("keeps the older card layouts' regular prices", () => {
    expect(legacyRegularPriceCents("monthly", 1499)).toBe(1999);
    expect(legacyRegularPriceCents("yearly", 5999)).toBe(8999);
    expect(legacyRegularPriceCents("lifetime", 19999)).toBe(149_999);
  });
});

describe("pricing properties", () => {
  const months = fc.constantFrom(1, 3, 6, 12);
  const cents = fc.integer({ min: 1, max: 10_000_000 });

  it("a per-day price is never a whole number of units and never above the exact share", () => {
    fc.assert(
      fc.property(cents, months, (amount, m) => {
        const perDay = perDayPriceCents(amount, m)!;
        const exact = amount / ({ 1: 30, 3: 90, 6: 180, 12: 360 } as Record<number, number>)[m]!;
        expect(perDay % 100 === 0 && perDay > 0).toBe(false);
        expect(perDay).toBeLessThanOrEqual(Math.round(exact));
        expect(perDay).toBeGreaterThanOrEqual(Math.round(exact) - 1);
      }),
      { numRuns: 1000 },
    );
  });

  it("a dearer package never has a cheaper per-day price for the same period", () => {
    fc.assert(
      fc.property(cents, cents, months, (a, b, m) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(perDayPriceCents(low, m)!).toBeLessThanOrEqual(perDayPriceCents(high, m)! + 1);
      }),
      { numRuns: 1000 },
    );
  });

  it("the struck-through prices are twice the plain ones, and formatting round-trips", () => {
    fc.assert(
      fc.property(cents, months, (amount, m) => {
        expect(struckThroughCents(amount)).toBe(2 * amount);
        expect(oldPerDayCents(amount, m)! % 2).toBe(0);
        expect(Math.round(Number(formatAmount(amount)) * 100)).toBe(amount);
        expect(formatAmount(amount)).toMatch(/^\d+\.\d{2}$/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("region and currency", () => {
  it("gives EUR for European time zones and USD otherwise", () => {
    expect(currencyForTimeZone("Europe/Sofia")).toBe("EUR");
    expect(currencyForTimeZone("America/New_York")).toBe("USD");
    expect(currencyForTimeZone("Asia/Tokyo")).toBe("USD");
    expect(currencyForTimeZone(undefined)).toBe("USD");
    expect(currencyForTimeZone("")).toBe("USD");
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("USD")).toBe("$");
  });

  it("shows an amount in cents with its currency's symbol", () => {
    expect(formatMoney("USD", 1499)).toBe("$14.99");
    expect(formatMoney("EUR", 1399)).toBe("€13.99");
    expect(formatMoney("USD", 0)).toBe("$0.00");
    expect(formatMoney("EUR", 5)).toBe("€0.05");
  });
});

describe("which packages show and which is chosen", () => {
  const packages = [
    pkg({ id: "usd-month", months: 1, currency: "USD" }),
    pkg({ id: "eur-month", months: 1, currency: "EUR" }),
    pkg({ id: "usd-year", months: 12, currency: "USD", isFreeTrial: true, tags: ["Most Popular"] }),
    pkg({ id: "eur-year", months: 12, currency: "EUR", isFreeTrial: true, tags: ["Best Value"] }),
    pkg({ id: "usd-life", months: 0, currency: "USD", isLifetime: true }),
    pkg({ id: "wallet-usd-month", months: 1, currency: "USD", provider: "paypal" }),
  ];

  it("shows only card packages in the region's currency when EUR is offered", () => {
    expect(visiblePackages(packages, "EUR", "stripe").map((p) => p.id)).toEqual(["eur-month", "eur-year"]);
    expect(visiblePackages(packages, "USD", "stripe").map((p) => p.id)).toEqual(["usd-month", "usd-year", "usd-life"]);
  });

  it("shows every card package when no EUR package exists", () => {
    const usdOnly = packages.filter((p) => p.currency === "USD");
    expect(visiblePackages(usdOnly, "EUR", "stripe").map((p) => p.id)).toEqual(["usd-month", "usd-year", "usd-life"]);
  });

  it("selects the tagged plan first, else the first", () => {
    expect(defaultPackage(packages)?.id).toBe("usd-year");
    expect(defaultPackage([pkg({ id: "a" }), pkg({ id: "b" })])?.id).toBe("a");
    expect(defaultPackage([])).toBeNull();
  });

  it("chooses by type and provider, preferring the region's currency, falling back to USD", () => {
    expect(choosePackage(packages, "yearly", "stripe", "EUR")).toEqual({ package: packages[3] });
    expect(choosePackage(packages, "lifetime", "stripe", "EUR")).toEqual({ package: packages[4] });
    expect(choosePackage(packages, "monthly", "paypal", "USD")).toEqual({ package: packages[5] });
  });

  it("names what is missing", () => {
    expect(choosePackage(packages, "yearly", "paypal", "USD")).toEqual({ message: "There is no package for a year" });
    expect(choosePackage(packages, "lifetime", "paypal", "USD")).toEqual({ message: "There is no lifetime package" });
    expect(choosePackage([], "monthly", "stripe", "USD")).toEqual({ message: "There is no package for a month" });
  });
});

describe("card texts", () => {
  it("titles and describes each plan as the spec words it", () => {
    expect(planCardTitle(pkg({ months: 1 }))).toBe("1-Month Plan");
    expect(planCardTitle(pkg({ months: 3 }))).toBe("3-MONTHS PLAN");
    expect(planCardTitle(pkg({ months: 6 }))).toBe("6-MONTHS PLAN");
    expect(planCardTitle(pkg({ months: 12 }))).toBe("1-year plan");
    expect(planCardTitle(pkg({ months: 12, isFreeTrial: true }))).toBe("Free trial");
    expect(planCardTitle(pkg({ isLifetime: true }))).toBe("Lifetime");
    expect(planCardDescription(pkg({ months: 1 }))).toBe("Billed every 1 month");
    expect(planCardDescription(pkg({ months: 6 }))).toBe("Billed every 6 months");
    expect(planCardDescription(pkg({ months: 12 }))).toBe("Billed every 12 months");
    expect(planCardDescription(pkg({ isLifetime: true }))).toBe("One-time purchase");
  });

  it("charges nothing today for the trial and words its note", () => {
    expect(dueTodayCents(pkg({ isFreeTrial: true, amountCents: 5999 }))).toBe(0);
    expect(dueTodayCents(pkg({ amountCents: 1499 }))).toBe(1499);
    expect(trialNote(pkg({ amountCents: 5999, currency: "EUR" }), "support@serene.example")).toBe(
      "You may cancel at any time in your trial. €59.99 billed annually after trial. To cancel your subscription, email us at support@serene.example.",
    );
  });
});

describe("the payment dialog's note: the terms of the package being paid", () => {
  const email = "support@serene.example";
  const TRIAL_WORDS = /trial/i;

  it("is the spec's trial note, with the trial's own amount, only for the yearly trial", () => {
    const trial = pkg({ months: 12, isFreeTrial: true, amountCents: 5999 });
    expect(isYearlyTrial(trial)).toBe(true);
    expect(paymentNote(trial, email)).toBe(
      "You may cancel at any time in your trial. $59.99 billed annually after trial. To cancel your subscription, email us at support@serene.example.",
    );
    expect(paymentNote({ ...trial, currency: "EUR", amountCents: 5499 }, email)).toContain("€54.99 billed annually after trial");
  });

  it("names no trial for lifetime, a month, a paid year or a few months", () => {
    const lifetime = pkg({ months: 0, isLifetime: true, amountCents: 1495 });
    expect(isYearlyTrial(lifetime)).toBe(false);
    expect(paymentNote(lifetime, email)).toBe("A single payment of $14.95 for lifetime access. Nothing renews.");
    expect(paymentNote(pkg({ months: 1, amountCents: 1499 }), email)).toBe(
      "$14.99 is billed every month until you cancel. To cancel your subscription, email us at support@serene.example.",
    );
    expect(paymentNote(pkg({ months: 12, amountCents: 5999 }), email)).toBe(
      "$59.99 is billed every year until you cancel. To cancel your subscription, email us at support@serene.example.",
    );
    expect(paymentNote(pkg({ months: 3, amountCents: 2999, currency: "EUR" }), email)).toBe(
      "€29.99 is billed every 3 months until you cancel. To cancel your subscription, email us at support@serene.example.",
    );
  });

  it("speaks of a trial exactly when a yearly trial is paid, whatever the package (generated)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 3, 6, 12),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 500_000 }),
        fc.constantFrom("USD" as const, "EUR" as const),
        (months, isLifetime, isFreeTrial, amountCents, currency) => {
          const paid = pkg({ months, isLifetime, isFreeTrial, amountCents, currency });
          const note = paymentNote(paid, email);
          expect(TRIAL_WORDS.test(note)).toBe(isFreeTrial && !isLifetime && months === 12);
          // Every note names the amount of the package in the dialog, in its currency.
          expect(note).toContain(formatMoney(currency, amountCents));
        },
      ),
    );
  });
});

describe("a checkout's plan list while its offer runs", () => {
  type Plan = PackageFacts & { offer?: boolean };
  const plan = (facts: Partial<Plan>): Plan => ({ ...pkg(facts), ...facts });
  const monthly: Plan = pkg({ id: 1, months: 1, amountCents: 1499 });
  const yearly: Plan = pkg({ id: 4, months: 12, isFreeTrial: true, amountCents: 5999, tags: ["Most Popular"] });
  const lifetime: Plan = pkg({ id: 5, months: 0, isLifetime: true, amountCents: 14999, tags: ["Best Value"] });
  const offer: Plan = plan({ id: 21, months: 0, isLifetime: true, amountCents: 1495, tags: ["Best Value"], offer: true });

  it("sets the offer against the regular price of the same plan, which is not a card of its own", () => {
    const list = checkoutPlanList([monthly, yearly, lifetime, offer], false);
    expect(list.map((plan) => plan.id)).toEqual([21, 1, 4]);
    expect(list[0]!.regularCents).toBe(14999);
    expect(list.slice(1).every((plan) => plan.regularCents === undefined)).toBe(true);
  });

  it("keeps every regular plan, none struck, once the offer has ended", () => {
    const list = checkoutPlanList([monthly, yearly, lifetime, offer], true);
    expect(list.map((plan) => plan.id)).toEqual([1, 4, 5]);
    expect(list.every((plan) => plan.regularCents === undefined)).toBe(true);
  });

  it("strikes nothing through when no regular plan of the same kind is sold", () => {
    const list = checkoutPlanList([monthly, offer], false);
    expect(list.map((plan) => plan.id)).toEqual([21, 1]);
    expect(list[0]!.regularCents).toBeNull();
  });

  it("matches a plan by period, lifetime, trial, currency and provider", () => {
    expect(isSamePlan(lifetime, offer)).toBe(true);
    expect(isSamePlan(lifetime, { ...offer, currency: "EUR" })).toBe(false);
    expect(isSamePlan(yearly, { ...yearly, isFreeTrial: false })).toBe(false);
    const walletLifetime: Plan = { ...lifetime, id: 15, provider: "paypal" };
    expect(checkoutPlanList([walletLifetime, offer], false).map((plan) => plan.id)).toEqual([21, 15]);
  });

  it("never lists one plan at two prices while an offer runs, and loses no other plan (generated)", () => {
    const drawnPlan = fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      months: fc.constantFrom(0, 1, 12),
      isLifetime: fc.boolean(),
      isFreeTrial: fc.boolean(),
      amountCents: fc.integer({ min: 100, max: 20_000 }),
      currency: fc.constantFrom("USD" as const, "EUR" as const),
      offer: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(drawnPlan, { maxLength: 8 }), (drawn) => {
        const plans: Plan[] = drawn.map(plan);
        const list = checkoutPlanList(plans, false);
        const offers = plans.filter((item) => item.offer);
        // Every offer is listed, first, set against the lowest regular price of its plan.
        expect(list.slice(0, offers.length).map((item) => item.id)).toEqual(offers.map((item) => item.id));
        for (const listed of list.slice(0, offers.length)) {
          const regular = plans.filter((item) => !item.offer && isSamePlan(item, listed)).map((item) => item.amountCents);
          expect(listed.regularCents).toBe(regular.length > 0 ? Math.min(...regular) : null);
          expect(list.some((other) => !other.offer && isSamePlan(other, listed))).toBe(false);
        }
        // A regular plan leaves the list only when an offer sells the same plan.
        for (const item of plans.filter((candidate) => !candidate.offer)) {
          expect(list.includes(item)).toBe(!offers.some((offered) => isSamePlan(offered, item)));
        }
      }),
    );
  });
});
