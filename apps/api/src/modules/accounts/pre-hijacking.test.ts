import { eq } from "drizzle-orm";
import { accountCodes, users } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CLIENT_ID } from "../../config.ts";
import {
  bearer,
  formBody,
  lastMailTo,
  linkIn,
  login,
  PASSWORD,
  randomIp,
  registerMember,
  uniqueEmail,
  whoAmI,
} from "../../test/accounts.ts";
import { freePort } from "../../test/ports-and-polls.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { TRUSTED_DEVICE_COOKIE } from "./trusted-devices.ts";

/**
 * Pre-account-takeover (docs/decisions/050-one-owner-per-address.md): for each way someone could
 * open an account under another person's address, the test plays the attacker first and the
 * owner second, then checks that nothing the attacker held survives the owner's arrival: their
 * session, their password, their trusted browser, their sign-in identity, a data export, the
 * owner's notes, and a move of the account's e-mail.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ PORT: String(port), APP_URL: `http://localhost:${port}` });
  await t.app.listen({ port, host: "127.0.0.1" });
  origin = `http://localhost:${port}`;
});
afterAll(async () => t.close());

const ATTACKER_PASSWORD = "borrowed-address-77";
const QUIZ = { goal: "REDUCE_STRESS", stress: ["racing_thoughts"], breathing: "rarely", evenings: "hard" };

/** What the attacker holds: a session token, and perhaps a password and a trusted-browser cookie. */
interface Foothold {
  token: string;
  password?: string;
  trustedDevice?: string;
}

/** Everything the attacker tries once the owner has arrived; each must fail. */
async function expectLockedOut(email: string, foothold: Foothold, ownerToken: string) {
  // The owner writes a note the attacker would like to read.
  const note = await t.app.inject({
    method: "POST",
    url: "/api/v1/user/notes",
    headers: bearer(ownerToken),
    payload: { title: "Private", content: "Only mine." },
  });
  expect(note.statusCode, note.body).toBe(201);
  for (const url of ["/api/v1/user", "/api/v1/user/notes", "/api/v1/user/export"]) {
    expect((await t.app.inject({ url, headers: bearer(foothold.token), remoteAddress: randomIp() })).statusCode, url).toBe(401);
  }
  const move = await t.app.inject({
    method: "PUT",
    url: "/api/v1/user",
    headers: bearer(foothold.token),
    payload: { name: "Mine now", email: uniqueEmail("attacker") },
  });
  expect(move.statusCode).toBe(401);
  if (foothold.password) {
    const again = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/token",
      payload: { login: email, password: foothold.password, device_name: "web" },
      remoteAddress: randomIp(),
      ...(foothold.trustedDevice ? { cookies: { [TRUSTED_DEVICE_COOKIE]: foothold.trustedDevice } } : {}),
    });
    expect(again.statusCode).toBe(422);
  }
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  expect(user!.emailVerifiedAt).not.toBeNull();
  // No trusted browser is left but those the owner's own sign-ins made.
  const trusted = await t.database.db.select().from(accountCodes).where(eq(accountCodes.userId, user!.id));
  expect(trusted.filter((code) => code.purpose === "trusted_device" && code.usedAt === null)).toEqual([]);
  expect((await whoAmI(t.app, ownerToken)).statusCode).toBe(200);
}

/** The attacker's e-mail change before the owner arrives: refused, the address is not proven. */
async function expectNoMove(token: string) {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/v1/user",
    headers: bearer(token),
    payload: { name: "Attacker", email: uniqueEmail("attacker-inbox") },
  });
  expect(res.statusCode).toBe(422);
  expect(Object.keys(res.json().errors)).toEqual(["email"]);
}

