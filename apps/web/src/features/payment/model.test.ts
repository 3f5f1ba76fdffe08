import { describe, expect, it } from "vitest";
import { formatCardNumber, formatExpiry, packageFor, parseExpiry, safeRedirect, walletReturnKey, type PaymentPackage } from "./model";

const pkg = (
  id: number,
  months: number,
  provider: string,
  currency: "USD" | "EUR",
  extra: Partial<PaymentPackage> = {},
): PaymentPackage => ({
  id,
  months,
  provider,
  currency,
  amountCents: 1000,
  isLifetime: false,
  isFreeTrial: false,
  trialDays: 0,
  tags: [],
  ...extra,
});

describe("packageFor", () => {
  const all = [
    pkg(1, 1, "stripe", "USD"),
    pkg(4, 12, "stripe", "USD", { isFreeTrial: true }),
    pkg(6, 1, "stripe", "EUR"),
    pkg(11, 1, "paypal", "USD"),
    pkg(16, 1, "paypal", "EUR"),
    pkg(14, 12, "paypal", "USD", { isFreeTrial: true }),
    pkg(20, 0, "paypal", "EUR", { isLifetime: true }),
    pkg(13, 6, "paypal", "USD"),
  ];

  it("finds the same plan of the chosen provider, in the plan's currency", () => {
    expect(packageFor(all, all[0]!, "paypal")).toEqual({ package: all[3] });
    expect(packageFor(all, all[2]!, "paypal")).toEqual({ package: all[4] });
    expect(packageFor(all, all[1]!, "paypal")).toEqual({ package: all[5] });
    expect(packageFor(all, all[3]!, "stripe")).toEqual({ package: all[0] });
  });

  it("falls back to USD and names the missing plan", () => {
    const euroYearly = pkg(9, 12, "stripe", "EUR", { isFreeTrial: true });
    expect(packageFor(all, euroYearly, "paypal")).toEqual({ package: all[5] });
    expect(packageFor(all, pkg(5, 0, "stripe", "USD", { isLifetime: true }), "paypal")).toEqual({
      message: "There is no lifetime package",
    });
    expect(packageFor(all, all[3]!, "other")).toEqual({ message: "There is no package for a month" });
    expect(packageFor(all, euroYearly, "other")).toEqual({ message: "There is no package for a year" });
  });

  it("buys a timed offer's plan as the offer's package, and a regular plan as the regular one, whichever comes first", () => {
    const regularCard = pkg(5, 0, "stripe", "USD", { isLifetime: true, amountCents: 14999 });
    const regularWallet = pkg(10, 0, "paypal", "USD", { isLifetime: true, amountCents: 14999 });
    const offerCard = pkg(21, 0, "stripe", "USD", { isLifetime: true, amountCents: 1495, offer: true });
    const offerWallet = pkg(23, 0, "paypal", "USD", { isLifetime: true, amountCents: 1495, offer: true });
    const checkout = [regularCard, regularWallet, offerCard, offerWallet];
    expect(packageFor(checkout, offerCard, "stripe")).toEqual({ package: offerCard });
    expect(packageFor(checkout, offerCard, "paypal")).toEqual({ package: offerWallet });
    expect(packageFor(checkout, regularCard, "paypal")).toEqual({ package: regularWallet });
    expect(packageFor([...checkout].reverse(), regularCard, "stripe")).toEqual({ package: regularCard });
    // Never another price than the one chosen: without the offer's package for that way to pay, the plan is missing.
    expect(packageFor([regularCard, regularWallet, offerCard], offerCard, "paypal")).toEqual({ message: "There is no lifetime package" });
  });

  it("keeps 3- and 6-month plans apart from lifetime", () => {
    expect(packageFor(all, pkg(3, 6, "stripe", "USD"), "paypal")).toEqual({ package: all[7] });
    expect(packageFor(all, pkg(2, 3, "stripe", "USD"), "paypal")).toEqual({ message: "There is no package for 3 months" });
  });
});

describe("card input", () => {
  it("groups the card number by four and keeps digits only", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0027 6000a3184")).toBe("4000 0027 6000 3184");
    expect(formatCardNumber("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
  });

  it("writes the expiry as MM / YY while typing and deleting", () => {
    expect(formatExpiry("1", "")).toBe("1");
    expect(formatExpiry("4", "")).toBe("04 / ");
    expect(formatExpiry("12", "1")).toBe("12 / ");
    expect(formatExpiry("12 / 3", "12 / ")).toBe("12 / 3");
    expect(formatExpiry("1234", "")).toBe("12 / 34");
    expect(formatExpiry("12 /", "12 / ")).toBe("1");
    expect(formatExpiry("12 / ", "12 / 3")).toBe("12");
  });

  it("reads the expiry for the processor", () => {
    expect(parseExpiry("12 / 34")).toEqual({ exp_month: "12", exp_year: "2034" });
    expect(parseExpiry("1")).toEqual({ exp_month: "1", exp_year: "" });
    expect(parseExpiry("")).toEqual({ exp_month: "", exp_year: "" });
  });
});

describe("addresses", () => {
  it("accepts only paths on this site as the way back", () => {
    expect(safeRedirect("/settings/subscription?tab=1")).toBe("/settings/subscription?tab=1");
    expect(safeRedirect("https://evil.example/x")).toBe("/home");
    expect(safeRedirect("//evil.example/x")).toBe("/home");
    expect(safeRedirect("/\\evil.example")).toBe("/home");
    expect(safeRedirect("javascript:alert(1)")).toBe("/home");
    expect(safeRedirect("/.//evil.example")).toBe("/home");
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/home");
    expect(safeRedirect(null, "/")).toBe("/");
  });

  it("derives the wallet return's key from what the wallet sent back", () => {
    expect(walletReturnKey({ subscription_id: "I-ABC123", ba_token: "BA-1", token: "EC-9" })).toBe("wallet-return-I-ABC123");
    expect(walletReturnKey({ token: "5O190127TN364715T" })).toBe("wallet-return-5O190127TN364715T");
    expect(walletReturnKey({ ba_token: "BA-1" })).toBeNull();
    expect(walletReturnKey({ token: " \u00e9 " })).toBeNull();
  });
});
