import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toUtcSecond } from "@serene/domain";
import { bearer, registerMember, rows, whoAmI, type Member, subscribe } from "./test/accounts.ts";
import { confirmedCard } from "./test/billing-clock.ts";
import { catalogue, getAs, itemById, openedDaysAgo, sendAs } from "./test/content.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

/**
 * The cross-member matrix: for every resource a member owns and can name by an id, another member
 * naming that id is answered exactly as an id that does not exist (404 where the id addresses the
 * resource; for a card named in a purchase's body, the same 422 an unknown card gets), and the
 * owner's resource is unchanged afterwards. A new kind of owned resource gets a row in OWNED.
 * Below it, every personal list a member reads shows nothing of another member.
 */

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
  owner = await registerMember(t.app, t.database, { name: "Owner" });
  other = await registerMember(t.app, t.database, { name: "Other" });
});
afterAll(async () => t.close());

const PKG = { cardMonthly: 1, cardYearly: 4, walletMonthly: 11 };
let keys = 0;
const idempotencyKey = () => `matrix-key-${String(++keys).padStart(4, "0")}`;
const json = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() as unknown });

/** A card the member entered and the sandbox card processor confirmed: its payment method id. */
const enterCard = (member: Member) => confirmedCard(t.app, member.token);

/** A wallet checkout the member started and approved at the wallet: the token the wallet returns with. */
async function approvedWalletCheckout(member: Member): Promise<string> {
  const res = await getAs(t.app, member.token, `/api/v1/paypal/subscription?package_id=${PKG.walletMonthly}`);
  expect(res.statusCode, res.body).toBe(200);
  const approval = await t.app.inject({
    method: "POST",
    url: res.json().url_to_redirect,
    payload: "decision=approve",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(approval.statusCode).toBe(303);
  return new URL(approval.headers.location as string, "http://x").searchParams.get("token")!;
}

const buyWithCard = (member: Member, paymentMethod: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: { ...bearer(member.token), "idempotency-key": idempotencyKey() },
    payload: { payment_method: paymentMethod, package_id: PKG.cardMonthly },
  });

/** What a member has in the money tables: compared before and after another member's attempts. */
const moneyOf = async (member: Member) => ({
  purchases: await rows(t.database, "select id, status, kind from purchases where user_id = $1 order by id", [member.id]),
  subscriptions: await rows(t.database, "select id, status, plan_type from subscriptions where user_id = $1 order by id", [member.id]),
  payments: await rows(t.database, "select id, status from payments where user_id = $1 order by id", [member.id]),
  status: (await getAs(t.app, member.token, "/api/v1/user/account-status")).json() as unknown,
});

/** What the other member gained: nothing, whatever they tried (their own refused attempts are their own records). */
const holdings = async (member: Member) => {
  const { subscriptions, payments, status } = await moneyOf(member);
  return { subscriptions, payments, status };
};

const comingSoonLead = (userId: string) => ({ first_name: "Ada", last_name: "Owner", email: "ada.owner@example.test", user_id: userId });

interface OwnedResource {
  name: string;
  /** The owner makes one; answers the id another member will name. */
  create(owner: Member): Promise<string>;
  /** Each way another member can name it: the call with the owner's id, and the same call with an id nobody has. */
  attempts: { call: string; expected: number; withId(member: Member, id: string): Promise<LightMyRequestResponse>; unknownId: string }[];
  /** Everything of the owner's that another member's attempt must leave as it was. */
  snapshot(owner: Member): Promise<unknown>;
  /** After the attempts, the owner still uses it (when it is something the owner goes on to use). */
  ownerStillUses?(owner: Member, id: string): Promise<void>;
}

/** A single soundscape of the catalogue, for a mix. */
const SOUNDSCAPE = catalogue.items.find((item) => item.model === "music-soundscape" && !item.children?.length)!.id;

const OWNED: OwnedResource[] = [
  {
    name: "a card the member entered (payment method)",
    create: enterCard,
    attempts: [
      {
        call: "POST /stripe/payment-method with it",
        expected: 422,
        withId: (member, id) => buyWithCard(member, id),
        unknownId: "pm_sandbox_unknown00000000",
      },
    ],
    snapshot: moneyOf,
    async ownerStillUses(member, id) {
      const res = await buyWithCard(member, id);
      expect(res.statusCode, res.body).toBe(200);
      await sendAs(t.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe");
      await t.database.executeSql("delete from subscriptions where user_id = $1", [member.id]);
    },
  },
  {
    name: "a wallet checkout the member approved",
    create: approvedWalletCheckout,
    attempts: [
      {
        call: "POST /paypal/success-transaction with it",
        expected: 404,
        withId: (member, token) => sendAs(t.app, member.token, "POST", "/api/v1/paypal/success-transaction", { token }),
        unknownId: "I-UNKNOWNMATRIX1",
      },
      {
        call: "GET /paypal/cancel-transaction with it",
        expected: 404,
        withId: (member, token) => getAs(t.app, member.token, `/api/v1/paypal/cancel-transaction?token=${token}`),
        unknownId: "I-UNKNOWNMATRIX2",
      },
    ],
    snapshot: moneyOf,
    async ownerStillUses(member, token) {
      const res = await sendAs(t.app, member.token, "POST", "/api/v1/paypal/success-transaction", { token });
      expect(res.statusCode, res.body).toBe(200);
      await sendAs(t.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/paypal");
      await t.database.executeSql("delete from subscriptions where user_id = $1", [member.id]);
    },
  },
  {
    name: "the member's subscription (named by its provider)",
    async create(member) {
      await subscribe(t.database, member.id, { provider: "stripe", planType: "Monthly" });
      return "stripe";
    },
    attempts: [
      {
        call: "DELETE /subscription/web/cancel/{provider}",
        expected: 404,
        withId: (member, provider) => sendAs(t.app, member.token, "DELETE", `/api/v1/subscription/web/cancel/${provider}`),
        unknownId: "paypal",
      },
      {
        call: "PUT /{provider}/subscription (upgrade)",
        expected: 404,
        withId: (member, provider) =>
          t.app.inject({
            method: "PUT",
            url: `/api/v1/${provider}/subscription`,
            headers: { ...bearer(member.token), "idempotency-key": idempotencyKey() },
            payload: { package_id: provider === "stripe" ? PKG.cardYearly : 14 },
          }),
        unknownId: "paypal",
      },
      {
        call: "GET /{provider}/subscription/preview (what the upgrade costs today)",
        expected: 404,
        withId: (member, provider) =>
          getAs(t.app, member.token, `/api/v1/${provider}/subscription/preview?package_id=${provider === "stripe" ? PKG.cardYearly : 14}`),
        unknownId: "paypal",
      },
      {
        call: "POST /subscription/web/resume/{provider}",
        expected: 404,
        withId: (member, provider) => sendAs(t.app, member.token, "POST", `/api/v1/subscription/web/resume/${provider}`),
        unknownId: "paypal",
      },
    ],
    snapshot: moneyOf,
  },
  {
    name: "a receipt of the member's (a charge)",
    async create(member) {
      const [payment] = await rows<{ id: string }>(
        t.database,
        "insert into payments (user_id, provider, idempotency_key, amount_cents, currency, status) values ($1, 'stripe', $2, 1499, 'USD', 'succeeded') returning id",
        [member.id, `matrix-receipt-${member.id}`],
      );
      return payment!.id;
    },
    attempts: [
      {
        call: "GET /user/receipts/{id}",
        expected: 404,
        withId: (member, id) => getAs(t.app, member.token, `/api/v1/user/receipts/${id}`),
        unknownId: "00000000-0000-4000-8000-000000000000",
      },
    ],
    snapshot: moneyOf,
    async ownerStillUses(member, id) {
      const res = await getAs(t.app, member.token, `/api/v1/user/receipts/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, amount: "$14.99", status: "paid" });
    },
  },
  {
    name: "the member's coming-soon sign-up (named by their user_id)",
    async create(member) {
      const res = await sendAs(t.app, member.token, "POST", "/api/v1/coming-soon/lead/", comingSoonLead(member.id));
      expect(res.statusCode, res.body).toBe(201);
      return member.id;
    },
    attempts: [
      {
        call: "POST /coming-soon/lead/ with it as user_id",
        expected: 422,
        withId: (member, userId) => sendAs(t.app, member.token, "POST", "/api/v1/coming-soon/lead/", comingSoonLead(userId)),
        unknownId: "00000000-0000-4000-8000-000000000000",
      },
    ],
    snapshot: async (member) =>
      rows(t.database, "select id, first_name, last_name, email, updated_at from coming_soon_leads where user_id = $1 order by id", [
        member.id,
      ]),
    async ownerStillUses(member, userId) {
      const res = await sendAs(t.app, member.token, "POST", "/api/v1/coming-soon/lead/", comingSoonLead(userId));
      expect(res.statusCode, res.body).toBe(200);
    },
  },
  {
    name: "a lead the member gave after a quiz (claimed by their account)",
    async create(member) {
      const res = await sendAs(t.app, member.token, "POST", "/api/v1/lead", {
        email: `lead-${member.id}@example.test`,
        quiz: "onboarding",
        answers: { goal: "SLEEP_BETTER" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
    attempts: [
      {
        call: "GET /lead/{id}",
        expected: 404,
        withId: (member, id) => getAs(t.app, member.token, `/api/v1/lead/${id}`),
        unknownId: "00000000-0000-4000-8000-000000000000",
      },
      {
        call: "PUT /lead with it",
        expected: 404,
        withId: (member, id) => sendAs(t.app, member.token, "PUT", "/api/v1/lead", { id, name: "Not yours", answers: { goal: "ADHD" } }),
        unknownId: "00000000-0000-4000-8000-000000000001",
      },
      {
        call: "POST /quiz with it",
        expected: 422,
        withId: (member, id) => sendAs(t.app, member.token, "POST", "/api/v1/quiz", { quiz: "onboarding", answers: {}, lead: id }),
        unknownId: "00000000-0000-4000-8000-000000000002",
      },
    ],
    snapshot: async (member) => ({
      goal: (await getAs(t.app, member.token, "/api/v1/user")).json().goal as unknown,
      rows: await rows(
        t.database,
        "select l.name, l.email, a.answers from leads l left join quiz_answers a on a.lead_id = l.id where l.user_id = $1 order by l.id, a.id",
        [member.id],
      ),
    }),
    async ownerStillUses(member, id) {
      const res = await getAs(t.app, member.token, `/api/v1/lead/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ registered: true, goal: "SLEEP_BETTER" });
    },
  },
  {
    name: "a note the member wrote",
    async create(member) {
      const res = await sendAs(t.app, member.token, "POST", "/api/v1/user/notes", { title: "Owner's note", content: "Private." });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
    attempts: [
      {
        call: "GET /user/notes/{id}",
        expected: 404,
        withId: (member, id) => getAs(t.app, member.token, `/api/v1/user/notes/${id}`),
        unknownId: "00000000-0000-4000-8000-000000000003",
      },
      {
        call: "PUT /user/notes/{id}",
        expected: 404,
        withId: (member, id) => sendAs(t.app, member.token, "PUT", `/api/v1/user/notes/${id}`, { title: "Not yours", content: "Changed." }),
        unknownId: "00000000-0000-4000-8000-000000000004",
      },
      {
        call: "DELETE /user/notes/{id}",
        expected: 404,
        withId: (member, id) => sendAs(t.app, member.token, "DELETE", `/api/v1/user/notes/${id}`),
        unknownId: "00000000-0000-4000-8000-000000000005",
      },
    ],
    snapshot: async (member) =>
      rows(t.database, "select id, title, content, created_at, updated_at from notes where user_id = $1 order by id", [member.id]),
    async ownerStillUses(member, id) {
      const res = await getAs(t.app, member.token, `/api/v1/user/notes/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ title: "Owner's note", content: "Private." });
    },
  },
  {
    name: "a mix the member saved in the Sounds mixer",
    async create(member) {
      const res = await sendAs(t.app, member.token, "POST", "/api/v1/user/mixes", {
        name: "Owner's rain",
        layers: [{ id: SOUNDSCAPE, volume: 0.5 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
    attempts: [
      {
        call: "PUT /user/mixes/{id}",
        expected: 404,
        withId: (member, id) =>
          sendAs(t.app, member.token, "PUT", `/api/v1/user/mixes/${id}`, { name: "Not yours", layers: [{ id: SOUNDSCAPE, volume: 1 }] }),
        unknownId: "00000000-0000-4000-8000-000000000008",
      },
      {
        call: "DELETE /user/mixes/{id}",
        expected: 404,
        withId: (member, id) => sendAs(t.app, member.token, "DELETE", `/api/v1/user/mixes/${id}`),
        unknownId: "00000000-0000-4000-8000-000000000009",
      },
    ],
    snapshot: async (member) =>
      rows(t.database, "select id, name, layers, created_at, updated_at from mixer_presets where user_id = $1 order by id", [member.id]),
    async ownerStillUses(member, id) {
      const res = await getAs(t.app, member.token, "/api/v1/user/mixes");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual([expect.objectContaining({ id, name: "Owner's rain" })]);
    },
  },
  {
    name: "a worksheet the member saved (a workbook entry)",
    async create(member) {
      const res = await sendAs(t.app, member.token, "POST", "/api/v1/user/workbook", {
        workbook_id: 6,
        answers: { q1: "A quiet evening.", q2: "I should have done more today.", q3: ["Balanced"], q8: "I rested; that counts.", q9: 40 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
    attempts: [
      {
        call: "GET /user/workbook/{id}",
        expected: 404,
        withId: (member, id) => getAs(t.app, member.token, `/api/v1/user/workbook/${id}`),
        unknownId: "00000000-0000-4000-8000-000000000006",
      },
      {
        call: "DELETE /user/workbook/{id}",
        expected: 404,
        withId: (member, id) => sendAs(t.app, member.token, "DELETE", `/api/v1/user/workbook/${id}`),
        unknownId: "00000000-0000-4000-8000-000000000007",
      },
    ],
    snapshot: async (member) =>
      rows(t.database, "select id, workbook_id, answers, created_at from workbook_entries where user_id = $1 order by id", [member.id]),
    async ownerStillUses(member, id) {
      const res = await getAs(t.app, member.token, `/api/v1/user/workbook/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ workbook_name: "Thought Record" });
    },
  },
];

describe("another member's id answers as an unknown id and changes nothing", () => {
  it.each(OWNED.map((resource) => [resource.name, resource] as const))("%s", async (_name, resource) => {
    const id = await resource.create(owner);
    const before = { owner: await resource.snapshot(owner), other: await holdings(other) };
    for (const attempt of resource.attempts) {
      const stolen = json(await attempt.withId(other, id));
      const unknown = json(await attempt.withId(other, attempt.unknownId));
      expect(stolen.status, attempt.call).toBe(attempt.expected);
      expect(stolen, `${attempt.call}: another member's id is answered as an unknown one`).toEqual(unknown);
    }
    expect({ owner: await resource.snapshot(owner), other: await holdings(other) }).toEqual(before);
    await resource.ownerStillUses?.(owner, id);
  });
});

describe("personal lists show nothing of another member", () => {
  it("favourites, recently played, listening statistics, notes, mixes, badges, worksheets, workbook progress, account status and data files stay the owner's", async () => {
    const reader = await registerMember(t.app, t.database, { name: "Reader" });
    const item = itemById(1);
    const lists = [
      "/api/v1/favorite",
      "/api/v1/recently-played",
      "/api/v1/user/sessions",
      "/api/v1/user/notes",
      "/api/v1/user/mixes",
      "/api/v1/user/workbook",
      "/api/v1/workbooks",
      "/api/v1/user/achievements",
      "/api/v1/user/account-status",
    ];
    const readerBefore = await Promise.all(lists.map(async (url) => (await getAs(t.app, reader.token, url)).json() as unknown));
    // The reader's data files ("Download my data"): every section but the sign-ins, whose last use moves.
    const files = ["/api/v1/user/export/notes.csv", "/api/v1/user/export/sessions.csv", "/api/v1/user/export/worksheets.csv"];
    const dataOf = async (member: typeof reader) => {
      const file = (await getAs(t.app, member.token, "/api/v1/user/export")).json();
      const { access_tokens: _signIns, ...sections } = file.sections;
      return {
        sections,
        items: file.items,
        csv: await Promise.all(files.map(async (url) => (await getAs(t.app, member.token, url)).body)),
      };
    };
    const readerDataBefore = await dataOf(reader);

    const writer = await registerMember(t.app, t.database, { name: "Writer" });
    // Opened before the session it reports, so the session is believed (decision 054).
    await openedDaysAgo(t.database, writer.id, 1);
    const ref = { id: item.id, model: item.model };
    expect((await sendAs(t.app, writer.token, "POST", "/api/v1/user/favorite", ref)).statusCode).toBe(200);
    expect((await sendAs(t.app, writer.token, "POST", "/api/v1/user/history", ref)).statusCode).toBeLessThan(300);
    const session = await sendAs(t.app, writer.token, "POST", "/api/v1/user/sessions", {
      ...ref,
      start_session: toUtcSecond(new Date(Date.now() - 600_000)),
      end_session: toUtcSecond(new Date(Date.now() - 540_000)),
    });
    expect(session.statusCode, session.body).toBeLessThan(300);
    const note = await sendAs(t.app, writer.token, "POST", "/api/v1/user/notes", { title: "Writer's note", content: "Mine." });
    expect(note.statusCode, note.body).toBe(201);
    const mix = await sendAs(t.app, writer.token, "POST", "/api/v1/user/mixes", {
      name: "Writer's mix",
      layers: [{ id: SOUNDSCAPE, volume: 1 }],
    });
    expect(mix.statusCode, mix.body).toBe(201);
    const worksheet = await sendAs(t.app, writer.token, "POST", "/api/v1/user/workbook", {
      workbook_id: 6,
      answers: { q1: "A long queue.", q2: "Everyone is staring.", q3: ["Feelings"], q4: ["Anxious"], q5: 60 },
    });
    expect(worksheet.statusCode, worksheet.body).toBe(201);
    expect((await sendAs(t.app, writer.token, "POST", "/api/v1/user/shares", ref)).statusCode).toBe(201);
    // The writer earned badges (favourite, note, share); the reader's list below shows none of them.
    expect(
      (await getAs(t.app, writer.token, "/api/v1/user/achievements")).json().data.some((b: { isReceived: boolean }) => b.isReceived),
    ).toBe(true);
    await subscribe(t.database, writer.id);

    const readerAfter = await Promise.all(lists.map(async (url) => (await getAs(t.app, reader.token, url)).json() as unknown));
    expect(readerAfter).toEqual(readerBefore);
    expect(await dataOf(reader)).toEqual(readerDataBefore);
    expect((await dataOf(writer)).sections.notes).toHaveLength(1);
    expect((await dataOf(writer)).sections.mixer_presets).toHaveLength(1);
    // The reader removing the same favourite removes only their own (none): the writer keeps it.
    await sendAs(t.app, reader.token, "DELETE", "/api/v1/user/favorite", ref);
    const writersFavourites = (await getAs(t.app, writer.token, "/api/v1/favorite")).json().data as { id: number }[];
    expect(writersFavourites.map((card) => card.id)).toEqual([item.id]);
  });

  it("signing out ends only the caller's own token", async () => {
    const [first, second] = [await registerMember(t.app, t.database), await registerMember(t.app, t.database)];
    expect((await sendAs(t.app, second.token, "DELETE", "/api/v1/user/token")).statusCode).toBeLessThan(300);
    expect((await whoAmI(t.app, second.token)).statusCode).toBe(401);
    expect((await whoAmI(t.app, first.token)).statusCode).toBe(200);
  });

  it("an idempotency key another member used answers nothing of theirs", async () => {
    const key = "shared-matrix-key-1";
    const [first, second] = [await registerMember(t.app, t.database), await registerMember(t.app, t.database)];
    const firstCard = await enterCard(first);
    const bought = await t.app.inject({
      method: "POST",
      url: "/api/v1/stripe/payment-method",
      headers: { ...bearer(first.token), "idempotency-key": key },
      payload: { payment_method: firstCard, package_id: PKG.cardMonthly },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const reused = await t.app.inject({
      method: "POST",
      url: "/api/v1/stripe/payment-method",
      headers: { ...bearer(second.token), "idempotency-key": key },
      payload: { payment_method: "pm_sandbox_unknown00000000", package_id: PKG.cardMonthly },
    });
    expect(reused.statusCode).toBe(422);
    expect((await getAs(t.app, second.token, "/api/v1/user/account-status")).json()).toMatchObject({ subscription_type: null });
  });

  it("a checkout offer clock is the owner's: another member's visits neither read nor move it, nor buy on it", async () => {
    const [first, second] = [await registerMember(t.app, t.database), await registerMember(t.app, t.database)];
    const firstOffer = (await getAs(t.app, first.token, "/api/v1/user/checkout/3")).json().data.offer;
    await t.database.executeSql(
      "update checkout_offers set started_at = started_at - interval '5 hours', ends_at = ends_at - interval '5 hours' where user_id = $1",
      [first.id],
    );
    const ended = (await getAs(t.app, first.token, "/api/v1/user/checkout/3")).json().data.offer;
    expect(ended.expired).toBe(true);
    const secondOffer = (await getAs(t.app, second.token, "/api/v1/user/checkout/3")).json().data.offer;
    expect(secondOffer.expired).toBe(false);
    expect(secondOffer.started_at).not.toBe(ended.started_at);
    expect((await getAs(t.app, first.token, "/api/v1/user/checkout/3")).json().data.offer).toEqual(ended);
    expect(Date.parse(ended.started_at)).toBeLessThan(Date.parse(firstOffer.started_at));
    // The first member's offer has ended: the second member's running one does not sell to them.
    const card = await enterCard(first);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/stripe/payment-method",
      headers: { ...bearer(first.token), "idempotency-key": idempotencyKey() },
      payload: { payment_method: card, package_id: 21, promo_checkout_id: 3 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.package_id[0]).toMatch(/^This offer ended/);
  });
});
