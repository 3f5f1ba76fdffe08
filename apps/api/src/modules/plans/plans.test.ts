import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPlans } from "@serene/content";
import { packages } from "@serene/db";
import { bearer, registerMember } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const plans = loadPlans();
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe("GET /api/v1/package/web", () => {
  it("answers every active web package with decimal amounts", async () => {
    const res = await get("/api/v1/package/web?t=1700000000000");
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; amount: number; currency: string; months: number }[];
    // Offer packages are sold only through their checkouts' timed offers (checkout-offers.test.ts).
    expect(data).toHaveLength(plans.packages.filter((p) => !p.offer_only).length);
    const monthlyUsd = plans.packages.find((p) => p.months === 1 && p.currency === "USD" && p.provider === "stripe")!;
    expect(data.find((p) => p.id === monthlyUsd.id)).toEqual({
      id: monthlyUsd.id,
      months: 1,
      provider: "stripe",
      currency: "USD",
      amount: monthlyUsd.amount_cents / 100,
      is_lifetime: false,
      is_free_trial: false,
      trial_days: 0,
      tags: [],
      offer: false,
    });
  });

  it("narrows by placement, currency and provider", async () => {
    const res = await get("/api/v1/package/web?place=after_locked_content&currency=EUR&provider=stripe");
    const data = res.json().data as { currency: string; provider: string; months: number }[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((p) => p.currency === "EUR" && p.provider === "stripe")).toBe(true);
    // The 3- and 6-month packages are offered only after registration.
    expect(data.map((p) => p.months).sort()).toEqual([0, 1, 12]);
    const trial = (res.json().data as { is_free_trial: boolean; trial_days: number; tags: string[] }[]).find((p) => p.is_free_trial)!;
    expect(trial.trial_days).toBe(7);
    expect(trial.tags).toEqual(["Most Popular"]);
  });

  it("refuses unknown placements, currencies and providers with 422", async () => {
    for (const query of ["place=anywhere", "currency=GBP", "provider=cash"]) {
      const res = await get(`/api/v1/package/web?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([query.split("=")[0]]);
    }
  });

  it("leaves out a package that was withdrawn", async () => {
    const withdrawn = plans.packages[0]!;
    await t.database.db.update(packages).set({ active: false }).where(eq(packages.id, withdrawn.id));
    try {
      const ids = ((await get("/api/v1/package/web")).json().data as { id: number }[]).map((p) => p.id);
      expect(ids).not.toContain(withdrawn.id);
      expect((await get(`/api/v1/package/${withdrawn.id}`)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(packages).set({ active: true }).where(eq(packages.id, withdrawn.id));
    }
  });
});

describe("GET /api/v1/package/{id}", () => {
  it("answers one package, and 404 for an unknown or malformed id", async () => {
    const lifetime = plans.packages.find((p) => p.is_lifetime && p.currency === "EUR")!;
    const res = await get(`/api/v1/package/${lifetime.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: lifetime.id,
      is_lifetime: true,
      currency: "EUR",
      amount: lifetime.amount_cents / 100,
      tags: ["Best Value"],
    });
    expect((await get("/api/v1/package/99999")).statusCode).toBe(404);
    expect((await get("/api/v1/package/abc")).statusCode).toBe(404);
    expect((await get("/api/v1/package/0")).statusCode).toBe(404);
  });
});

describe("GET /api/v1/checkout/{id} and /api/v1/user/checkout/{id}", () => {
  it("answers a checkout's type, theme and packages in order", async () => {
    const promo = plans.checkouts.find((c) => c.type === "promo")!;
    const res = await get(`/api/v1/checkout/${promo.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: promo.id, type: "promo", theme: promo.theme });
    expect((res.json().data.packages as { id: number }[]).map((p) => p.id)).toEqual(promo.packages);
    expect((await get("/api/v1/checkout/424242")).statusCode).toBe(404);
  });

  it("needs a token for the member's checkout", async () => {
    const checkout = plans.checkouts[0]!;
    expect((await get(`/api/v1/user/checkout/${checkout.id}`)).statusCode).toBe(401);
    const member = await registerMember(t.app, t.database, { name: "Buyer" });
    const res = await get(`/api/v1/user/checkout/${checkout.id}`, bearer(member.token));
    expect(res.statusCode).toBe(200);
    expect((res.json().data.packages as { id: number }[]).map((p) => p.id)).toEqual(checkout.packages);
  });
});

describe("the shipped plans", () => {
  it("offer monthly, 3-month, 6-month, yearly with a 7-day trial and lifetime, in USD and EUR, by card and wallet", () => {
    for (const provider of ["stripe", "paypal"] as const) {
      for (const currency of ["USD", "EUR"] as const) {
        const set = plans.packages.filter((p) => p.provider === provider && p.currency === currency && !p.offer_only);
        expect(
          set.map((p) => p.months).sort((a, b) => a - b),
          `${provider} ${currency}`,
        ).toEqual([0, 1, 3, 6, 12]);
        expect(set.find((p) => p.months === 12)).toMatchObject({ is_free_trial: true, trial_days: 7 });
        expect(set.find((p) => p.months === 0)).toMatchObject({ is_lifetime: true });
      }
    }
    const ids = new Set(plans.packages.map((p) => p.id));
    expect(plans.checkouts.every((c) => c.packages.every((id) => ids.has(id)))).toBe(true);
  });

  it("offer lifetime at 14.95 during each checkout's offer, with the regular lifetime beside it for when the offer ends", () => {
    const offers = plans.packages.filter((p) => p.offer_only);
    expect(offers.map((p) => [p.id, p.provider, p.currency, p.amount_cents, p.is_lifetime, p.placements.length])).toEqual([
      [21, "stripe", "USD", 1495, true, 0],
      [22, "stripe", "EUR", 1495, true, 0],
      [23, "paypal", "USD", 1495, true, 0],
      [24, "paypal", "EUR", 1495, true, 0],
    ]);
    const regularLifetime = plans.packages.filter((p) => p.is_lifetime && !p.offer_only).map((p) => p.id);
    for (const checkout of plans.checkouts) {
      expect(checkout.packages, `checkout ${checkout.id}`).toEqual(
        expect.arrayContaining([...offers.map((p) => p.id), ...regularLifetime]),
      );
      expect(checkout.offer_hours).toBe(4);
    }
  });
});
