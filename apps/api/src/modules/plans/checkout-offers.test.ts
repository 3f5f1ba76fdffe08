import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR_MS, DAY_MS } from "@serene/domain";
import type { DatabaseHandle } from "@serene/db";
import { buildApp, createServices, type Services } from "../../app.ts";
import { bearer, lastMailTo, linkIn, randomIp, registerMember, rows, uniqueEmail, type Member } from "../../test/accounts.ts";
import { confirmedCard } from "../../test/billing-clock.ts";
import { createTestDatabase, testConfig } from "../../test/test-app.ts";

/**
 * Timed checkout offers (docs/decisions/030-honest-offers.md) through the API: each person's clock
 * (visitor, lead, member) starts on the first visit and never restarts; once it has ended the offer
 * packages are neither listed nor sold. The services read a clock the tests move.
 */

const PROMO = 3;
const OFFER = { cardUsd: 21, cardEur: 22, walletUsd: 23, walletEur: 24 } as const;
const REGULAR_LIFETIME = [5, 10, 15, 20];

let database: DatabaseHandle;
let app: FastifyInstance;
let services: Services;
let clock = Date.parse("2026-06-01T10:00:00Z");
const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ RATE_LIMIT_FACTOR: "100" });
  services = createServices({ config, database, now: () => new Date(clock) });
  app = await buildApp({ config, database, services, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await services.close();
  await database.close();
});

type CheckoutBody = {
  id: number;
  type: string;
  sales_page: string;
  recommendations: boolean;
  offer: { hours: number; started_at: string | null; ends_at: string | null; expired: boolean };
  packages: { id: number; offer: boolean }[];
};
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const checkout = async (url: string, headers: Record<string, string> = {}) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CheckoutBody;
};
const ids = (body: CheckoutBody) => body.packages.map((p) => p.id);
const offerIds = (body: CheckoutBody) => body.packages.filter((p) => p.offer).map((p) => p.id);

async function newLead(email = uniqueEmail("lead")): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/lead",
    payload: { email, name: "Lee" },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/**
 * POST /lead/{id}/account as the lead's offer page calls it: with the lead's own link token, which the
 * offer link in the lead's result e-mail carries (decision 050).
 */
async function openLeadAccount(lead: string) {
  const [{ email }] = (await rows<{ email: string }>(database, "select email from leads where id = $1", [lead])) as [{ email: string }];
  const offer = linkIn(await lastMailTo(database, email, "result"), "/lead-checkout");
  return app.inject({
    method: "POST",
    url: `/api/v1/lead/${lead}/account`,
    payload: { token: offer.searchParams.get("token") },
    remoteAddress: randomIp(),
  });
}

describe("GET /checkout/{id} for a visitor", () => {
  it("lists regular and offer packages with the offer's length and no clock (the browser keeps it)", async () => {
    const body = await checkout(`/api/v1/checkout/${PROMO}?t=1`);
    expect(body).toMatchObject({ id: PROMO, type: "promo", sales_page: "calm-in-five", recommendations: true });
    expect(body.offer).toEqual({ hours: 4, started_at: null, ends_at: null, expired: false });
    expect(offerIds(body).sort()).toEqual(Object.values(OFFER).sort());
    expect(ids(body)).toEqual(expect.arrayContaining(REGULAR_LIFETIME));
    // Nothing is kept for a visitor: a later visit is the same.
    clock += 10 * DAY_MS;
    expect((await checkout(`/api/v1/checkout/${PROMO}`)).offer).toEqual({ hours: 4, started_at: null, ends_at: null, expired: false });
  });

  it("answers each demo checkout's sales page and recommendations", async () => {
    const sales = await Promise.all([1, 2, 3, 4].map((id) => checkout(`/api/v1/checkout/${id}`)));
    expect(sales.map((c) => [c.id, c.sales_page, c.recommendations])).toEqual([
      [1, "calm-in-five", true],
      [2, "calm-in-five", false],
      [3, "calm-in-five", true],
      [4, "evenings-back", false],
    ]);
    for (const c of sales) expect(offerIds(c).sort(), `checkout ${c.id}`).toEqual(Object.values(OFFER).sort());
  });

  it("answers 404 for an unknown or malformed checkout id, signed in or not", async () => {
    const member = await registerMember(app, database);
    expect((await get("/api/v1/checkout/424242")).statusCode).toBe(404);
    expect((await get("/api/v1/user/checkout/424242", bearer(member.token))).statusCode).toBe(404);
    expect((await get("/api/v1/checkout/abc")).statusCode).toBe(404);
    expect((await get("/api/v1/user/checkout/abc", bearer(member.token))).statusCode).toBe(404);
  });
});

