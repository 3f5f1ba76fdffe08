import { leads } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { randomIp, uniqueEmail } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** The lead lookup names a person and an e-mail for a statistic id: it is rate limited per address and per id. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("GET /api/v1/lead/statistic/{statistic_id}, rate limited", () => {
  it(`answers ${RATE_LIMITS.lead.ip.points} lookups from one address in ${RATE_LIMITS.lead.ip.seconds / 60} minutes, then 429 with Retry-After`, async () => {
    const statisticId = `lead-limit-${randomIp()}`;
    const email = uniqueEmail("lead-limit");
    await t.database.db.insert(leads).values({ statisticId, name: "Robin", email });
    const ip = randomIp();
    for (let asked = 0; asked < RATE_LIMITS.lead.ip.points; asked++) {
      const res = await t.app.inject({ url: `/api/v1/lead/statistic/guess-${asked}`, remoteAddress: ip });
      expect(res.statusCode).toBe(404);
    }
    const held = await t.app.inject({ url: `/api/v1/lead/statistic/${statisticId}`, remoteAddress: ip });
    expect(held.statusCode).toBe(429);
    expect(held.body).not.toContain(email);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(held.headers["retry-after"])).toBeLessThanOrEqual(RATE_LIMITS.lead.ip.seconds);
    expect((await t.app.inject({ url: `/api/v1/lead/statistic/${statisticId}`, remoteAddress: randomIp() })).json()).toEqual({
      email,
      name: "Robin",
    });
  });

  it(`answers ${RATE_LIMITS.lead.account.points} lookups of one statistic id, from any addresses, then 429`, async () => {
    const statisticId = `lead-spread-${randomIp()}`;
    for (let asked = 0; asked < RATE_LIMITS.lead.account.points; asked++) {
      expect((await t.app.inject({ url: `/api/v1/lead/statistic/${statisticId}`, remoteAddress: randomIp() })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/v1/lead/statistic/${statisticId}`, remoteAddress: randomIp() })).statusCode).toBe(429);
  });
});
