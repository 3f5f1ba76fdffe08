import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerMember, type Member } from "../../test/accounts";
import { demoMembers, getAs, listedItems, subscribe } from "../../test/content";
import { createTestApp, type TestApp } from "../../test/test-app";
import { DAY_MS } from "@serene/domain";

let t: TestApp;
let demo: { free: Member; premium: Member };

beforeAll(async () => {
  t = await createTestApp();
  demo = await demoMembers(t.app, t.database);
});
afterAll(async () => t.close());

const status = async (token: string) => {
  const res = await getAs(t.app, token, "/api/v1/user/account-status?t=1");
  expect(res.statusCode).toBe(200);
  return res.json();
};
const NONE = {
  subscription_type: null,
  member_since: null,
  subscription_via: null,
  status: null,
  current_period_end: null,
  can_cancel: false,
  can_upgrade: false,
};

/** A locked item with a voice, to see whether a member may play it. */
const locked = listedItems.find((item) => !item.free && item.model === "meditation-sleep" && item.media?.audio_male)!;
const canPlayLocked = async (token: string) =>
  (await getAs(t.app, token, `/api/v1/${locked.model}/${locked.id}`)).json().data.audio_male !== null;

describe("GET /api/v1/user/account-status", () => {
  it("answers all null for a free member", async () => {
    expect(await status(demo.free.token)).toEqual(NONE);
    const member = await registerMember(t.app, t.database);
    expect(await status(member.token)).toEqual(NONE);
    expect(await canPlayLocked(member.token)).toBe(false);
  });

  it("answers the premium demo member's Annual subscription through the demo provider", async () => {
    const body = await status(demo.premium.token);
    expect(body).toMatchObject({
      subscription_type: "Annual",
      subscription_via: "demo",
      member_since: expect.any(String),
      status: "active",
      can_cancel: false,
      can_upgrade: false,
    });
    expect(body.member_since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(Date.parse(body.member_since) - Date.now())).toBeLessThan(DAY_MS);
    expect(await canPlayLocked(demo.premium.token)).toBe(true);
  });

  it("follows the subscription's state: canceled counts until its period ends, expired does not", async () => {
    const canceled = await registerMember(t.app, t.database, { name: "Canceled" });
    const started = new Date(Date.now() - 20 * DAY_MS);
    started.setMilliseconds(0);
    await subscribe(t.database, canceled.id, {
      status: "canceled",
      planType: "Monthly",
      provider: "stripe",
      startedAt: started,
      currentPeriodEnd: new Date(Date.now() + 10 * DAY_MS),
    });
    expect(await status(canceled.token)).toMatchObject({
      subscription_type: "Monthly",
      subscription_via: "stripe",
      member_since: started.toISOString().replace(".000Z", "Z"),
      status: "canceled",
      can_cancel: false,
      can_upgrade: true,
    });
    expect(await canPlayLocked(canceled.token)).toBe(true);

    const lapsed = await registerMember(t.app, t.database, { name: "Lapsed" });
    await subscribe(t.database, lapsed.id, { status: "canceled", currentPeriodEnd: new Date(Date.now() - DAY_MS) });
    await subscribe(t.database, lapsed.id, { status: "expired", currentPeriodEnd: null });
    expect(await status(lapsed.token)).toEqual(NONE);
    expect(await canPlayLocked(lapsed.token)).toBe(false);

    const lifetime = await registerMember(t.app, t.database, { name: "Lifetime" });
    await subscribe(t.database, lifetime.id, { status: "lifetime", planType: "Lifetime", provider: "corporate", currentPeriodEnd: null });
    expect(await status(lifetime.token)).toMatchObject({ subscription_type: "Lifetime", subscription_via: "corporate" });
    expect(await canPlayLocked(lifetime.token)).toBe(true);
  });

  it("prefers the current subscription over a newer one that ended", async () => {
    const member = await registerMember(t.app, t.database, { name: "Both" });
    await subscribe(t.database, member.id, { planType: "Annual", provider: "paypal", startedAt: new Date(Date.now() - 100 * DAY_MS) });
    await subscribe(t.database, member.id, {
      status: "expired",
      planType: "Monthly",
      provider: "stripe",
      startedAt: new Date(Date.now() - DAY_MS),
    });
    expect(await status(member.token)).toMatchObject({ subscription_type: "Annual", subscription_via: "paypal" });
  });

  it("never shows another member's subscription", async () => {
    const member = await registerMember(t.app, t.database, { name: "Neighbour" });
    expect(await status(member.token)).toEqual(NONE);
    expect((await status(demo.premium.token)).subscription_via).toBe("demo");
  });

  it("answers 401 without a working token", async () => {
    for (const headers of [{}, bearer("expired-or-made-up")]) {
      const res = await t.app.inject({ url: "/api/v1/user/account-status", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthenticated." });
    }
  });
});
