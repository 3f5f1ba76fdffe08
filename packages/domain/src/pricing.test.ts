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
  trialNote,
  visiblePackages,
  type PackageFacts,
} from "./pricing";

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
