import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import {
  bearer,
  expectBothParts,
  lastMailTo,
  linkIn,
  login,
  mailsTo,
  randomIp,
  registerMember,
  rows,
  uniqueEmail,
  whoAmI,
} from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * POST /lead/{id}/account: a lead buying on its offer page (/lead-checkout) gets an account with a
 * temporary password e-mailed to the lead's address, and a session token at once; only with the
 * lead's own link token, which the offer link in the lead's e-mail carries (decision 050).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const CALM = { goal: "REDUCE_STRESS", stress: ["racing_thoughts", "tight_body"], breathing: "rarely", evenings: "hard" };
const SUBJECT = "Your Serene account";

async function newLead(email = uniqueEmail("lead"), name = "Lee Calm") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/lead",
    payload: { email, name, quiz: "calm-check-in", answers: CALM },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  // The offer link of the lead's e-mail: /lead-checkout/{id}?lead=…&token=…
  const offer = linkIn(await lastMailTo(t.database, email, "result"), "/lead-checkout");
  expect(offer.searchParams.get("lead")).toBe(res.json().data.id);
  return { id: res.json().data.id as string, email, name, token: offer.searchParams.get("token")! };
}
const openAccount = (lead: { id: string; token?: string }, remoteAddress = randomIp()) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/lead/${lead.id}/account`,
    ...(lead.token !== undefined ? { payload: { token: lead.token } } : {}),
    remoteAddress,
  });

describe("POST /lead/{id}/account", () => {
  it("opens an account with the lead's name and e-mail, e-mails a temporary password that logs in, and answers a session token", async () => {
    const lead = await newLead();
    const leadsOffer = (await t.app.inject({ url: `/api/v1/checkout/3?lead=${lead.id}` })).json().data.offer;
    expect(leadsOffer.ends_at).toBeTruthy();
    const res = await openAccount(lead);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ token: expect.any(String), email: lead.email, name: lead.name });
    const me = await whoAmI(t.app, res.json().token);
    expect(me.statusCode).toBe(200);

    const mail = await lastMailTo(t.database, lead.email, SUBJECT);
    expectBothParts(mail);
    expect(mail.subject).toBe(SUBJECT);
    const password = mail.text.match(/Temporary password: (\S+)/)?.[1];
    expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(mail.html).toContain(password);
    expect(mail.text).toContain(`E-mail: ${lead.email}`);
    expect(mail.text).toContain("change this temporary password in Settings");
    expect(linkIn(mail, "/login").toString()).toBe(`${t.config.appUrl}/login`);
    expect((await login(t.app, lead.email, password!)).statusCode).toBe(200);

    // Stored as every password: argon2id, never the password itself.
    const [user] = await rows<{ id: string; password_hash: string; name: string; goal: string | null; email_verified_at: Date | null }>(
      t.database,
      "select id, password_hash, name, goal, email_verified_at from users where email = $1",
      [lead.email],
    );
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    expect(user!.password_hash).not.toContain(password);
    // Claimed as the e-mailed link claims it: the lead, its answers and goal, and its offer clock.
    expect(user!.goal).toBe("REDUCE_STRESS");
    // The link token came from the lead's inbox: the address is proven.
    expect(user!.email_verified_at).not.toBeNull();
    expect(await rows(t.database, "select 1 from leads where id = $1 and user_id = $2", [lead.id, user!.id])).toHaveLength(1);
    expect(await rows(t.database, "select 1 from quiz_answers where lead_id = $1 and user_id = $2", [lead.id, user!.id])).toHaveLength(1);
    // The lead's offer clock is the member's: the same deadline on the member's checkout.
    const asMember = (await t.app.inject({ url: "/api/v1/user/checkout/3", headers: bearer(res.json().token) })).json();
    expect(asMember.data.offer.ends_at).toBe(leadsOffer.ends_at);
    const shown = await t.app.inject({ url: `/api/v1/lead/${lead.id}`, headers: bearer(res.json().token), remoteAddress: randomIp() });
    expect(shown.json().data.registered).toBe(true);
  });

  it("answers 404 once the lead is claimed (a second account is never made), and for an unknown or malformed id", async () => {
    const lead = await newLead();
    expect((await openAccount(lead)).statusCode).toBe(201);
    const again = await openAccount(lead);
    expect(again.statusCode).toBe(404);
    expect(await mailsTo(t.database, lead.email, SUBJECT)).toHaveLength(1);
    expect((await openAccount({ id: "00000000-0000-4000-8000-000000000000", token: lead.token })).statusCode).toBe(404);
    expect((await openAccount({ id: "not-a-lead" })).statusCode).toBe(404);
  });

  it("answers 409 when the e-mail already has an account, and changes nothing", async () => {
    const member = await registerMember(t.app, t.database);
    const lead = await newLead(member.email);
    const res = await openAccount(lead);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "An account with this e-mail already exists. Log in to continue." });
    expect(await mailsTo(t.database, member.email, SUBJECT)).toHaveLength(0);
    expect((await login(t.app, member.email, member.password)).statusCode).toBe(200);
    expect(await rows(t.database, "select 1 from leads where id = $1 and user_id is null", [lead.id])).toHaveLength(1);
  });

  it("makes one account when two requests for one lead arrive at once", async () => {
    const lead = await newLead();
    const answers = await Promise.all([openAccount(lead), openAccount(lead), openAccount(lead)]);
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.every((res) => [201, 404, 409].includes(res.statusCode))).toBe(true);
    expect(await rows(t.database, "select 1 from users where email = $1", [lead.email])).toHaveLength(1);
    expect(await mailsTo(t.database, lead.email, SUBJECT)).toHaveLength(1);
  });

  it(`is rate limited per lead (${RATE_LIMITS.leadAccount.account.points}) and per client address (${RATE_LIMITS.leadAccount.ip.points})`, async () => {
    const lead = await newLead();
    const ip = randomIp();
    for (let n = 0; n < RATE_LIMITS.leadAccount.account.points; n++) expect((await openAccount({ id: lead.id })).statusCode).not.toBe(429);
    const held = await openAccount({ id: lead.id });
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBeDefined();
    for (let n = 0; n < RATE_LIMITS.leadAccount.ip.points; n++) {
      expect((await openAccount({ id: "00000000-0000-4000-8000-0000000000" + String(n).padStart(2, "0") }, ip)).statusCode).toBe(404);
    }
    expect((await openAccount(await newLead(), ip)).statusCode).toBe(429);
  });

  it("opens nothing for a lead id alone, a wrong token or another lead's token: only the lead's inbox has the link", async () => {
    const lead = await newLead();
    const other = await newLead();
    const message = "This link is incomplete or no longer works. Please open the link from your e-mail again.";
    for (const attempt of [
      { id: lead.id },
      { id: lead.id, token: "" },
      { id: lead.id, token: "x".repeat(43) },
      { id: lead.id, token: other.token },
    ]) {
      const res = await openAccount(attempt);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message, errors: { token: [message] } });
      expect(res.json().token).toBeUndefined();
    }
    expect(await rows(t.database, "select 1 from users where email = $1", [lead.email])).toHaveLength(0);
    expect(await mailsTo(t.database, lead.email, SUBJECT)).toHaveLength(0);
    expect(await rows(t.database, "select 1 from leads where id = $1 and user_id is null", [lead.id])).toHaveLength(1);
    // Refuses a token of the wrong type and an oversized one with the usual 422.
    for (const payload of [{ token: 7 }, { token: "t".repeat(300) }]) {
      const res = await t.app.inject({ method: "POST", url: `/api/v1/lead/${lead.id}/account`, payload, remoteAddress: randomIp() });
      expect(res.statusCode).toBe(422);
    }
  });
});
