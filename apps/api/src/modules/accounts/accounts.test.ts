import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { accessTokens, accountCodes, leads, users } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  expectBothParts,
  formBody,
  lastMailTo,
  linkIn,
  login,
  multipartBody,
  PASSWORD,
  randomIp,
  registerMember,
  rows,
  uniqueEmail,
  whoAmI,
  type Member,
} from "../../test/accounts.ts";
import { createTestApp, useProductionPasswordCost, type TestApp } from "../../test/test-app.ts";
import { DAY_MS } from "@serene/domain";

const CREDENTIALS = {
  message: "These credentials do not match our records.",
  errors: { email: ["These credentials do not match our records."] },
};
const ALREADY = "An account with this e-mail address already exists. Please log in.";
const ARGON2ID = "$argon2id$v=19$m=19456,t=2,p=1$";

let t: TestApp;
let member: Member;

beforeAll(async () => {
  t = await createTestApp({ APP_NAME: "Serene", APP_URL: "https://app.serene.test" });
  member = await registerMember(t.app, t.database, { name: "Robin", email: uniqueEmail("robin") });
});
afterAll(async () => t.close());

const register = (payload: Record<string, unknown>, remoteAddress = randomIp()) =>
  t.app.inject({ method: "POST", url: "/api/v1/user", payload, remoteAddress });

const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const tokensOf = (userId: string) => t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, userId));
const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

