import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { accessTokens, accountCodes, users } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  expectBothParts,
  formBody,
  lastMailTo,
  linkIn,
  login,
  mailsTo,
  multipartBody,
  PASSWORD,
  randomIp,
  proveAddress,
  registerMember,
  uniqueEmail,
  whoAmI,
  type Member,
} from "../../test/accounts.ts";
import { createTestApp, useProductionPasswordCost, type TestApp } from "../../test/test-app.ts";

/** A member who registered and then followed their welcome link: the address is theirs. */
const provenMember = async (...args: Parameters<typeof registerMember>) => proveAddress(args[0], args[1], await registerMember(...args));

const TAKEN = "The email has already been taken.";
const LINK_INVALID = "This confirmation link is invalid or has expired.";

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: "https://app.serene.test" });
  alice = await provenMember(t.app, t.database, { name: "Alice" });
  bob = await provenMember(t.app, t.database, { name: "Bob" });
});
afterAll(async () => t.close());

const update = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/v1/user", headers: bearer(token), payload });
const confirmEmail = (code: string, remoteAddress = randomIp()) =>
  t.app.inject({ method: "POST", url: `/api/v1/user/confirm-email/${encodeURIComponent(code)}`, remoteAddress });
const changePassword = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PATCH",
    url: "/api/v1/user/password",
    headers: { ...bearer(token), accept: "application/json" },
    payload,
    remoteAddress: randomIp(),
  });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

async function emailChangeCode(member: Member, newEmail: string) {
  const res = await update(member.token, { name: member.name, email: newEmail, platform: "web" });
  expect(res.statusCode, res.body).toBe(200);
  const link = linkIn(await lastMailTo(t.database, newEmail, "Confirm your new e-mail address"), "/confirm-email/");
  return link.pathname.split("/").at(-1)!;
}