describe("GET /checkout/{id}?lead= for a lead from an e-mail", () => {
  it("starts the lead's clock on the first visit, keeps it over reloads and never restarts it", async () => {
    const lead = await newLead();
    const first = clock;
    expect((await get(`/api/v1/checkout/${PROMO}?lead=${lead}`)).headers["cache-control"]).toBe("no-store");
    const opened = await checkout(`/api/v1/checkout/${PROMO}?lead=${lead}`);
    expect(opened.offer).toEqual({ hours: 4, started_at: at(first), ends_at: at(first + 4 * HOUR_MS), expired: false });
    expect(offerIds(opened)).toHaveLength(4);

    clock += 3 * HOUR_MS;
    const reloaded = await checkout(`/api/v1/checkout/${PROMO}?lead=${lead}`);
    expect(reloaded.offer).toEqual(opened.offer);
    expect(offerIds(reloaded)).toHaveLength(4);

    clock = first + 4 * HOUR_MS;
    const ended = await checkout(`/api/v1/checkout/${PROMO}?lead=${lead}`);
    expect(ended.offer).toEqual({ ...opened.offer, expired: true });
    expect(offerIds(ended)).toEqual([]);
    expect(ids(ended)).toEqual(expect.arrayContaining(REGULAR_LIFETIME));

    clock += 30 * DAY_MS;
    expect((await checkout(`/api/v1/checkout/${PROMO}?lead=${lead}`)).offer).toEqual({ ...opened.offer, expired: true });
    // Another checkout offering the same packages reads the same clock: ended, not a fresh one (decision 051).
    const other = await checkout(`/api/v1/checkout/1?lead=${lead}`);
    expect(other.offer).toEqual({ ...opened.offer, expired: true });
    expect(offerIds(other)).toEqual([]);
  });

  it("answers an unknown or claimed lead as a visitor, and refuses a lead that is not a uuid", async () => {
    const unknown = await checkout(`/api/v1/checkout/${PROMO}?lead=00000000-0000-4000-8000-000000000000`);
    expect(unknown.offer).toEqual({ hours: 4, started_at: null, ends_at: null, expired: false });
    expect(offerIds(unknown)).toHaveLength(4);

    const lead = await newLead();
    const account = await openLeadAccount(lead);
    expect(account.statusCode, account.body).toBe(201);
    expect((await checkout(`/api/v1/checkout/${PROMO}?lead=${lead}`)).offer.started_at).toBeNull();

    const bad = await get(`/api/v1/checkout/${PROMO}?lead=nope`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ lead: ["The selected lead is invalid."] });
  });
});

