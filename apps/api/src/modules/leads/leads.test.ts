import { eq } from "drizzle-orm";
import { leads, quizAnswers, users } from "@serene/db";
import { safeRedirectPath } from "@serene/domain";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import {
  bearer,
  expectBothParts,
  lastMailTo,
  linkIn,
  mailsTo,
  PASSWORD,
  randomIp,
  registerMember,
  uniqueEmail,
  whoAmI,
  type Member,
} from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createAccountsRepository } from "../accounts/accounts.repository.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const SUBJECT = "Your quiz result is ready";
const CALM = { goal: "REDUCE_STRESS", stress: ["racing_thoughts", "tight_body"], breathing: "rarely", evenings: "hard" };

const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = randomIp()) =>
  t.app.inject({ method: "POST", url: "/api/v1/lead", payload: payload as object, headers, remoteAddress });
const put = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = randomIp()) =>
  t.app.inject({ method: "PUT", url: "/api/v1/lead", payload: payload as object, headers, remoteAddress });
const get = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v1/lead/${id}`, headers, remoteAddress: randomIp() });
const exchange = (email: string, token: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/authorization-by-tmp-token/${encodeURIComponent(email)}`,
    payload: { email, tmp_token: token, device_name: "web" },
    remoteAddress: randomIp(),
  });
const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0] ?? null;
const answersOfLead = (leadId: string) => t.database.db.select().from(quizAnswers).where(eq(quizAnswers.leadId, leadId));
const countLeads = async () => (await t.database.db.select({ id: leads.id }).from(leads)).length;

/** The link of the newest result e-mail to an address: its e-mail, token and redirect. */
async function resultLink(email: string) {
  const mail = await lastMailTo(t.database, email, SUBJECT);
  const link = linkIn(mail, "/authorization");
  return {
    mail,
    link,
    email: link.searchParams.get("email")!,
    token: link.searchParams.get("token")!,
    redirect: link.searchParams.get("redirect")!,
  };
}

/** The lead's own link token, carried by the offer link of its result e-mail. */
async function linkToken(email: string) {
  return linkIn(await lastMailTo(t.database, email, SUBJECT), "/lead-checkout").searchParams.get("token")!;
}