describe("GET /api/v1/user", () => {
  it("answers the signed-in member's own account and nothing more", async () => {
    const res = await whoAmI(t.app, alice.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["created_at", "email", "goal", "has_password", "id", "name", "pending_email"]);
    expect(body).toMatchObject({ id: alice.id, name: "Alice", email: alice.email, has_password: true, pending_email: null });
    expect(res.body).not.toContain("argon2");
    expect((await whoAmI(t.app, bob.token)).json().id).toBe(bob.id);
  });

  it("answers 401 without a working token", async () => {
    for (const headers of [{}, bearer("nope"), { authorization: "Bearer" }]) {
      const res = await t.app.inject({ url: "/api/v1/user", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthenticated." });
    }
  });
});

describe("PUT /api/v1/user", () => {
  it("changes the name at once, and only the caller's", async () => {
    const member = await provenMember(t.app, t.database, { name: "Before" });
    const res = await update(member.token, { name: "  After  ", email: member.email, platform: "web" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, name: "After", email: member.email, pending_email: null });
    expect((await userRow(member.id)).name).toBe("After");
    expect((await userRow(alice.id)).name).toBe("Alice");
    expect((await userRow(bob.id)).name).toBe("Bob");
  });

  it("accepts multipart form data with platform web, as the settings page sends it", async () => {
    const member = await provenMember(t.app, t.database, { name: "Form" });
    const form = await multipartBody({ name: "Formed", email: member.email, platform: "web" });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/v1/user",
      headers: { ...bearer(member.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe("Formed");
  });

  it("accepts url-encoded form data", async () => {
    const member = await provenMember(t.app, t.database, { name: "Enc" });
    const form = formBody({ name: "Encoded", email: member.email });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/v1/user",
      headers: { ...bearer(member.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe("Encoded");
  });

  it("refuses to move an account whose own address is not proven yet, and changes nothing (decision 050)", async () => {
    const member = await registerMember(t.app, t.database, { name: "Unproven" });
    const message =
      "Please confirm your current e-mail address first: open the link we e-mailed you, or reset your password from the log-in page.";
    const res = await update(member.token, { name: "Renamed", email: uniqueEmail("elsewhere") });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { email: [message] } });
    expect(await userRow(member.id)).toMatchObject({ name: "Unproven", email: member.email });
    expect((await whoAmI(t.app, member.token)).json().pending_email).toBeNull();
    // The name alone still changes.
    expect((await update(member.token, { name: "Renamed", email: member.email })).statusCode).toBe(200);
    // Once the welcome link is followed, the address may move.
    await proveAddress(t.app, t.database, member);
    expect((await update(member.token, { name: "Renamed", email: uniqueEmail("elsewhere") })).statusCode).toBe(200);
  });

  it("changes the e-mail only after the new address confirms the link, and tells the old address", async () => {
    const member = await provenMember(t.app, t.database, { name: "Mover" });
    const oldEmail = member.email;
    const newEmail = uniqueEmail("moved");

    const res = await update(member.token, { name: "Mover", email: newEmail.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: oldEmail, pending_email: newEmail });
    expect((await userRow(member.id)).email).toBe(oldEmail);
    expect((await whoAmI(t.app, member.token)).json().pending_email).toBe(newEmail);

    const confirmMail = await lastMailTo(t.database, newEmail, "Confirm your new e-mail address for Serene");
    expectBothParts(confirmMail);
    expect(confirmMail.text).toContain(newEmail);
    const link = linkIn(confirmMail, "/confirm-email/");
    expect(link.origin).toBe("https://app.serene.test");

    const notice = await lastMailTo(t.database, oldEmail, "e-mail address is changing");
    expectBothParts(notice);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(link.pathname);

    // Before confirmation the old address still logs in and the new one does not.
    expect((await login(t.app, newEmail, member.password)).statusCode).toBe(422);

    const code = link.pathname.split("/").at(-1)!;
    const confirmed = await confirmEmail(code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: "Your e-mail address has been updated." });

    const me = (await whoAmI(t.app, member.token)).json();
    expect(me).toMatchObject({ email: newEmail, pending_email: null });
    expect((await userRow(member.id)).emailVerifiedAt).not.toBeNull();
    expect((await login(t.app, newEmail, member.password)).statusCode).toBe(200);
    expect((await login(t.app, oldEmail, member.password)).statusCode).toBe(422);

    const again = await confirmEmail(code);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: LINK_INVALID });
  });

  it("keeps only a hash of the confirmation code", async () => {
    const member = await provenMember(t.app, t.database);
    const code = await emailChangeCode(member, uniqueEmail("hash"));
    const codes = await t.database.db.select().from(accountCodes).where(eq(accountCodes.userId, member.id));
    expect(JSON.stringify(codes)).not.toContain(code);
    expect(codes.some((row) => row.codeHash === createHash("sha256").update(code).digest("base64url"))).toBe(true);
  });

  it("refuses an expired confirmation link and keeps the old address", async () => {
    const member = await provenMember(t.app, t.database);
    const code = await emailChangeCode(member, uniqueEmail("late"));
    await t.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.userId, member.id));
    expect((await confirmEmail(code)).statusCode).toBe(404);
    expect((await userRow(member.id)).email).toBe(member.email);
    expect((await whoAmI(t.app, member.token)).json().pending_email).toBeNull();
  });

  it("lets only the newest change request through", async () => {
    const member = await provenMember(t.app, t.database);
    const first = await emailChangeCode(member, uniqueEmail("first"));
    const secondEmail = uniqueEmail("second");
    const second = await emailChangeCode(member, secondEmail);
    expect((await confirmEmail(first)).statusCode).toBe(404);
    expect((await confirmEmail(second)).statusCode).toBe(200);
    expect((await userRow(member.id)).email).toBe(secondEmail);
  });

  it("refuses another account's address and changes nothing, not even the name", async () => {
    const member = await provenMember(t.app, t.database, { name: "Keep" });
    const res = await update(member.token, { name: "Changed", email: bob.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TAKEN, errors: { email: [TAKEN] } });
    expect(await userRow(member.id)).toMatchObject({ name: "Keep", email: member.email });
    expect(await mailsTo(t.database, bob.email, "Confirm your new")).toEqual([]);
  });

  it("refuses the confirmation when the address was taken in the meantime", async () => {
    const member = await provenMember(t.app, t.database);
    const wanted = uniqueEmail("contested");
    const code = await emailChangeCode(member, wanted);
    await provenMember(t.app, t.database, { email: wanted });
    const res = await confirmEmail(code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [TAKEN] });
    expect((await userRow(member.id)).email).toBe(member.email);
  });

  it("does not ask to confirm an address that only differs in case", async () => {
    const member = await provenMember(t.app, t.database);
    const before = (await mailsTo(t.database, member.email)).length;
    const res = await update(member.token, { name: member.name, email: ` ${member.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().pending_email).toBeNull();
    expect(await mailsTo(t.database, member.email)).toHaveLength(before);
  });

  it("refuses missing, mistyped, blank, over-long and malformed values", async () => {
    const missing = await update(alice.token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ name: ["The name field is required."], email: ["The email field is required."] });

    const typed = await update(alice.token, { name: 5, email: false });
    expect(typed.json().errors).toEqual({ name: ["The name field must be a string."], email: ["The email field must be a string."] });

    const blank = await update(alice.token, { name: "   ", email: alice.email });
    expect(blank.json().errors).toEqual({ name: ["The name field is required."] });

    const long = await update(alice.token, { name: "n".repeat(101), email: alice.email });
    expect(long.json().errors).toEqual({ name: ["The name field must not be greater than 100 characters."] });

    const malformed = await update(alice.token, { name: "Alice", email: "alice-at-nowhere" });
    expect(malformed.json().errors).toEqual({ email: ["The email field must be a valid email address."] });

    expect((await userRow(alice.id)).name).toBe("Alice");
  });

  it("refuses an oversized body with 413", async () => {
    const res = await update(alice.token, { name: "Alice", email: alice.email, platform: "w".repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/api/v1/user", payload: { name: "X", email: alice.email } });
    expect(res.statusCode).toBe(401);
    expect((await userRow(alice.id)).name).toBe("Alice");
  });
});

describe("POST /api/v1/user/confirm-email/{code}", () => {
  it("refuses an unknown code, and a code of another kind", async () => {
    expect((await confirmEmail("no-such-code")).json()).toEqual({ message: LINK_INVALID });
    await t.app.inject({ url: `/api/v1/user/recovery-password?email=${encodeURIComponent(bob.email)}`, remoteAddress: randomIp() });
    await t.settled();
    const reset = linkIn(await lastMailTo(t.database, bob.email, "Reset"), "/password/reset").searchParams.get("token")!;
    expect((await confirmEmail(reset)).statusCode).toBe(404);
    expect((await userRow(bob.id)).email).toBe(bob.email);
  });

  it("limits guesses per client address: the 21st in 10 minutes gets 429", async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 20; attempt++) expect((await confirmEmail(`guess-${attempt}`, ip)).statusCode).toBe(404);
    const limited = await confirmEmail("guess-21", ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
  });
});

describe("PATCH /api/v1/user/password", () => {
  it("checks the current password, sets the new one, and signs out every other device only", async () => {
    useProductionPasswordCost();
    const member = await provenMember(t.app, t.database, { name: "Pat" });
    const phone = (await login(t.app, member.email, member.password)).json().token as string;
    const res = await changePassword(member.token, { current_password: member.password, password: "new-quiet-words-9" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been updated." });

    expect((await whoAmI(t.app, member.token)).statusCode).toBe(200);
    expect((await whoAmI(t.app, phone)).statusCode).toBe(401);
    expect(await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, member.id))).toHaveLength(1);

    expect((await login(t.app, member.email, member.password)).statusCode).toBe(422);
    expect((await login(t.app, member.email, "new-quiet-words-9")).statusCode).toBe(200);
    expect((await userRow(member.id)).passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expectBothParts(await lastMailTo(t.database, member.email, "password was changed"));
  });

  it("refuses a missing or wrong current password and changes nothing", async () => {
    const member = await provenMember(t.app, t.database);
    const other = (await login(t.app, member.email, member.password)).json().token as string;
    const missing = await changePassword(member.token, { password: "new-quiet-words-9" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ["The current password field is required."] });
    const wrong = await changePassword(member.token, { current_password: "not-my-password", password: "new-quiet-words-9" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ["The password is incorrect."] });
    expect((await whoAmI(t.app, other)).statusCode).toBe(200);
    expect((await login(t.app, member.email, member.password)).statusCode).toBe(200);
  });

  it("applies the password rules to the new password and reports every field at once", async () => {
    const cases: [string, string][] = [
      ["short", "The password field must be at least 8 characters."],
      ["x".repeat(129), "The password field must not be greater than 128 characters."],
      ["password123", "This password is too common. Please choose a less common password."],
      ["qwertyuiop", "This password is too common. Please choose a less common password."],
      [alice.email, "The password must not be the same as your e-mail address."],
    ];
    for (const [password, message] of cases) {
      const res = await changePassword(alice.token, { current_password: alice.password, password });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors, password).toEqual({ password: [message] });
    }
    const both = await changePassword(alice.token, { current_password: "wrong-one-here", password: "short" });
    expect(Object.keys(both.json().errors).sort()).toEqual(["current_password", "password"]);
    const missing = await changePassword(alice.token, { current_password: alice.password });
    expect(missing.json().errors).toEqual({ password: ["The password field is required."] });
    const typed = await changePassword(alice.token, { current_password: alice.password, password: 12345678 });
    expect(typed.json().errors).toEqual({ password: ["The password field must be a string."] });
    expect((await login(t.app, alice.email, alice.password)).statusCode).toBe(200);
  });

  it("lets an account without a password (social sign-in) set one without a current password", async () => {
    const email = uniqueEmail("social");
    const [user] = await t.database.db.insert(users).values({ name: "Sol", email, passwordHash: null }).returning();
    const token = randomBytes(32).toString("base64url");
    await t.database.db.insert(accessTokens).values({
      userId: user!.id,
      tokenHash: createHash("sha256").update(token).digest("base64url"),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await whoAmI(t.app, token)).json().has_password).toBe(false);
    const res = await changePassword(token, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect((await whoAmI(t.app, token)).json().has_password).toBe(true);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
  });

  it("limits attempts per account: the 11th in 15 minutes gets 429", async () => {
    const member = await provenMember(t.app, t.database);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(
        (await changePassword(member.token, { current_password: `guess-${attempt}-x`, password: "new-quiet-words-9" })).statusCode,
      ).toBe(422);
    }
    const limited = await changePassword(member.token, { current_password: member.password, password: "new-quiet-words-9" });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    expect(limited.json().message).toMatch(/^Too many attempts/);
    expect((await login(t.app, member.email, member.password)).statusCode).toBe(200);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/user/password",
      payload: { current_password: "x", password: "new-quiet-words-9" },
    });
    expect(res.statusCode).toBe(401);
  });
});