describe("GET /user/checkout/{id} for a member", () => {
  it("needs a token", async () => {
    expect((await get(`/api/v1/user/checkout/${PROMO}`)).statusCode).toBe(401);
  });

  it("starts the member's clock on the first visit and never restarts it", async () => {
    const member = await registerMember(app, database);
    const first = clock;
    const opened = await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    expect(opened.offer).toEqual({ hours: 4, started_at: at(first), ends_at: at(first + 4 * HOUR_MS), expired: false });
    clock += HOUR_MS;
    // A later started_at cannot move it: the clock has started.
    const later = await checkout(`/api/v1/user/checkout/${PROMO}?started_at=${at(clock - 60_000)}`, bearer(member.token));
    expect(later.offer).toEqual(opened.offer);
    clock = first + 4 * HOUR_MS + 1;
    const ended = await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    expect(ended.offer.expired).toBe(true);
    expect(offerIds(ended)).toEqual([]);
    // Another member's clock is their own.
    const other = await registerMember(app, database);
    expect((await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(other.token))).offer.started_at).toBe(at(clock));
  });

  it("takes the browser's visitor start on the first visit when it is in the past; one that has ended stays ended", async () => {
    clock = Date.parse("2026-06-20T12:00:00Z");
    const cases: [string, number, number][] = [
      ["an hour ago: taken (the deadline moves earlier)", clock - HOUR_MS, clock - HOUR_MS],
      ["exactly the offer's length ago: taken", clock - 4 * HOUR_MS, clock - 4 * HOUR_MS],
      ["in the future: ignored", clock + HOUR_MS, clock],
      ["further back than the offer: the offer has ended", clock - 5 * HOUR_MS, clock - 4 * HOUR_MS],
      ["a year ago: the offer has ended", clock - 365 * DAY_MS, clock - 4 * HOUR_MS],
    ];
    for (const [label, sent, expected] of cases) {
      const member = await registerMember(app, database);
      const body = await checkout(`/api/v1/user/checkout/${PROMO}?started_at=${at(sent)}`, bearer(member.token));
      expect(body.offer.started_at, label).toBe(at(expected));
      expect(body.offer.ends_at, label).toBe(at(expected + 4 * HOUR_MS));
      expect(Date.parse(body.offer.ends_at!), label).toBeLessThanOrEqual(clock + 4 * HOUR_MS);
    }
  });

  it("refuses a started_at that is not a date with 422 and starts nothing", async () => {
    const member = await registerMember(app, database);
    for (const value of ["yesterday", "2026-13-01T00:00:00Z", "1700000000"]) {
      const res = await get(`/api/v1/user/checkout/${PROMO}?started_at=${value}`, bearer(member.token));
      expect(res.statusCode, value).toBe(422);
      expect(Object.keys(res.json().errors), value).toEqual(["started_at"]);
    }
    expect(await rows(database, "select 1 from checkout_offers where user_id = $1", [member.id])).toHaveLength(0);
  });

  it("keeps one clock when two first visits arrive at once", async () => {
    const member = await registerMember(app, database);
    const answers = await Promise.all(
      [0, 1, 2, 3].map((n) => checkout(`/api/v1/user/checkout/${PROMO}?started_at=${at(clock - n * 60_000)}`, bearer(member.token))),
    );
    expect(new Set(answers.map((a) => a.offer.ends_at)).size).toBe(1);
    expect(await rows(database, "select 1 from checkout_offers where user_id = $1", [member.id])).toHaveLength(1);
  });

  it("for a member who came from a lead, the lead's earlier clock wins", async () => {
    const lead = await newLead();
    const leadStart = clock;
    await checkout(`/api/v1/checkout/${PROMO}?lead=${lead}`);
    clock += HOUR_MS;
    const account = await openLeadAccount(lead);
    expect(account.statusCode, account.body).toBe(201);
    const token = account.json().token as string;
    const body = await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(token));
    expect(body.offer).toEqual({ hours: 4, started_at: at(leadStart), ends_at: at(leadStart + 4 * HOUR_MS), expired: false });
    clock = leadStart + 4 * HOUR_MS;
    expect(offerIds(await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(token)))).toEqual([]);
  });
});