/** The owner asks for a reset and follows the link in their inbox. */
async function ownerResets(email: string): Promise<string> {
  await t.app.inject({ url: `/api/v1/user/recovery-password?email=${encodeURIComponent(email)}`, remoteAddress: randomIp() });
  await t.settled();
  const link = linkIn(await lastMailTo(t.database, email, "Reset your"), "/password/reset");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/user/recovery-password",
    payload: { email, token: link.searchParams.get("token"), password: "the-owners-own-phrase-3" },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** The owner follows a sign-in link from their inbox (no session of the account in their browser). */
async function ownerFollows(email: string, subject: string): Promise<string> {
  const link = linkIn(await lastMailTo(t.database, email, subject), "/authorization");
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/authorization-by-tmp-token/${encodeURIComponent(email)}`,
    payload: { email, tmp_token: link.searchParams.get("token") },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** Anyone may give any address after a quiz: a lead, whose answer names its ids (never its link token). */
async function leadFor(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/lead",
    payload: { email, name: "Owner", quiz: "calm-check-in", answers: QUIZ },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; statistic_id: string };
}

/** The attacker registers the address with their own password and logs in from their browser. */
async function attackerRegisters(email: string): Promise<Foothold> {
  const member = await registerMember(t.app, t.database, { email, password: ATTACKER_PASSWORD });
  const signIn = await login(t.app, email, ATTACKER_PASSWORD);
  expect(signIn.statusCode).toBe(200);
  const trustedDevice = signIn.cookies.find((cookie) => cookie.name === TRUSTED_DEVICE_COOKIE)?.value;
  expect(trustedDevice).toBeDefined();
  return { token: member.token, password: ATTACKER_PASSWORD, trustedDevice };
}

describe("1. plain registration with someone else's address", () => {
  const arrivals: [string, (email: string) => Promise<string>][] = [
    ["a password reset", ownerResets],
    ["the welcome link", (email) => ownerFollows(email, "Welcome to")],
    [
      "the quiz result link",
      async (email) => {
        await leadFor(email);
        return ownerFollows(email, "Your quiz result is ready");
      },
    ],
  ];
  for (const [arrival, arrive] of arrivals) {
    it(`ends the attacker's access when the owner arrives through ${arrival}`, async () => {
      const email = uniqueEmail("owner");
      const foothold = await attackerRegisters(email);
      await expectNoMove(foothold.token);
      const ownerToken = await arrive(email);
      await expectLockedOut(email, foothold, ownerToken);
    });
  }

  it("keeps the member's own session and password when they follow their welcome link in the browser they registered in", async () => {
    const email = uniqueEmail("self");
    const member = await registerMember(t.app, t.database, { email });
    const link = linkIn(await lastMailTo(t.database, email, "Welcome to"), "/authorization");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/authorization-by-tmp-token/${encodeURIComponent(email)}`,
      headers: bearer(member.token),
      payload: { email, tmp_token: link.searchParams.get("token") },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(t.app, member.token)).statusCode).toBe(200);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
  });
});

describe("2. registering with a lead's statistic_id", () => {
  it("opens nothing without the lead's own link, and the owner's arrival leaves the attacker nothing", async () => {
    const email = uniqueEmail("owner");
    const lead = await leadFor(email);
    // The anonymous answer handed the attacker the lead's ids, never its link token.
    for (const token of [undefined, lead.id, lead.statistic_id]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/user",
        payload: { statistic_id: lead.statistic_id, password: ATTACKER_PASSWORD, ...(token ? { token } : {}) },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().token).toBeUndefined();
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const ownerToken = await ownerFollows(email, "Your quiz result is ready");
    expect((await login(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(422);
    const late = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      payload: { statistic_id: lead.statistic_id, password: ATTACKER_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(late.json()).toMatchObject({ token: null, status: 208 });
    expect((await whoAmI(t.app, ownerToken)).json()).toMatchObject({ email });
  });
});

describe("3. opening an account from a lead (POST /lead/{id}/account)", () => {
  it("hands no session to whoever holds the lead id; the owner's offer link opens the account", async () => {
    const email = uniqueEmail("owner");
    const lead = await leadFor(email);
    const stolen = await t.app.inject({ method: "POST", url: `/api/v1/lead/${lead.id}/account`, remoteAddress: randomIp() });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().token).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const offer = linkIn(await lastMailTo(t.database, email, "Your quiz result is ready"), "/lead-checkout");
    const owner = await t.app.inject({
      method: "POST",
      url: `/api/v1/lead/${lead.id}/account`,
      payload: { token: offer.searchParams.get("token") },
      remoteAddress: randomIp(),
    });
    expect(owner.statusCode, owner.body).toBe(201);
    // The temporary password went only to the owner's inbox.
    const password = (await lastMailTo(t.database, email, "account")).text.match(/Temporary password: (\S+)/)?.[1];
    expect(password).toBeDefined();
    expect(JSON.stringify(stolen.json())).not.toContain(password);
    expect((await whoAmI(t.app, owner.json().token)).json()).toMatchObject({ email });
  });
});

describe("4. the sandbox identity provider, which vouches for any address", () => {
  /** Through the sandbox's consent page, as anyone can, typing the owner's address. */
  async function sandboxSignIn(email: string) {
    const consent = await t.app.inject({
      method: "POST",
      url: "/sandbox/identity/google/authorize",
      ...formBody({
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: `${origin}/auth/callback/googleWeb`,
        state: "s",
        action: "continue",
        name: "Not The Owner",
        email,
      }),
    });
    expect(consent.statusCode, consent.body).toBe(303);
    const idToken = new URLSearchParams(new URL(consent.headers.location as string).hash.slice(1)).get("id_token")!;
    return t.app.inject({ method: "POST", url: "/api/v1/user/auth/googleWeb", payload: { id_token: idToken }, remoteAddress: randomIp() });
  }

  it("ends the attacker's sandbox account access, and its identity link, when the owner resets the password", async () => {
    const email = uniqueEmail("owner");
    const opened = await sandboxSignIn(email);
    expect(opened.statusCode, opened.body).toBe(200);
    const foothold: Foothold = { token: opened.json().token };
    await expectNoMove(foothold.token);

    const ownerToken = await ownerResets(email);
    await expectLockedOut(email, foothold, ownerToken);
    // The same sandbox identity no longer opens the account.
    expect((await sandboxSignIn(email)).statusCode).toBe(403);
  });
});
