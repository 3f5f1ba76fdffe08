import { eq } from "drizzle-orm";
import { accessTokens, accountCodes, outboxEmails, users } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  expectBothParts,
  lastMailTo,
  linkIn,
  login,
  mailsTo,
  PASSWORD,
  randomIp,
  registerMember,
  rows,
  uniqueEmail,
  whoAmI,
  type Member,
} from "../../test/accounts.ts";
import { createTestApp, useProductionPasswordCost, type TestApp } from "../../test/test-app.ts";
import { DAY_MS, SIGN_IN_THROTTLE } from "@serene/domain";

const RECOVERY = "If an account exists for this e-mail address, we have sent it a link to reset the password.";
const REMOVAL_REQUESTED = "We have sent you an email. Please click on the link in the email to confirm your account removal request.";
const REMOVAL_CONFIRMED = "Your request has been successfully confirmed";
const REMOVAL_FAILED = "An error occurred while confirming your request";
const RESET_LINK = "This password reset link is invalid or has expired. Please ask for a new one.";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: "https://app.serene.test" });
});
afterAll(async () => t.close());

/** A request, and the e-mail work it queued (run in the process once the answer has gone). */
async function settledAfter<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  await t.settled();
  return answer;
}
const askReset = (email: string, remoteAddress = randomIp()) =>
  settledAfter(t.app.inject({ url: `/api/v1/user/recovery-password?email=${encodeURIComponent(email)}&t=${Date.now()}`, remoteAddress }));
const reset = (body: Record<string, unknown>, remoteAddress = randomIp()) =>
  t.app.inject({ method: "POST", url: "/api/v1/user/recovery-password", payload: body, remoteAddress });
const askRemoval = (email: string, remoteAddress = randomIp()) =>
  settledAfter(t.app.inject({ method: "POST", url: "/api/v1/user/request-remove", payload: { email, device_name: "web" }, remoteAddress }));