describe("GET /package/web and /package/{id}", () => {
  it("never lists offer packages, which are shown one by one as offers", async () => {
    for (const query of ["", "?place=after_locked_content", "?place=after_registration", "?place=after_trial_is_over&currency=USD"]) {
      const listed = (await get(`/api/v1/package/web${query}`)).json().data as { id: number; offer: boolean }[];
      expect(listed.length, query).toBeGreaterThan(0);
      expect(
        listed.filter((p) => p.offer || Object.values(OFFER).includes(p.id as never)),
        query,
      ).toEqual([]);
    }
    const one = await get(`/api/v1/package/${OFFER.cardUsd}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: OFFER.cardUsd, amount: 14.95, currency: "USD", is_lifetime: true, offer: true });
  });
});

// ---- purchases of offer packages -----------------------------------------------------------------

const cardOf = (member: Member) => confirmedCard(app, member.token);
const buyByCard = async (member: Member, body: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: bearer(member.token),
    payload: { payment_method: await cardOf(member), ...body },
  });
const buyByWallet = (member: Member, query: string) => get(`/api/v1/paypal/subscription?${query}`, bearer(member.token));
const paid = (member: Member) =>
  rows<{ amount_cents: number }>(database, "select amount_cents from payments where user_id = $1 and status = 'succeeded'", [member.id]);
const refusal = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(422);
  return (res.json() as { errors: Record<string, string[]> }).errors;
};

describe("buying an offer package", () => {
  it("by card while the member's offer runs, through the checkout that carries it", async () => {
    const member = await registerMember(app, database);
    await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    clock += 3 * HOUR_MS;
    const res = await buyByCard(member, { package_id: OFFER.cardUsd, promo_checkout_id: PROMO });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "Successfully subscribed!", subscription_type: "Lifetime" });
    expect(await paid(member)).toEqual([{ amount_cents: 1495 }]);
  });

  it("by wallet while the member's offer runs", async () => {
    const member = await registerMember(app, database);
    await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    const res = await buyByWallet(member, `package_id=${OFFER.walletEur}&promo_checkout_id=${PROMO}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url_to_redirect).toBeTruthy();
  });

  it("is refused once the member's offer has ended, by card and by wallet, with the time it ended; the regular price still sells", async () => {
    const member = await registerMember(app, database);
    clock = Date.parse("2026-07-01T10:05:00Z");
    await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    clock += 4 * HOUR_MS;
    const message = "This offer ended at 14:05 UTC. The regular price applies now.";
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, promo_checkout_id: PROMO }))).toEqual({ package_id: [message] });
    expect(refusal(await buyByWallet(member, `package_id=${OFFER.walletUsd}&promo_checkout_id=${PROMO}`))).toEqual({
      package_id: [message],
    });
    clock += DAY_MS;
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, promo_checkout_id: PROMO })).package_id).toEqual([
      "This offer ended on 2026-07-01 at 14:05 UTC. The regular price applies now.",
    ]);
    expect(await paid(member)).toEqual([]);
    const regular = await buyByCard(member, { package_id: 5, promo_checkout_id: PROMO });
    expect(regular.statusCode, regular.body).toBe(200);
    expect(await paid(member)).toEqual([{ amount_cents: 14999 }]);
  });

  it("is refused without a checkout id, with a checkout of the wrong type, and before the offer page was opened", async () => {
    const member = await registerMember(app, database);
    await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    const pageOnly = { package_id: ["This offer is only available from its offer page."] };
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd }))).toEqual(pageOnly);
    expect(refusal(await buyByWallet(member, `package_id=${OFFER.walletUsd}`))).toEqual(pageOnly);
    // Checkout 3 is a promo: as checkout_id it is the wrong type.
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, checkout_id: PROMO }))).toEqual({
      checkout_id: ["The selected checkout id is invalid."],
    });
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, promo_checkout_id: 1 }))).toEqual({
      promo_checkout_id: ["The selected promo checkout id is invalid."],
    });
    // Checkout 1 carries the offer too, but a member who never opened a page offering it has no clock: no offer.
    const stranger = await registerMember(app, database);
    expect(refusal(await buyByCard(stranger, { package_id: OFFER.cardUsd, checkout_id: 1 }))).toEqual(pageOnly);
    expect(await paid(member)).toEqual([]);
    expect(await paid(stranger)).toEqual([]);
  });

  it("a lead who became a member buys on the lead's clock", async () => {
    const lead = await newLead();
    await checkout(`/api/v1/checkout/${PROMO}?lead=${lead}`);
    const account = await openLeadAccount(lead);
    const member = { id: "", token: account.json().token as string } as Member;
    const [user] = await rows<{ id: string }>(database, "select id from users where email = $1", [account.json().email]);
    member.id = user!.id;
    const res = await buyByCard(member, { package_id: OFFER.cardEur, promo_checkout_id: PROMO });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paid(member)).toEqual([{ amount_cents: 1495 }]);
  });
});