describe("POST /api/v1/user (registration)", () => {
  it("creates the account from JSON and answers with a working token", async () => {
    const email = uniqueEmail("json");
    const res = await register({ name: "  Ada  ", email, password: PASSWORD, phone: "", platform: "web" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ token: expect.any(String), status: 200, message: "Your account has been created." });
    expect(body.token.length).toBeGreaterThanOrEqual(40);

    const me = await whoAmI(t.app, body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: "Ada", email, pending_email: null, has_password: true, goal: null });
    expect(me.json().created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("stores the password only as an argon2id hash with OWASP's cost", async () => {
    useProductionPasswordCost();
    const owasp = await registerMember(t.app, t.database, { name: "Ola", email: uniqueEmail("owasp") });
    const user = await userByEmail(owasp.email);
    expect(user!.passwordHash!.startsWith(ARGON2ID)).toBe(true);
    expect(JSON.stringify(await rows(t.database, "SELECT * FROM users WHERE id = $1", [owasp.id]))).not.toContain(owasp.password);
  });

  it("stores the session token only as its SHA-256", async () => {
    const stored = await tokensOf(member.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(sha256(member.token));
    expect(stored[0]!.deviceName).toBe("web");
    const everything = JSON.stringify(await rows(t.database, "SELECT * FROM access_tokens"));
    expect(everything).not.toContain(member.token);
  });

  it("stores the e-mail address trimmed and lower-cased", async () => {
    const email = uniqueEmail("mixed");
    const res = await register({ name: "Mia", email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await userByEmail(email)).toBeDefined();
    expect((await whoAmI(t.app, res.json().token)).json().email).toBe(email);
  });

  it("sends a welcome e-mail with a single-use sign-in link, in text and HTML", async () => {
    const mail = await lastMailTo(t.database, member.email, "Welcome to Serene");
    expectBothParts(mail);
    expect(mail.userId).toBe(member.id);
    expect(mail.text).toContain("Hi Robin,");
    expect(mail.text).toContain("works once and for 30 minutes");
    const link = linkIn(mail, "/authorization");
    expect(link.origin).toBe("https://app.serene.test");
    expect(link.searchParams.get("email")).toBe(member.email);
    expect(link.searchParams.get("token")).toBeTruthy();
    expect(link.searchParams.get("redirect")).toBe("/home");
  });

  it("accepts multipart form data, as the web app sends it", async () => {
    const email = uniqueEmail("multipart");
    const form = await multipartBody({ name: "Form", email, password: PASSWORD, phone: "", platform: "web" });
    expect(form.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      remoteAddress: randomIp(),
      payload: form.payload,
      headers: { ...form.headers, accept: "application/json" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(200);
    expect((await userByEmail(email))!.name).toBe("Form");
  });

  it("accepts url-encoded form data", async () => {
    const email = uniqueEmail("urlencoded");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      remoteAddress: randomIp(),
      ...formBody({ name: "Encoded", email, password: PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await whoAmI(t.app, res.json().token)).json()).toMatchObject({ name: "Encoded", email });
  });

  it("answers 208 for an e-mail that already has an account, and changes nothing", async () => {
    const before = await userByEmail(member.email);
    for (const email of [member.email, ` ${member.email.toUpperCase()}`]) {
      const res = await register({ name: "Intruder", email, password: "another-good-pass-9" });
      expect(res.statusCode).toBe(208);
      expect(res.json()).toEqual({ token: null, status: 208, message: ALREADY });
    }
    expect(await userByEmail(member.email)).toEqual(before);
    expect(await tokensOf(member.id)).toHaveLength(1);
    expect((await login(t.app, member.email, member.password)).statusCode).toBe(200);
  });

  it("answers 208 for a multipart registration of a taken address too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      remoteAddress: randomIp(),
      ...(await multipartBody({ name: "Again", email: member.email, password: PASSWORD })),
    });
    expect(res.statusCode).toBe(208);
    expect(res.json().token).toBeNull();
  });

  it("lists every missing field", async () => {
    const res = await register({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "The name field is required. (and 2 more errors)",
      errors: {
        name: ["The name field is required."],
        email: ["The email field is required."],
        password: ["The password field is required."],
      },
    });
  });

  it("refuses blank values as missing", async () => {
    const res = await register({ name: "   ", email: "  ", password: "" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ["The name field is required."],
      email: ["The email field is required."],
      password: ["The password field is required."],
    });
  });

  it("refuses values of the wrong type", async () => {
    const res = await register({ name: 123, email: ["a@b.co"], password: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ["The name field must be a string."],
      email: ["The email field must be a string."],
      password: ["The password field must be a string."],
    });
  });

  it("refuses a body that is not an object", async () => {
    for (const payload of ["[]", '"text"', "null"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/user",
        payload,
        headers: { "content-type": "application/json" },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("refuses a malformed address and an over-long name or address with Laravel's messages", async () => {
    const bad = await register({ name: "Ann", email: "not-an-email", password: PASSWORD });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ["The email field must be a valid email address."] });

    const long = await register({ name: "n".repeat(101), email: `${"e".repeat(250)}@x.io`, password: PASSWORD });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      name: ["The name field must not be greater than 100 characters."],
      email: ["The email field must not be greater than 254 characters."],
    });
  });

  it.each([
    ["too short", "short7!", "The password field must be at least 8 characters."],
    ["too long", "x".repeat(129), "The password field must not be greater than 128 characters."],
    ["common", "password123", "This password is too common. Please choose a less common password."],
    ["common, in capitals", "QWERTYUIOP", "This password is too common. Please choose a less common password."],
  ])("refuses a password that is %s", async (_label, password, message) => {
    const email = uniqueEmail("weak");
    const res = await register({ name: "Weak", email, password });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { password: [message] } });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses the e-mail address as the password", async () => {
    const email = uniqueEmail("same");
    const res = await register({ name: "Same", email, password: email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(["The password must not be the same as your e-mail address."]);
  });

  it("refuses an oversized JSON body with 413 and stores nothing", async () => {
    const email = uniqueEmail("huge");
    const res = await register({ name: "Huge", email, password: PASSWORD, phone: "9".repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "The request body is too large." });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses an oversized url-encoded body with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      remoteAddress: randomIp(),
      ...formBody({ name: "x".repeat(70_000) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it("refuses files and too many parts in multipart form data", async () => {
    const email = uniqueEmail("file");
    const withFile = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      remoteAddress: randomIp(),
      ...(await multipartBody({ name: "File", email, password: PASSWORD, avatar: new Blob(["GIF89a"], { type: "image/gif" }) })),
    });
    expect(withFile.statusCode).toBe(413);
    expect(withFile.json()).toEqual({ message: "Files are not accepted here." });
    expect(await userByEmail(email)).toBeUndefined();

    const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, "x"]));
    const tooMany = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      remoteAddress: randomIp(),
      ...(await multipartBody(fields)),
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: "The form has too many fields." });
  });

  it("refuses a body in another content type with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      payload: "name=x",
      headers: { "content-type": "text/plain" },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Unsupported content type. Send application/json.");
  });

  it("limits registrations per client address: the 11th in 10 minutes gets 429 with Retry-After", async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await register({ name: "Spam", email: uniqueEmail("spam"), password: "short" }, ip);
      expect(res.statusCode, `attempt ${attempt}`).toBe(422);
    }
    const limited = await register({ name: "Spam", email: uniqueEmail("spam"), password: PASSWORD }, ip);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(limited.json()).toEqual({ message: `Too many attempts. Please try again in ${retryAfter} seconds.` });
    // Another address is not held back.
    expect((await register({ name: "Spam", email: uniqueEmail("spam"), password: "short" })).statusCode).toBe(422);
  });

  it("limits registrations per e-mail address across client addresses: the 6th gets 429", async () => {
    const email = uniqueEmail("target");
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await register({ name: "Target", email, password: "short" })).statusCode, `attempt ${attempt}`).toBe(422);
    }
    const limited = await register({ name: "Target", email: email.toUpperCase(), password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(await userByEmail(email)).toBeUndefined();
  });
});

