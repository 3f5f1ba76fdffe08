import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_STATES,
  bearer,
  FREE_MEMBER_STATUS as NONE,
  memberIn,
  registerMember,
  type AccountState,
  type Member,
  subscribe,
} from "../../test/accounts.ts";
import { demoMembers, getAs, listedItems } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { applyEvents, DAY_MS, lifecycleToJson, type LifecycleEvent } from "@serene/domain";

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

/** A locked item with a voice, to see whether a member may play it. */
const locked = listedItems.find((item) => !item.free && item.model === "meditation-sleep" && item.media?.audio_male)!;
const canPlayLocked = async (token: string) =>
  (await getAs(t.app, token, `/api/v1/${locked.model}/${locked.id}`)).json().data.audio_male !== null;

describe("GET /api/v1/user/account-status", () => {
  // [state, subscription_type, status, premium]: every state of the fixtures, as a member's screens read it.
  const states: [AccountState, string | null, string | null, boolean][] = [
    ["free", null, null, false],
    ["trial", "Free trial", "trialing", true],
    ["monthly", "Monthly", "active", true],
    ["annual", "Annual", "active", true],
    ["lifetime", "Lifetime", "lifetime", true],
    ["canceled", "Monthly", "canceled", true],
    ["pastDue", "Monthly", "past_due", true],
    ["lapsed", null, null, false],
  ];
  it("answers each account state of the fixtures, and premium plays locked items", async () => {
    expect(states.map(([state]) => state).sort()).toEqual(Object.keys(ACCOUNT_STATES).sort());
    for (const [state, type, subscriptionStatus, premium] of states) {
      const member = await memberIn(t.app, t.database, state);
      expect(await status(member.token), state).toMatchObject({ subscription_type: type, status: subscriptionStatus });
      expect(await canPlayLocked(member.token), state).toBe(premium);
    }
  });

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

  describe("offer_place", () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    /** A subscription row with its lifecycle built from events, as billing writes it. */
    async function withLifecycle(member: Member, events: LifecycleEvent[], values: Parameters<typeof subscribe>[2] = {}) {
      const { state } = applyEvents(null, events);
      await subscribe(t.database, member.id, {
        status: state!.status,
        planType: state!.trial ? "Free trial" : "Annual",
        provider: "stripe",
        startedAt: events[0]!.at,
        currentPeriodEnd: state!.currentPeriodEnd,
        lifecycle: lifecycleToJson(state!),
        ...values,
      });
    }
    const place = async (member: Member) => (await status(member.token)).offer_place as string;

    it("is after_trial_is_over when the latest subscription was a free trial that ended without a charge", async () => {
      const member = await registerMember(t.app, t.database, { name: "Tried" });
      await withLifecycle(member, [
        { type: "started", id: "s1", at: ago(20), plan: "annual", trial: true },
        { type: "cancel_requested", id: "c1", at: ago(18) },
        { type: "period_ended", id: "e1", at: ago(13) },
      ]);
      expect(await status(member.token)).toEqual({ ...NONE, offer_place: "after_trial_is_over" });

      // A hand-set row without a lifecycle reads its plan type.
      const byHand = await registerMember(t.app, t.database, { name: "Tried by hand" });
      await subscribe(t.database, byHand.id, { status: "expired", planType: "Free trial", currentPeriodEnd: ago(3) });
      expect(await place(byHand)).toBe("after_trial_is_over");
    });

    it("is after_locked_content while the trial runs, after a paid trial, for a member who never subscribed, and when a later paid plan ended", async () => {
      const trialing = await registerMember(t.app, t.database, { name: "Trialing" });
      await withLifecycle(trialing, [{ type: "started", id: "s2", at: ago(2), plan: "annual", trial: true }]);
      expect(await place(trialing)).toBe("after_locked_content");

      const paidOnce = await registerMember(t.app, t.database, { name: "Paid once" });
      await withLifecycle(paidOnce, [
        { type: "started", id: "s3", at: ago(400), plan: "annual", trial: true },
        { type: "charged", id: "p3", at: ago(393), periodStart: ago(393), periodEnd: ago(28) },
        { type: "cancel_requested", id: "c3", at: ago(100) },
        { type: "period_ended", id: "e3", at: ago(27) },
      ]);
      expect(await place(paidOnce)).toBe("after_locked_content");

      expect(await place(await registerMember(t.app, t.database))).toBe("after_locked_content");

      const later = await registerMember(t.app, t.database, { name: "Later" });
      await subscribe(t.database, later.id, { status: "expired", planType: "Free trial", startedAt: ago(90), currentPeriodEnd: ago(83) });
      await subscribe(t.database, later.id, { status: "expired", planType: "Monthly", startedAt: ago(60), currentPeriodEnd: ago(30) });
      expect(await place(later)).toBe("after_locked_content");
    });
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