/** A visitor finishes the calm check-in and gives an e-mail. */
async function visitorLead(email = uniqueEmail("lead"), extra: Record<string, unknown> = {}) {
  const res = await post({ email, quiz: "calm-check-in", answers: CALM, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; statistic_id: string; email: string; name: string; registered: boolean };
}

describe("POST /api/v1/lead (a visitor)", () => {
  it("creates a lead with the answers and sends one e-mail with a single-use link to the result; no account is made", async () => {
    const email = uniqueEmail("visitor");
    const res = await post({ email: email.toUpperCase(), quiz: "calm-check-in", answers: CALM });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const lead = res.json().data;
    expect(lead).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      statistic_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      email,
      name: email.split("@")[0],
      quiz_id: 2,
      quiz_slug: "calm-check-in",
      answers: CALM,
      goal: "REDUCE_STRESS",
      outcome_percentage: 91,
      registered: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await answersOfLead(lead.id);
    expect(row).toMatchObject({ quizId: 2, userId: null, email, answers: CALM });
    expect(await userByEmail(email)).toBeNull();

    const mails = await mailsTo(t.database, email);
    expect(mails.map((mail) => mail.subject)).toEqual([SUBJECT]);
    expectBothParts(mails[0]!);
    const { link, token, redirect } = await resultLink(email);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.appUrl}/authorization`);
    expect(link.searchParams.get("email")).toBe(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A custom quiz lands on its own result page (decision 050).
    expect(redirect).toBe(`/quiz-dynamic-results/calm-check-in?lead=${lead.id}`);
    // The web /authorization page follows only a same-origin path.
    expect(safeRedirectPath(redirect)).toBe(redirect);
    // Today's offer is the checkout of the score's band; its link names the lead (the offer page keeps the
    // lead's clock) and carries the lead's own link token, which proves the address when the lead buys.
    const offer = linkIn(mails[0]!, "/lead-checkout/");
    const ownToken = offer.searchParams.get("token")!;
    expect(ownToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(offer.toString()).toBe(`${t.config.appUrl}/lead-checkout/1?lead=${lead.id}&token=${ownToken}`);
    expect(mails[0]!.text).toContain("See today's offer");
    expect(mails[0]!.html).toContain("See today's offer");
    // The tokens themselves are not stored, only their hashes, and no answer names them.
    const [stored] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(ownToken);
    expect(res.body).not.toContain(ownToken);
  });

  it("keeps a given name, and accepts a lead without a quiz", async () => {
    const email = uniqueEmail("named");
    const res = await post({ email, name: "  Maya  " });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: "Maya",
      quiz_id: null,
      quiz_slug: null,
      answers: {},
      goal: null,
      outcome_percentage: null,
    });
    expect(await mailsTo(t.database, email, SUBJECT)).toHaveLength(1);
    // Without a custom quiz: the shared result screen and the default offer.
    const { redirect } = await resultLink(email);
    expect(redirect).toBe(`/quiz-results?lead=${res.json().data.id}`);
    expect(linkIn(await lastMailTo(t.database, email, SUBJECT), "/lead-checkout/").pathname).toBe("/lead-checkout/3");
  });

  const bad: [string, unknown, string][] = [
    ["an unknown quiz", { email: "a@example.test", quiz: "no-such-quiz", answers: {} }, "quiz"],
    ["answers without a quiz", { email: "a@example.test", answers: { goal: "SLEEP_BETTER" } }, "quiz"],
    ["an unknown field", { email: "a@example.test", quiz: "onboarding", answers: { shoe_size: "42" } }, "answers.shoe_size"],
    ["a goal that is not an option", { email: "a@example.test", quiz: "onboarding", answers: { goal: "WIN_LOTTERY" } }, "answers.goal"],
    ["a slider above 100", { email: "a@example.test", quiz: "onboarding", answers: { tension: 101 } }, "answers.tension"],
    ["a select given a list", { email: "a@example.test", quiz: "onboarding", answers: { gender: ["Male"] } }, "answers.gender"],
    ["another quiz's field", { email: "a@example.test", quiz: "one-thing-today", answers: { tension: 50 } }, "answers.tension"],
    ["a bad e-mail", { email: "not-an-email", quiz: "onboarding", answers: {} }, "email"],
    ["no e-mail", { quiz: "onboarding", answers: {} }, "email"],
    ["a name too long", { email: "a@example.test", name: "x".repeat(256) }, "name"],
  ];
  it.each(bad)("refuses %s with 422 naming the field, storing and sending nothing", async (_name, payload, field) => {
    const [leadsBefore, answersBefore] = [await countLeads(), (await t.database.db.select().from(quizAnswers)).length];
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await countLeads()).toBe(leadsBefore);
    expect((await t.database.db.select().from(quizAnswers)).length).toBe(answersBefore);
    expect(await mailsTo(t.database, "a@example.test")).toEqual([]);
  });

  it("refuses a body over 32 KiB with 413", async () => {
    const res = await post({ email: uniqueEmail("big"), quiz: "calm-check-in", answers: { thoughts: "x".repeat(40 * 1024) } });
    expect(res.statusCode).toBe(413);
  });

  it(`answers ${RATE_LIMITS.leadSend.ip.points} leads from one address in ${RATE_LIMITS.leadSend.ip.seconds / 60} minutes, then 429`, async () => {
    const ip = randomIp();
    for (let sent = 0; sent < RATE_LIMITS.leadSend.ip.points; sent++) {
      expect((await post({ email: uniqueEmail("burst") }, {}, ip)).statusCode).toBe(201);
    }
    const held = await post({ email: uniqueEmail("burst") }, {}, ip);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
  });

  it(`sends at most ${RATE_LIMITS.leadSend.account.points} e-mails to one address, whatever the client address`, async () => {
    const email = uniqueEmail("target");
    for (let sent = 0; sent < RATE_LIMITS.leadSend.account.points; sent++) expect((await post({ email })).statusCode).toBe(201);
    expect((await post({ email })).statusCode).toBe(429);
    expect(await mailsTo(t.database, email, SUBJECT)).toHaveLength(RATE_LIMITS.leadSend.account.points);
  });
});

describe("the result e-mail's link", () => {
  it("opens a passwordless account with the lead's name and verified e-mail, signs in, links lead and answers, and sets the goal", async () => {
    const email = uniqueEmail("newcomer");
    const lead = await visitorLead(email, { name: "Noor" });
    const link = await resultLink(email);
    const res = await exchange(link.email, link.token);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;

    const me = (await whoAmI(t.app, token)).json();
    expect(me).toMatchObject({ email, name: "Noor", goal: "REDUCE_STRESS" });
    const user = (await userByEmail(email))!;
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).not.toBeNull();
    // The lead e-mail was the welcome: no second one.
    expect((await mailsTo(t.database, email)).map((mail) => mail.subject)).toEqual([SUBJECT]);
    const [answers] = await answersOfLead(lead.id);
    expect(answers).toMatchObject({ userId: user.id, email: null });

    const mine = await get(lead.id, bearer(token));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ id: lead.id, registered: true, goal: "REDUCE_STRESS", answers: CALM });

    // Claimed: nobody else reaches it, signed in or not, and it looks exactly like an unknown id.
    const other = await registerMember(t.app, t.database, { name: "Other" });
    const unknown = await get("00000000-0000-4000-8000-000000000000", bearer(other.token));
    for (const attempt of [await get(lead.id, bearer(other.token)), await get(lead.id)]) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual(unknown.json());
    }
    expect((await put({ id: lead.id, name: "Taken" }, bearer(other.token))).statusCode).toBe(404);
    expect((await put({ id: lead.id, name: "Taken" })).statusCode).toBe(404);
    expect((await get(lead.id, bearer(token))).json().data.name).toBe("Noor");

    // Single use: the same link again is refused, and a claimed lead's sign-up lookup is gone.
    const again = await exchange(link.email, link.token);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(["tmp_token"]);
  });

  it("signs in to the account that already has the address; typing it changed nothing before the link was opened", async () => {
    const member = await registerMember(t.app, t.database, { name: "Existing" });
    const before = await userByEmail(member.email);
    const lead = await visitorLead(member.email, { name: "Someone Else" });
    // Nothing of the member's changed: name, goal, their answers, their sessions.
    expect(await userByEmail(member.email)).toEqual(before);
    expect((await whoAmI(t.app, member.token)).json()).toMatchObject({ name: "Existing", goal: null });
    expect((await get(lead.id)).json().data.registered).toBe(false);
    // The member, signed in, does not see it as theirs yet either: it is an unclaimed lead, reachable by its id.
    expect((await get(lead.id, bearer(member.token))).json().data.registered).toBe(false);

    const link = await resultLink(member.email);
    const res = await exchange(link.email, link.token);
    expect(res.statusCode, res.body).toBe(200);
    const me = (await whoAmI(t.app, res.json().token)).json();
    expect(me).toMatchObject({ id: member.id, name: "Existing", goal: "REDUCE_STRESS" });
    expect((await t.database.db.select().from(users).where(eq(users.email, member.email))).length).toBe(1);
    expect((await get(lead.id, bearer(res.json().token))).json().data).toMatchObject({ registered: true, name: "Someone Else" });
    // The link proved the address in another browser: the registration's session, never proven, ended (decision 050).
    expect((await whoAmI(t.app, member.token)).statusCode).toBe(401);
  });

  it("stops working once the lead signs up through its sign-up link, which brings the answers and goal along", async () => {
    const email = uniqueEmail("signs-up");
    const lead = await visitorLead(email);
    const link = await resultLink(email);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      payload: { statistic_id: lead.statistic_id, token: await linkToken(email), password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;
    expect((await whoAmI(t.app, token)).json()).toMatchObject({ email, goal: "REDUCE_STRESS" });
    expect((await answersOfLead(lead.id))[0]).toMatchObject({ userId: (await userByEmail(email))!.id, email: null });
    expect((await get(lead.id, bearer(token))).json().data.registered).toBe(true);
    expect((await exchange(link.email, link.token)).statusCode).toBe(422);
  });

  it("works only for the address it was sent to, and not after it expires", async () => {
    const email = uniqueEmail("wrong-address");
    await visitorLead(email);
    const link = await resultLink(email);
    const other = uniqueEmail("other");
    expect((await exchange(other, link.token)).statusCode).toBe(422);
    expect(await userByEmail(other)).toBeNull();
    await t.database.db
      .update(leads)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(leads.email, email));
    expect((await exchange(email, link.token)).statusCode).toBe(422);
    expect(await userByEmail(email)).toBeNull();
  });

  it("leaves the account, lead and answers for account deletion to remove with the address", async () => {
    const email = uniqueEmail("leaving");
    const lead = await visitorLead(email);
    const link = await resultLink(email);
    expect((await exchange(link.email, link.token)).statusCode).toBe(200);
    await post({ email, quiz: "onboarding", answers: { goal: "SLEEP_BETTER" } });
    const user = (await userByEmail(email))!;
    expect(await createAccountsRepository(t.database.db).deleteUser(user.id, email)).toBe(true);
    expect(await t.database.db.select().from(leads).where(eq(leads.email, email))).toEqual([]);
    expect(await answersOfLead(lead.id)).toEqual([]);
    expect(await t.database.db.select().from(quizAnswers).where(eq(quizAnswers.email, email))).toEqual([]);
  });
});

describe("POST /api/v1/lead (a signed-in member)", () => {
  it("links the lead and answers to the member at once, sets the goal, and sends no e-mail", async () => {
    const member = await registerMember(t.app, t.database, { name: "Member" });
    const email = uniqueEmail("member-lead");
    const res = await post({ email, quiz: "onboarding", answers: { goal: "SLEEP_BETTER", tension: 60 } }, bearer(member.token));
    expect(res.statusCode, res.body).toBe(201);
    const lead = res.json().data;
    expect(lead).toMatchObject({ registered: true, goal: "SLEEP_BETTER", outcome_percentage: 90, quiz_slug: "onboarding" });
    expect(await mailsTo(t.database, email)).toEqual([]);
    expect((await whoAmI(t.app, member.token)).json().goal).toBe("SLEEP_BETTER");
    expect((await answersOfLead(lead.id))[0]).toMatchObject({ userId: member.id, email: null });
    expect((await get(lead.id)).statusCode).toBe(404);
    expect((await get(lead.id, bearer(member.token))).statusCode).toBe(200);

    // The member changes the answers: the goal follows, as with POST /quiz.
    const changed = await put({ id: lead.id, answers: { goal: "REDUCE_STRESS" } }, bearer(member.token));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await whoAmI(t.app, member.token)).json().goal).toBe("REDUCE_STRESS");
  });

  it("answers 401 for a bearer token that is not live", async () => {
    expect((await post({ email: uniqueEmail("x") }, bearer("not-a-token"))).statusCode).toBe(401);
    expect((await get("00000000-0000-4000-8000-000000000000", bearer("not-a-token"))).statusCode).toBe(401);
  });
});

describe("GET /api/v1/lead/{id} and PUT /api/v1/lead (an unclaimed lead)", () => {
  let member: Member;
  beforeAll(async () => {
    member = await registerMember(t.app, t.database, { name: "Passer-by" });
  });

  it("is reachable by its id, signed in or not, and never cached", async () => {
    const lead = await visitorLead();
    for (const headers of [{}, bearer(member.token)]) {
      const res = await get(lead.id, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: lead.id, registered: false, answers: CALM });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers 404 for an unknown id and for anything that is not a uuid", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1", "statistic", "%27%20or%201%3D1"]) {
      const res = await get(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: "Lead not found." });
    }
  });

  it("keeps the last values when updated twice", async () => {
    const lead = await visitorLead();
    const first = await put({ id: lead.id, name: "First", answers: { ...CALM, goal: "SLEEP_BETTER" } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put({ id: lead.id, name: "Second", answers: { goal: "INCREASE_ENERGY", breathing: "often" } });
    expect(second.statusCode, second.body).toBe(200);
    const shown = (await get(lead.id)).json().data;
    expect(shown).toMatchObject({ name: "Second", goal: "INCREASE_ENERGY", answers: { goal: "INCREASE_ENERGY", breathing: "often" } });
    expect(shown.answers).not.toHaveProperty("stress");
    expect(await answersOfLead(lead.id)).toHaveLength(1);
    // The same e-mail: no new link.
    expect(await mailsTo(t.database, lead.email, SUBJECT)).toHaveLength(1);
    // Nobody's goal changed: the lead is nobody's yet.
    expect((await whoAmI(t.app, member.token)).json().goal).toBeNull();
  });

  it("re-sends the link to a new e-mail; the old link stops working and the new one claims the lead", async () => {
    const oldEmail = uniqueEmail("typo");
    const lead = await visitorLead(oldEmail);
    const oldLink = await resultLink(oldEmail);
    const newEmail = uniqueEmail("fixed");
    const res = await put({ id: lead.id, email: newEmail.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: newEmail, registered: false });
    expect((await answersOfLead(lead.id))[0]!.email).toBe(newEmail);
    expect((await exchange(oldEmail, oldLink.token)).statusCode).toBe(422);
    expect(await userByEmail(oldEmail)).toBeNull();
    const newLink = await resultLink(newEmail);
    expect(newLink.redirect).toBe(`/quiz-dynamic-results/calm-check-in?lead=${lead.id}`);
    expect((await exchange(newLink.email, newLink.token)).statusCode).toBe(200);
    expect((await userByEmail(newEmail))!.goal).toBe("REDUCE_STRESS");
  });

  const badUpdates: [string, (id: string) => unknown, string, number][] = [
    ["answers that do not fit the lead's quiz", (id) => ({ id, answers: { tension: 50 } }), "answers.tension", 422],
    ["a slider outside 0-100", (id) => ({ id, answers: { goal: "SLEEP_BETTER", breathing: 7 } }), "answers.breathing", 422],
    ["a bad e-mail", (id) => ({ id, email: "nope" }), "email", 422],
    ["an id that is not a uuid", () => ({ id: "nope", name: "x" }), "id", 422],
    ["no id", () => ({ name: "x" }), "id", 422],
  ];
  it.each(badUpdates)("refuses %s, changing nothing", async (_name, payload, field, status) => {
    const lead = await visitorLead();
    const res = await put(payload(lead.id));
    expect(res.statusCode, res.body).toBe(status);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect((await get(lead.id)).json().data).toMatchObject({ email: lead.email, answers: CALM });
  });

  it("refuses answers for a lead that has no quiz, and answers 404 for an unknown lead", async () => {
    const res = await post({ email: uniqueEmail("no-quiz") });
    const noQuiz = await put({ id: res.json().data.id, answers: { goal: "SLEEP_BETTER" } });
    expect(noQuiz.statusCode).toBe(422);
    expect(Object.keys(noQuiz.json().errors)).toEqual(["answers"]);
    expect((await put({ id: "00000000-0000-4000-8000-000000000000", name: "x" })).statusCode).toBe(404);
  });
});

describe("POST /api/v1/quiz with a lead", () => {
  const answer = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/v1/quiz", payload: payload as object, headers, remoteAddress: randomIp() });

  it("stores the answers against the lead named by id or statistic id; the lead shows the newest", async () => {
    const created = await post({ email: uniqueEmail("later") });
    const lead = created.json().data;
    const byId = await answer({ quiz: "calm-check-in", answers: CALM, lead: lead.id });
    expect(byId.statusCode, byId.body).toBe(201);
    const [row] = await t.database.db.select().from(quizAnswers).where(eq(quizAnswers.id, byId.json().data.id));
    expect(row).toMatchObject({ leadId: lead.id, userId: null, email: lead.email });
    const byStatistic = await answer({ quiz: "onboarding", answers: { goal: "SLEEP_BETTER" }, statistic_id: lead.statistic_id });
    expect(byStatistic.statusCode, byStatistic.body).toBe(201);
    expect((await get(lead.id)).json().data).toMatchObject({ quiz_slug: "onboarding", goal: "SLEEP_BETTER" });
  });

  it("answers 422 for an unknown lead, and for a lead another member claimed, storing nothing", async () => {
    const owner = await registerMember(t.app, t.database, { name: "Owner" });
    const claimed = (await post({ email: uniqueEmail("owned") }, bearer(owner.token))).json().data;
    const other = await registerMember(t.app, t.database, { name: "Other" });
    const cases: [unknown, Record<string, string>, string][] = [
      [{ quiz: "onboarding", answers: {}, lead: "00000000-0000-4000-8000-000000000000" }, {}, "lead"],
      [{ quiz: "onboarding", answers: {}, lead: "not-a-uuid" }, {}, "lead"],
      [{ quiz: "onboarding", answers: {}, statistic_id: "no-such-lead" }, {}, "statistic_id"],
      [{ quiz: "onboarding", answers: {}, lead: claimed.id }, {}, "lead"],
      [{ quiz: "onboarding", answers: {}, lead: claimed.id }, bearer(other.token), "lead"],
    ];
    for (const [payload, headers, field] of cases) {
      const before = (await t.database.db.select().from(quizAnswers)).length;
      const res = await answer(payload, headers);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect((await t.database.db.select().from(quizAnswers)).length).toBe(before);
    }
    expect((await answer({ quiz: "onboarding", answers: {}, lead: claimed.id }, bearer(owner.token))).statusCode).toBe(201);
  });
});