/** A pre-registered lead and its own link token (the one its invitation e-mail carries). */
async function preRegisteredLead(statisticId: string, name: string, email: string) {
  const token = `invitation-${statisticId}`;
  await t.database.db
    .insert(leads)
    .values({ statisticId, name, email, linkTokenHash: createHash("sha256").update(token).digest("base64url") });
  return token;
}

describe("registration of a pre-registered lead (statistic_id)", () => {
  it("shows the lead's name and e-mail, registers with the password alone, then forgets the lead", async () => {
    const statisticId = `lead-${Date.now()}`;
    const email = uniqueEmail("lead");
    const token = await preRegisteredLead(statisticId, "Jamie", email);

    const identity = await t.app.inject({ url: `/api/v1/lead/statistic/${statisticId}?t=1` });
    expect(identity.statusCode).toBe(200);
    expect(identity.json()).toEqual({ email, name: "Jamie" });

    const res = await register({
      statistic_id: statisticId,
      token,
      password: PASSWORD,
      name: "Someone Else",
      email: uniqueEmail("ignored"),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await whoAmI(t.app, res.json().token)).json()).toMatchObject({ name: "Jamie", email });
    // The link came from the lead's inbox: the address is proven.
    expect((await userByEmail(email))!.emailVerifiedAt).not.toBeNull();
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.statisticId, statisticId));
    expect(lead!.userId).toBe((await userByEmail(email))!.id);

    expect((await t.app.inject({ url: `/api/v1/lead/statistic/${statisticId}` })).statusCode).toBe(404);
  });

  it("refuses an unknown statistic id", async () => {
    const res = await register({ statistic_id: "no-such-lead", password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ statistic_id: ["The selected statistic id is invalid."] });
  });

  it("opens nothing with a statistic id alone or with a wrong token: only the lead's inbox has the link", async () => {
    const statisticId = `lead-taken-${Date.now()}`;
    const email = uniqueEmail("lead");
    await preRegisteredLead(statisticId, "Kim", email);
    const message = "This link is incomplete or no longer works. Please open the link from your e-mail again.";
    for (const token of [undefined, "", "invitation-someone-else"]) {
      const res = await register({ statistic_id: statisticId, password: PASSWORD, ...(token !== undefined ? { token } : {}) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message, errors: { token: [message] } });
    }
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("still checks the password of a lead", async () => {
    const statisticId = `lead-weak-${Date.now()}`;
    const token = await preRegisteredLead(statisticId, "Jo", uniqueEmail("lead"));
    const res = await register({ statistic_id: statisticId, token, password: "qwertyuiop" });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["password"]);
  });
});