describe("one offer clock per person (decision 051)", () => {
  const ends = (body: CheckoutBody) => body.offer.ends_at;
  /** The checkout a campaign page (/lp/{lp}) sells, as the page asks for it. */
  const campaignCheckout = async (lp: string) => (await get(`/api/v1/lp/${lp}`)).json().data.checkout_id as number;
  const clocksOf = (member: Member) =>
    rows<{ checkout_id: number; ends_at: Date }>(database, "select checkout_id, ends_at from checkout_offers where user_id = $1", [
      member.id,
    ]);

  it("checkout 3's ended offer stays ended for the member on checkout 1, on /lp and on /lead-checkout", async () => {
    const member = await registerMember(app, database);
    const first = clock;
    const opened = await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    clock = first + 4 * HOUR_MS;
    const ended = { hours: 4, started_at: at(first), ends_at: at(first + 4 * HOUR_MS), expired: true };
    expect((await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token))).offer).toEqual(ended);

    // /checkout/1, and both campaigns (/lp/sleep-reset sells checkout 4, /lp/five-minute-calm checkout 3).
    for (const id of [1, 2, await campaignCheckout("sleep-reset"), await campaignCheckout("five-minute-calm")]) {
      const body = await checkout(`/api/v1/user/checkout/${id}`, bearer(member.token));
      expect(body.offer, `checkout ${id}`).toEqual(ended);
      expect(offerIds(body), `checkout ${id}`).toEqual([]);
      expect(ids(body), `checkout ${id}`).toEqual(expect.arrayContaining(REGULAR_LIFETIME));
    }
    // /lead-checkout/1?lead= with a new lead for the member's address: the member's deadline, ended.
    const lead = await newLead(member.email);
    const leadPage = await checkout(`/api/v1/checkout/1?lead=${lead}`);
    expect(leadPage.offer).toEqual(ended);
    expect(offerIds(leadPage)).toEqual([]);
    // Every page the person opened keeps the same deadline; none holds a later one.
    expect(new Set((await clocksOf(member)).map((row) => row.ends_at.toISOString()))).toEqual(
      new Set([new Date(ends(opened)!).toISOString()]),
    );
  });

  it("a running offer shows the same deadline on every checkout, and the browser's start cannot restart it", async () => {
    const member = await registerMember(app, database);
    const first = clock;
    await checkout(`/api/v1/user/checkout/4`, bearer(member.token));
    clock += HOUR_MS;
    const later = await checkout(`/api/v1/user/checkout/1?started_at=${at(clock - 60_000)}`, bearer(member.token));
    expect(later.offer).toEqual({ hours: 4, started_at: at(first), ends_at: at(first + 4 * HOUR_MS), expired: false });
    expect(offerIds(later)).toHaveLength(4);
  });

  it("keeps one clock when first visits from every checkout, the member and a lead of the address arrive at once", async () => {
    const member = await registerMember(app, database);
    const lead = await newLead(member.email);
    const visits = [1, 2, PROMO, 4].flatMap((id, n) => [
      checkout(`/api/v1/user/checkout/${id}?started_at=${at(clock - (n + 1) * 60_000)}`, bearer(member.token)),
      checkout(`/api/v1/checkout/${id}?lead=${lead}`),
    ]);
    const answers = await Promise.all(visits);
    expect(new Set(answers.map((a) => a.offer.ends_at)).size, JSON.stringify(answers.map((a) => a.offer))).toBe(1);
    const kept = await rows<{ ends_at: Date }>(database, "select ends_at from checkout_offers where user_id = $1 or lead_id = $2", [
      member.id,
      lead,
    ]);
    expect(kept).toHaveLength(8);
    expect(new Set(kept.map((row) => row.ends_at.toISOString())).size).toBe(1);
  });

  it("a second lead for the same address gets the first lead's deadline", async () => {
    const email = uniqueEmail("twice");
    const firstLead = await newLead(email);
    const first = clock;
    await checkout(`/api/v1/checkout/${PROMO}?lead=${firstLead}`);
    clock += HOUR_MS;
    // The same address typed again, in capitals: stored normalised, the same person.
    const secondLead = await newLead(email.toUpperCase());
    expect(secondLead).not.toBe(firstLead);
    for (const id of [PROMO, 1, 4]) {
      const body = await checkout(`/api/v1/checkout/${id}?lead=${secondLead}`);
      expect(body.offer, `checkout ${id}`).toEqual({ hours: 4, started_at: at(first), ends_at: at(first + 4 * HOUR_MS), expired: false });
    }
    clock = first + 4 * HOUR_MS;
    expect(offerIds(await checkout(`/api/v1/checkout/1?lead=${secondLead}`))).toEqual([]);
    // Another address is another person: its own clock.
    const other = await checkout(`/api/v1/checkout/1?lead=${await newLead()}`);
    expect(other.offer.started_at).toBe(at(clock));
  });

  it("a lead's deadline carries to the member with its address, on every checkout", async () => {
    const email = uniqueEmail("carried");
    const lead = await newLead(email);
    const leadStart = clock;
    await checkout(`/api/v1/checkout/4?lead=${lead}`);
    clock += 2 * HOUR_MS;
    const member = await registerMember(app, database, { email });
    const expected = { hours: 4, started_at: at(leadStart), ends_at: at(leadStart + 4 * HOUR_MS), expired: false };
    expect((await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token))).offer).toEqual(expected);
    expect((await checkout(`/api/v1/user/checkout/1`, bearer(member.token))).offer).toEqual(expected);
    clock = leadStart + 4 * HOUR_MS;
    expect(offerIds(await checkout(`/api/v1/user/checkout/2`, bearer(member.token)))).toEqual([]);
  });

  it("refuses the promo price after the one deadline from any checkout, by card and by wallet", async () => {
    const member = await registerMember(app, database);
    clock = Date.parse("2026-08-03T09:30:00Z");
    await checkout(`/api/v1/user/checkout/${PROMO}`, bearer(member.token));
    clock += 4 * HOUR_MS;
    // Checkout 1 opened only now, after checkout 3's offer ended: no fresh offer to buy there either.
    await checkout(`/api/v1/user/checkout/1`, bearer(member.token));
    const message = { package_id: ["This offer ended at 13:30 UTC. The regular price applies now."] };
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, checkout_id: 1 }))).toEqual(message);
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, checkout_id: 4 }))).toEqual(message);
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, promo_checkout_id: PROMO }))).toEqual(message);
    expect(refusal(await buyByWallet(member, `package_id=${OFFER.walletUsd}&checkout_id=2`))).toEqual(message);
    expect(await paid(member)).toEqual([]);
  });

  it("refuses the promo price to a member whose lead's offer ended, on a checkout the member never opened", async () => {
    const email = uniqueEmail("lead-ended");
    const lead = await newLead(email);
    clock = Date.parse("2026-08-04T07:00:00Z");
    await checkout(`/api/v1/checkout/1?lead=${lead}`);
    const member = await registerMember(app, database, { email });
    clock += 5 * HOUR_MS;
    expect(refusal(await buyByCard(member, { package_id: OFFER.cardUsd, promo_checkout_id: PROMO }))).toEqual({
      package_id: ["This offer ended at 11:00 UTC. The regular price applies now."],
    });
    expect(await paid(member)).toEqual([]);
  });
});