const confirmRemoval = (code: string, remoteAddress = randomIp()) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/user/confirm-remove/${encodeURIComponent(code)}`,
    payload: { device_name: "web" },
    remoteAddress,
  });

async function resetLink(member: Member) {
  expect((await askReset(member.email)).statusCode).toBe(200);
  const link = linkIn(await lastMailTo(t.database, member.email, "Reset your"), "/password/reset");
  return { token: link.searchParams.get("token")!, email: link.searchParams.get("email")!, link };
}

async function removalCode(member: Member) {
  expect((await askRemoval(member.email)).statusCode).toBe(200);
  const link = linkIn(await lastMailTo(t.database, member.email, "Confirm the removal"), "/confirm-remove/");
  return link.pathname.split("/").at(-1)!;
}

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe("GET /api/v1/user/recovery-password", () => {
  it("e-mails a reset link that works for 60 minutes, in text and HTML", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await askReset(member.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RECOVERY });
    const mail = await lastMailTo(t.database, member.email, "Reset your Serene password");
    expectBothParts(mail);
    expect(mail.text).toContain("expires in 60 minutes");
    const link = linkIn(mail, "/password/reset");
    expect(link.origin).toBe("https://app.serene.test");
    expect(link.searchParams.get("email")).toBe(member.email);
    const [stored] = await rows<{ expires_at: Date | string }>(
      t.database,
      "SELECT expires_at FROM account_codes WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL",
      [member.id],
    );
    expect(Math.abs(new Date(stored!.expires_at).getTime() - (Date.now() + 60 * 60_000))).toBeLessThan(60_000);
    expect(JSON.stringify(await rows(t.database, "SELECT * FROM account_codes"))).not.toContain(link.searchParams.get("token")!);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const res = await askReset(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RECOVERY });
    expect(await mailsTo(t.database, email)).toEqual([]);
  });

  it("refuses a missing or malformed address", async () => {
    const missing = await t.app.inject({ url: "/api/v1/user/recovery-password", remoteAddress: randomIp() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ["The email field is required."] });
    const bad = await askReset("not-an-address");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ["The email field must be a valid email address."] });
  });

  it("limits requests per address: the 4th in 15 minutes gets 429, and no 4th e-mail goes", async () => {
    const member = await registerMember(t.app, t.database);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await askReset(member.email)).statusCode).toBe(200);
    const limited = await askReset(member.email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(await mailsTo(t.database, member.email, "Reset your")).toHaveLength(3);
  });

  it("limits requests per client address: the 11th in 10 minutes gets 429", async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 10; attempt++) expect((await askReset(uniqueEmail("spray"), ip)).statusCode).toBe(200);
    expect((await askReset(uniqueEmail("spray"), ip)).statusCode).toBe(429);
  });
});

describe("POST /api/v1/user/recovery-password", () => {
  it("sets the new password, signs out every device, and answers a fresh token", async () => {
    useProductionPasswordCost();
    const member = await registerMember(t.app, t.database);
    const other = (await login(t.app, member.email, member.password)).json().token as string;
    const { token, email } = await resetLink(member);

    const res = await reset({ email, token, password: "brand-new-secret-7", device_name: "web" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been reset.", token: expect.any(String) });
    const fresh = res.json().token as string;

    expect((await whoAmI(t.app, member.token)).statusCode).toBe(401);
    expect((await whoAmI(t.app, other)).statusCode).toBe(401);
    expect((await whoAmI(t.app, fresh)).statusCode).toBe(200);
    expect(await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, member.id))).toHaveLength(1);

    expect((await login(t.app, member.email, member.password)).statusCode).toBe(422);
    expect((await login(t.app, member.email, "brand-new-secret-7")).statusCode).toBe(200);
    expect((await userRow(member.id))!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const notice = await lastMailTo(t.database, member.email, "password was changed");
    expectBothParts(notice);
  });

  it("forgets the browsers the account trusted: a guesser elsewhere can hold them back again", async () => {
    const member = await registerMember(t.app, t.database);
    const signIn = (password: string, device?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/user/token",
        payload: { login: member.email, password, device_name: "web" },
        remoteAddress: randomIp(),
        ...(device ? { cookies: { trusted_device: device } } : {}),
      });
    const browser = (await signIn(member.password)).cookies.find((cookie) => cookie.name === "trusted_device")!.value;
    const { token, email } = await resetLink(member);
    expect((await reset({ email, token, password: "after-the-reset-9" })).statusCode).toBe(200);

    for (let guess = 1; guess <= SIGN_IN_THROTTLE.untrustedAccountFailures; guess++)
      expect((await signIn(`guess-${guess}`)).statusCode).toBe(422);
    expect((await signIn("after-the-reset-9", browser)).statusCode).toBe(429);
  });

  it("works once", async () => {
    const member = await registerMember(t.app, t.database);
    const { token, email } = await resetLink(member);
    expect((await reset({ email, token, password: "first-new-secret-1" })).statusCode).toBe(200);
    const again = await reset({ email, token, password: "second-new-secret-2" });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: RESET_LINK, errors: { token: [RESET_LINK] } });
    expect((await login(t.app, member.email, "first-new-secret-1")).statusCode).toBe(200);
  });

  it("refuses an expired link", async () => {
    const member = await registerMember(t.app, t.database);
    const { token, email } = await resetLink(member);
    await t.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.userId, member.id));
    const res = await reset({ email, token, password: "too-late-secret-3" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [RESET_LINK] });
    expect((await login(t.app, member.email, member.password)).statusCode).toBe(200);
  });

  it("stops an older link working once a newer one is sent", async () => {
    const member = await registerMember(t.app, t.database);
    const older = await resetLink(member);
    const newer = await resetLink(member);
    expect(newer.token).not.toBe(older.token);
    expect((await reset({ email: member.email, token: older.token, password: "from-old-link-4" })).statusCode).toBe(422);
    expect((await reset({ email: member.email, token: newer.token, password: "from-new-link-5" })).statusCode).toBe(200);
  });

  it("refuses a link used with another account's address", async () => {
    const member = await registerMember(t.app, t.database);
    const stranger = await registerMember(t.app, t.database);
    const { token } = await resetLink(member);
    const res = await reset({ email: stranger.email, token, password: "hijack-attempt-6" });
    expect(res.statusCode).toBe(422);
    expect((await login(t.app, stranger.email, stranger.password)).statusCode).toBe(200);
    expect((await whoAmI(t.app, stranger.token)).statusCode).toBe(200);
    // The refused request did not use the link up: its owner still can.
    expect((await reset({ email: member.email, token, password: "owners-own-reset-7" })).statusCode).toBe(200);
  });

  it("refuses a code of another kind, such as the welcome sign-in link", async () => {
    const member = await registerMember(t.app, t.database);
    const welcome = linkIn(await lastMailTo(t.database, member.email, "Welcome"), "/authorization").searchParams.get("token")!;
    expect((await reset({ email: member.email, token: welcome, password: "not-this-way-7" })).statusCode).toBe(422);
  });

  it("checks the new password before using the link up", async () => {
    const member = await registerMember(t.app, t.database);
    const { token } = await resetLink(member);
    for (const [password, message] of [
      ["short", "The password field must be at least 8 characters."],
      ["password123", "This password is too common. Please choose a less common password."],
      [member.email, "The password must not be the same as your e-mail address."],
      ["y".repeat(129), "The password field must not be greater than 128 characters."],
    ]) {
      const res = await reset({ email: member.email, token, password });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors, password).toEqual({ password: [message] });
    }
    expect((await reset({ email: member.email, token, password: "finally-good-one-8" })).statusCode).toBe(200);
  });

  it("names every missing field and refuses wrong types", async () => {
    const res = await reset({});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["email", "password", "token"]);
    expect(res.json().errors.token).toEqual(["The token field is required."]);
    expect(res.json().errors.password).toEqual(["The password field is required."]);
    const types = await reset({ email: 1, token: {}, password: 2 });
    expect(types.statusCode).toBe(422);
    expect(types.json().errors.password).toEqual(["The password field must be a string."]);
  });
});

describe("POST /api/v1/user/request-remove", () => {
  it("e-mails a removal link, in text and HTML", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await askRemoval(` ${member.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REMOVAL_REQUESTED });
    const mail = await lastMailTo(t.database, member.email, "Confirm the removal of your Serene account");
    expectBothParts(mail);
    expect(mail.text).toContain("within 5 days");
    expect(linkIn(mail, "/confirm-remove/").origin).toBe("https://app.serene.test");
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const res = await askRemoval(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REMOVAL_REQUESTED });
    expect(await mailsTo(t.database, email)).toEqual([]);
  });

  it("refuses a missing, malformed or mistyped address", async () => {
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/request-remove",
      payload: { device_name: "web" },
      remoteAddress: randomIp(),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ["The email field is required."] });
    expect((await askRemoval("nope")).json().errors).toEqual({ email: ["The email field must be a valid email address."] });
    const typed = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/request-remove",
      payload: { email: 7 },
      remoteAddress: randomIp(),
    });
    expect(typed.json().errors).toEqual({ email: ["The email field must be a string."] });
  });

  it("limits requests per address: the 4th in 15 minutes gets 429", async () => {
    const member = await registerMember(t.app, t.database);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await askRemoval(member.email)).statusCode).toBe(200);
    const limited = await askRemoval(member.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
  });
});