describe("GET /api/v1/lead/statistic/{statistic_id}", () => {
  it("answers a malformed or over-long id exactly like an unknown one: 404", async () => {
    for (const id of ["unknown", randomUUID(), "x".repeat(65), "%20"]) {
      const res = await t.app.inject({ url: `/api/v1/lead/statistic/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: "Not found." });
    }
  });
});

describe("POST /api/v1/user/token (log-in)", () => {
  it("answers a new token for the right password, and the e-mail in any case", async () => {
    const res = await login(t.app, `  ${member.email.toUpperCase()} `, member.password);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(["token"]);
    const token = res.json().token as string;
    expect(token).not.toBe(member.token);
    expect((await whoAmI(t.app, token)).json().email).toBe(member.email);
    const stored = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await rows(t.database, "SELECT * FROM access_tokens"))).not.toContain(token);
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const unknown = await login(t.app, uniqueEmail("nobody"), member.password);
    const wrong = await login(t.app, member.email, "not-the-password");
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(CREDENTIALS);
    expect(wrong.body).toBe(unknown.body);
  });

  it("gives the same answer for an account made through social sign-in, which has no password", async () => {
    const email = uniqueEmail("social-only");
    await t.database.db.insert(users).values({ name: "Social", email, passwordHash: null });
    const res = await login(t.app, email, "");
    expect(res.statusCode).toBe(422);
    const res2 = await login(t.app, email, "anything-at-all");
    expect(res2.json()).toEqual(CREDENTIALS);
  });

  it("names the missing fields", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/token",
      payload: { device_name: "web" },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ["The email field is required."], password: ["The password field is required."] });
  });

  it("refuses values of the wrong type and an over-long device name", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/token",
      payload: { login: 5, password: ["x"] },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["login", "password"]);
    const device = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/token",
      payload: { login: member.email, password: member.password, device_name: "d".repeat(65) },
      remoteAddress: randomIp(),
    });
    expect(device.statusCode).toBe(422);
    expect(Object.keys(device.json().errors)).toEqual(["device_name"]);
  });

  it("records the device name with the token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/token",
      payload: { login: member.email, password: member.password, device_name: "kitchen-tablet" },
      remoteAddress: randomIp(),
    });
    const [stored] = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(res.json().token)));
    expect(stored!.deviceName).toBe("kitchen-tablet");
  });

  it("holds a client address back after 30 attempts in a minute, whatever the accounts", async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/user/token",
        payload: { login: uniqueEmail("spray"), password: "x" },
        remoteAddress: ip,
      });
      expect(res.statusCode, `attempt ${attempt}`).toBe(422);
    }
    const limited = await login(t.app, member.email, member.password, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect((await login(t.app, member.email, member.password)).statusCode).toBe(200);
  });
});

describe("POST /api/v1/user/token/refresh", () => {
  it("keeps the same token and moves its expiry to 30 days from now", async () => {
    const { token } = (await login(t.app, member.email, member.password)).json();
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(accessTokens.tokenHash, sha256(token)));
    const res = await t.app.inject({ method: "POST", url: "/api/v1/user/token/refresh?t=99", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBe(token);
    expect(body.expires_at).toMatch(/Z$/);
    const expiresAt = new Date(body.expires_at).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    const [stored] = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(token)));
    expect(stored!.expiresAt.getTime()).toBe(expiresAt);
  });

  it("never moves the expiry past 180 days after the token was issued", async () => {
    const { token } = (await login(t.app, member.email, member.password)).json();
    const issued = new Date(Date.now() - 175 * DAY_MS);
    await t.database.db
      .update(accessTokens)
      .set({ createdAt: issued })
      .where(eq(accessTokens.tokenHash, sha256(token)));
    const res = await t.app.inject({ method: "POST", url: "/api/v1/user/token/refresh", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().expires_at).getTime()).toBe(issued.getTime() + 180 * DAY_MS);
  });

  it("answers 401 without a token, with an unknown one, a malformed header, or an expired token", async () => {
    const { token } = (await login(t.app, member.email, member.password)).json();
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, sha256(token)));
    for (const headers of [
      {},
      bearer("made-up-token"),
      { authorization: token },
      { authorization: `Basic ${token}` },
      bearer(token),
      bearer("x".repeat(300)),
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/api/v1/user/token/refresh", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthenticated." });
    }
    expect((await whoAmI(t.app, token)).statusCode).toBe(401);
  });
});

describe("DELETE /api/v1/user/token (log-out)", () => {
  it("revokes this token only", async () => {
    const first = (await login(t.app, member.email, member.password)).json().token as string;
    const second = (await login(t.app, member.email, member.password)).json().token as string;
    const res = await t.app.inject({ method: "DELETE", url: "/api/v1/user/token", headers: bearer(first) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await whoAmI(t.app, first)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/user/token/refresh", headers: bearer(first) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/v1/user/token", headers: bearer(first) })).statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, sha256(first))),
    ).toHaveLength(0);
    expect((await whoAmI(t.app, second)).statusCode).toBe(200);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/v1/user/token" });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/v1/authorization-by-tmp-token/{email}", () => {
  async function welcomeLink() {
    const fresh = await registerMember(t.app, t.database, { name: "Tess", email: uniqueEmail("tmp") });
    const link = linkIn(await lastMailTo(t.database, fresh.email, "Welcome"), "/authorization");
    return { fresh, token: link.searchParams.get("token")!, email: link.searchParams.get("email")! };
  }
  const exchange = (email: string, body: Record<string, unknown>, remoteAddress = randomIp()) =>
    t.app.inject({ method: "POST", url: `/api/v1/authorization-by-tmp-token/${encodeURIComponent(email)}`, payload: body, remoteAddress });

  it("exchanges the e-mailed token for a session token, once", async () => {
    const { fresh, token, email } = await welcomeLink();
    const res = await exchange(email, { email, tmp_token: token, device_name: "web" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await whoAmI(t.app, res.json().token)).json().id).toBe(fresh.id);

    const again = await exchange(email, { email, tmp_token: token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: "This sign-in link is invalid or has expired.",
      errors: { tmp_token: ["This sign-in link is invalid or has expired."] },
    });
  });

  it("keeps only a hash of the temporary token", async () => {
    const { token } = await welcomeLink();
    const stored = JSON.stringify(await rows(t.database, "SELECT * FROM account_codes"));
    expect(stored).not.toContain(token);
    expect(stored).toContain(sha256(token));
  });

  it("refuses the token for another address in the body, without using it up", async () => {
    const { token, email } = await welcomeLink();
    expect((await exchange(email, { email: member.email, tmp_token: token })).statusCode).toBe(422);
    expect((await exchange(email.toUpperCase(), { email, tmp_token: token })).statusCode).toBe(200);
  });

  it("refuses the token for another address in the path, without using it up", async () => {
    const { fresh, token, email } = await welcomeLink();
    const res = await exchange(member.email, { tmp_token: token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ tmp_token: ["This sign-in link is invalid or has expired."] });
    expect((await exchange(uniqueEmail("nobody"), { tmp_token: token })).statusCode).toBe(422);
    const owner = await exchange(email, { tmp_token: token });
    expect(owner.statusCode).toBe(200);
    expect((await whoAmI(t.app, owner.json().token)).json().id).toBe(fresh.id);
  });

  it("refuses an expired token", async () => {
    const { fresh, token, email } = await welcomeLink();
    await t.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.userId, fresh.id));
    expect((await exchange(email, { tmp_token: token })).statusCode).toBe(422);
  });

  it("refuses a token of another kind, such as a password reset code", async () => {
    const { fresh, email } = await welcomeLink();
    await t.app.inject({ url: `/api/v1/user/recovery-password?email=${encodeURIComponent(email)}`, remoteAddress: randomIp() });
    await t.settled();
    const reset = linkIn(await lastMailTo(t.database, fresh.email, "Reset"), "/password/reset").searchParams.get("token")!;
    expect((await exchange(email, { tmp_token: reset })).statusCode).toBe(422);
  });

  it("names a missing token and refuses wrong types", async () => {
    const missing = await exchange(member.email, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ tmp_token: ["The tmp token field is required."] });
    expect((await exchange(member.email, { tmp_token: 42 })).statusCode).toBe(422);
    expect((await exchange(member.email, { tmp_token: "x".repeat(257) })).statusCode).toBe(422);
  });

  it("limits guesses per address: the 11th in 15 minutes gets 429", async () => {
    const email = uniqueEmail("guess");
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await exchange(email, { tmp_token: `guess-${attempt}` })).statusCode).toBe(422);
    }
    const limited = await exchange(email, { tmp_token: "guess-11" });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
  });
});

describe("lifetimes from the configuration", () => {
  it("follow TMP_TOKEN_MINUTES, TOKEN_IDLE_DAYS and TOKEN_MAX_DAYS", async () => {
    const custom = await createTestApp({ TMP_TOKEN_MINUTES: "5", TOKEN_IDLE_DAYS: "1", TOKEN_MAX_DAYS: "2" });
    try {
      const fresh = await registerMember(custom.app, custom.database);
      const welcome = await lastMailTo(custom.database, fresh.email, "Welcome");
      expect(welcome.text).toContain("works once and for 5 minutes");
      const [code] = await custom.database.db.select().from(accountCodes).where(eq(accountCodes.userId, fresh.id));
      expect(Math.abs(code!.expiresAt.getTime() - (Date.now() + 5 * 60_000))).toBeLessThan(60_000);

      const [token] = await custom.database.db.select().from(accessTokens).where(eq(accessTokens.userId, fresh.id));
      expect(Math.abs(token!.expiresAt.getTime() - (Date.now() + DAY_MS))).toBeLessThan(60_000);

      const issued = new Date(Date.now() - 1.5 * DAY_MS);
      await custom.database.db.update(accessTokens).set({ createdAt: issued }).where(eq(accessTokens.id, token!.id));
      const refreshed = await custom.app.inject({ method: "POST", url: "/api/v1/user/token/refresh", headers: bearer(fresh.token) });
      expect(new Date(refreshed.json().expires_at).getTime()).toBe(issued.getTime() + 2 * DAY_MS);
    } finally {
      await custom.close();
    }
  });
});

describe("registration races and reused leads", () => {
  it("makes exactly one account when the same address registers twice at once", async () => {
    const email = uniqueEmail("race");
    const [a, b] = await Promise.all([
      register({ name: "First", email, password: PASSWORD }),
      register({ name: "Second", email, password: PASSWORD }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 208]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("does not let a lead link that was used already make a second account", async () => {
    const statisticId = `lead-once-${Date.now()}`;
    const email = uniqueEmail("lead-once");
    const token = await preRegisteredLead(statisticId, "Once", email);
    const first = await register({ statistic_id: statisticId, token, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    // The member moves to another address; the old funnel link must not open a new account on the old one.
    await t.database.db
      .update(users)
      .set({ email: uniqueEmail("moved-on") })
      .where(eq(users.email, email));
    const again = await register({ statistic_id: statisticId, token, password: "another-good-pass-9" });
    expect(again.statusCode).toBe(208);
    expect(again.json()).toEqual({ token: null, status: 208, message: ALREADY });
    expect(await userByEmail(email)).toBeUndefined();
  });
});