describe("POST /api/v1/user/confirm-remove/{code}", () => {
  it("signs the member out everywhere at once and schedules deletion in 5 days", async () => {
    const member = await registerMember(t.app, t.database);
    const second = (await login(t.app, member.email, member.password)).json().token as string;
    const code = await removalCode(member);
    expect(JSON.stringify(await rows(t.database, "SELECT * FROM account_codes"))).not.toContain(code);

    const res = await confirmRemoval(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REMOVAL_CONFIRMED });

    expect((await whoAmI(t.app, member.token)).statusCode).toBe(401);
    expect((await whoAmI(t.app, second)).statusCode).toBe(401);
    expect(await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, member.id))).toEqual([]);
    const due = (await userRow(member.id))!.deletionDueAt!;
    expect(Math.abs(due.getTime() - (Date.now() + 5 * DAY_MS))).toBeLessThan(60_000);
  });

  it("closes the account: no log-in, no reset link, no new removal mail", async () => {
    const member = await registerMember(t.app, t.database);
    expect((await confirmRemoval(await removalCode(member))).statusCode).toBe(200);

    const denied = await login(t.app, member.email, member.password);
    expect(denied.statusCode).toBe(422);
    expect(denied.json().message).toBe("These credentials do not match our records.");

    const before = (await mailsTo(t.database, member.email)).length;
    expect((await askReset(member.email)).json()).toEqual({ message: RECOVERY });
    expect((await askRemoval(member.email)).json()).toEqual({ message: REMOVAL_REQUESTED });
    expect(await mailsTo(t.database, member.email)).toHaveLength(before);

    // Registering the address again is refused while the old account waits for deletion.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      payload: { name: "Back", email: member.email, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(again.statusCode).toBe(208);
  });

  it("works once", async () => {
    const member = await registerMember(t.app, t.database);
    const code = await removalCode(member);
    expect((await confirmRemoval(code)).statusCode).toBe(200);
    const again = await confirmRemoval(code);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: REMOVAL_FAILED });
  });

  it("refuses an unknown code and an expired one", async () => {
    const unknown = await confirmRemoval("not-a-real-code");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: REMOVAL_FAILED });

    const member = await registerMember(t.app, t.database);
    const code = await removalCode(member);
    await t.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.userId, member.id));
    expect((await confirmRemoval(code)).statusCode).toBe(404);
    expect((await whoAmI(t.app, member.token)).statusCode).toBe(200);
    expect((await userRow(member.id))!.deletionDueAt).toBeNull();
  });

  it("refuses a code of another kind", async () => {
    const member = await registerMember(t.app, t.database);
    const { token } = await resetLink(member);
    expect((await confirmRemoval(token)).statusCode).toBe(404);
    expect((await userRow(member.id))!.deletionDueAt).toBeNull();
  });

  it("accepts the confirmation with no body at all", async () => {
    const member = await registerMember(t.app, t.database);
    const code = await removalCode(member);
    const res = await t.app.inject({ method: "POST", url: `/api/v1/user/confirm-remove/${code}`, remoteAddress: randomIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: REMOVAL_CONFIRMED });
  });

  it("refuses an over-long code and a mistyped device name", async () => {
    expect((await confirmRemoval("c".repeat(257))).statusCode).toBe(414);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/confirm-remove/abc",
      payload: { device_name: 5 },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["device_name"]);
  });

  it("limits guesses per client address: the 21st in 10 minutes gets 429", async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 20; attempt++) expect((await confirmRemoval(`guess-${attempt}`, ip)).statusCode).toBe(404);
    const limited = await confirmRemoval("guess-21", ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("keeps the e-mails of the account until it is deleted", async () => {
    const member = await registerMember(t.app, t.database);
    await confirmRemoval(await removalCode(member));
    const kept = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.userId, member.id));
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect((await t.app.inject({ url: "/api/v1/user", headers: bearer(member.token) })).statusCode).toBe(401);
  });
});

describe("the password reset lifetime", () => {
  it("follows PASSWORD_RESET_MINUTES", async () => {
    const short = await createTestApp({ PASSWORD_RESET_MINUTES: "15" });
    try {
      const member = await registerMember(short.app, short.database);
      await short.app.inject({
        url: `/api/v1/user/recovery-password?email=${encodeURIComponent(member.email)}`,
        remoteAddress: randomIp(),
      });
      await short.settled();
      const mail = await lastMailTo(short.database, member.email, "Reset your");
      expect(mail.text).toContain("expires in 15 minutes");
      const [code] = await short.database.db.select().from(accountCodes).where(eq(accountCodes.purpose, "password_reset"));
      expect(Math.abs(code!.expiresAt.getTime() - (Date.now() + 15 * 60_000))).toBeLessThan(60_000);
    } finally {
      await short.close();
    }
  });
});
