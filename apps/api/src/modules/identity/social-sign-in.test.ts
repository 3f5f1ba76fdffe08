import { randomInt } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { DAY_MS } from "@serene/domain";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { socialIdentities, users } from "@serene/db";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SANDBOX_CLIENT_ID } from "../../config.ts";
import { formBody, login, mailsTo, PASSWORD, randomIp, proveAddress, registerMember, uniqueEmail, whoAmI } from "../../test/accounts.ts";
import { freePort } from "../../test/ports-and-polls.ts";
import { PRODUCTION } from "../../test/production-env.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * Social sign-in end to end: the sandbox identity provider issues the tokens and the server
 * verifies them over HTTP against its own JWKS and Graph endpoints, as it would Google's,
 * Apple's and Facebook's.
 */
let t: TestApp;
let port: number;
let origin: string;

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PORT: String(port) });
  await t.app.listen({ port, host: "127.0.0.1" });
  origin = `http://localhost:${port}`;
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Provider = "google" | "apple" | "facebook";
const CALLBACK: Record<Provider, string> = { google: "googleWeb", apple: "apple", facebook: "facebook" };

/** Goes through the sandbox's consent page as a person pressing Continue (or Cancel). */
async function authorize(
  provider: Provider,
  {
    name,
    email,
    nonce,
    clientId = SANDBOX_CLIENT_ID,
    action = "continue",
  }: { name?: string; email?: string; nonce?: string; clientId?: string; action?: string },
) {
  const fields: Record<string, string> = {
    client_id: clientId,
    redirect_uri: `${origin}/auth/callback/${CALLBACK[provider]}`,
    state: "state-123",
    action,
    ...(nonce ? { nonce } : {}),
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
  };
  return t.app.inject({ method: "POST", url: `/sandbox/identity/${provider}/authorize`, ...formBody(fields) });
}

const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

async function googleToken(person: { name?: string; email: string }, options: { nonce?: string; clientId?: string } = {}) {
  const res = await authorize("google", { ...person, ...options });
  expect(res.statusCode, res.body).toBe(303);
  const location = res.headers.location as string;
  expect(location.startsWith(`${origin}/auth/callback/googleWeb#`)).toBe(true);
  const fragment = fragmentOf(location);
  expect(fragment.get("state")).toBe("state-123");
  return fragment.get("id_token")!;
}

async function appleToken(person: { name?: string; email: string }, options: { nonce?: string } = {}) {
  const res = await authorize("apple", { ...person, ...options });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("text/html");
  expect(res.body).toContain(`action="${origin}/auth/callback/apple"`);
  return /name="id_token" value="([^"]+)"/.exec(res.body)![1]!;
}

async function facebookToken(person: { name?: string; email: string }) {
  const res = await authorize("facebook", person);
  expect(res.statusCode).toBe(303);
  const fragment = fragmentOf(res.headers.location as string);
  expect(fragment.get("token_type")).toBe("bearer");
  return fragment.get("access_token")!;
}

const signIn = (provider: string, body: Record<string, unknown>, remoteAddress = randomIp()) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/user/auth/${provider}`,
    payload: { platform: "web", device_name: "web", ...body },
    remoteAddress,
  });

const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const identitiesOf = (userId: string) => t.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
const VERIFY_FAILED = (label: string) => `Your ${label} sign-in could not be verified. Please try again.`;
const SANDBOX_NOT_OWNER =
  "An account with this e-mail address already exists. The sandbox sign-in opens only accounts it created: please log in with your password or the way you signed up.";

describe("Google sign-in through the sandbox", () => {
  it("creates an account without a password, unproven (the sandbox vouches for any address), then signs the same person into it again", async () => {
    const email = uniqueEmail("google");
    const first = await signIn("googleWeb", { id_token: await googleToken({ name: "Maya Green", email }, { nonce: "n-1" }), nonce: "n-1" });
    expect(first.statusCode, first.body).toBe(200);
    const me = (await whoAmI(t.app, first.json().token)).json();
    expect(me).toMatchObject({ name: "Maya Green", email, has_password: false });
    const user = (await userByEmail(email))!;
    expect(user.passwordHash).toBeNull();
    // Anyone can make the sandbox say any address: the address waits for its owner (decision 050).
    expect(user.emailVerifiedAt).toBeNull();
    const identities = await identitiesOf(user.id);
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ provider: "google", email });
    expect(await mailsTo(t.database, email, "Welcome")).toHaveLength(1);

    const second = await signIn("googleWeb", { id_token: await googleToken({ name: "Maya G.", email }) });
    expect(second.statusCode).toBe(200);
    expect(second.json().token).not.toBe(first.json().token);
    expect((await whoAmI(t.app, second.json().token)).json().id).toBe(user.id);
    expect(await identitiesOf(user.id)).toHaveLength(1);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await mailsTo(t.database, email, "Welcome")).toHaveLength(1);
  });

  it("refuses a tampered token", async () => {
    const token = await googleToken({ name: "Tam", email: uniqueEmail("tamper") });
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: "admin@serene.example" })).toString("base64url");
    const res = await signIn("googleWeb", { id_token: `${header}.${forged}.${signature}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: VERIFY_FAILED("Google"), errors: { id_token: [VERIFY_FAILED("Google")] } });
    expect(await userByEmail("admin@serene.example")).toBeUndefined();

    // One bit of the signature itself changed (editing the last base64 characters may only touch padding bits).
    const bytes = Buffer.from(signature!, "base64url");
    bytes[10]! ^= 0x01;
    const flipped = `${header}.${payload}.${bytes.toString("base64url")}`;
    expect((await signIn("googleWeb", { id_token: flipped })).statusCode).toBe(422);
  });

  it("refuses a token issued to another client (audience)", async () => {
    const email = uniqueEmail("audience");
    const res = await signIn("googleWeb", { id_token: await googleToken({ name: "Aud", email }, { clientId: "someone-elses-app" }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ id_token: [VERIFY_FAILED("Google")] });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses a token whose nonce differs from the one the page sent", async () => {
    const email = uniqueEmail("nonce");
    const res = await signIn("googleWeb", {
      id_token: await googleToken({ name: "Non", email }, { nonce: "expected" }),
      nonce: "replayed",
    });
    expect(res.statusCode).toBe(422);
    const missing = await signIn("googleWeb", { id_token: await googleToken({ name: "Non", email }), nonce: "expected" });
    expect(missing.statusCode).toBe(422);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses an expired token", async () => {
    const email = uniqueEmail("expired");
    const token = await googleToken({ name: "Old", email });
    // The sandbox's tokens live 10 minutes; verification allows one minute of clock skew.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 12 * 60_000);
    const res = await signIn("googleWeb", { id_token: token });
    vi.useRealTimers();
    expect(res.statusCode).toBe(422);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses a token signed with another key, even under the sandbox's key id", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const email = uniqueEmail("forger");
    const forged = await new SignJWT({ email, email_verified: true, name: "Forger" })
      .setProtectedHeader({ alg: "RS256", kid: "serene-sandbox-1" })
      .setIssuer(`${origin}/sandbox/identity/google`)
      .setAudience(SANDBOX_CLIENT_ID)
      .setSubject("google-forged")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    const res = await signIn("googleWeb", { id_token: forged });
    expect(res.statusCode).toBe(422);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses an unsigned token (alg none) and garbage", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(
      JSON.stringify({
        iss: `${origin}/sandbox/identity/google`,
        aud: SANDBOX_CLIENT_ID,
        sub: "x",
        email: uniqueEmail("none"),
        email_verified: true,
        iat: now,
        exp: now + 300,
      }),
    ).toString("base64url");
    expect((await signIn("googleWeb", { id_token: `${header}.${body}.` })).statusCode).toBe(422);
    expect((await signIn("googleWeb", { id_token: "not-a-jwt" })).statusCode).toBe(422);
  });

  it("refuses an Apple token at the Google endpoint (wrong issuer)", async () => {
    const res = await signIn("googleWeb", { id_token: await appleToken({ name: "Cross Over", email: uniqueEmail("cross") }) });
    expect(res.statusCode).toBe(422);
  });

  it("names a missing token and refuses wrong types and oversized tokens", async () => {
    const missing = await signIn("googleWeb", {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ id_token: ["The id token field is required."] });
    expect((await signIn("googleWeb", { id_token: 12 })).statusCode).toBe(422);
    expect((await signIn("googleWeb", { id_token: "x".repeat(8193) })).statusCode).toBe(422);
  });
});

describe("Apple sign-in through the sandbox", () => {
  it("creates an account, taking the name the page sends (Apple's token has none)", async () => {
    const email = uniqueEmail("apple");
    const res = await signIn("apple", {
      id_token: await appleToken({ name: "Theo Apple", email }, { nonce: "a-1" }),
      nonce: "a-1",
      name: "Theo Apple",
      is_ios: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await whoAmI(t.app, res.json().token)).json()).toMatchObject({ name: "Theo Apple", email, has_password: false });
    const user = (await userByEmail(email))!;
    expect((await identitiesOf(user.id))[0]).toMatchObject({ provider: "apple" });

    const again = await signIn("apple", { id_token: await appleToken({ email }) });
    expect((await whoAmI(t.app, again.json().token)).json().id).toBe(user.id);
  });

  it("names a person who shared no name after their address", async () => {
    const email = uniqueEmail("nameless");
    const res = await signIn("apple", { id_token: await appleToken({ email }) });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(t.app, res.json().token)).json().name).toBe(email.split("@")[0]);
  });

  it("accepts is_ios as the strings the app sends", async () => {
    const res = await signIn("apple", { id_token: await appleToken({ email: uniqueEmail("ios") }), is_ios: "0" });
    expect(res.statusCode).toBe(200);
    expect((await signIn("apple", { id_token: "x", is_ios: "maybe" })).statusCode).toBe(422);
  });

  it("refuses a token whose nonce differs", async () => {
    const res = await signIn("apple", {
      id_token: await appleToken({ email: uniqueEmail("apple-nonce") }, { nonce: "one" }),
      nonce: "two",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ id_token: [VERIFY_FAILED("Apple")] });
  });
});

describe("Facebook sign-in through the sandbox", () => {
  it("creates an account from the access token, then reuses it", async () => {
    const email = uniqueEmail("facebook");
    const token = await facebookToken({ name: "Lena Brooks", email });
    const first = await signIn("facebook", { access_token: token });
    expect(first.statusCode, first.body).toBe(200);
    expect((await whoAmI(t.app, first.json().token)).json()).toMatchObject({ name: "Lena Brooks", email });
    const user = (await userByEmail(email))!;
    expect((await identitiesOf(user.id))[0]).toMatchObject({ provider: "facebook" });

    // The web app may send the token in id_token, as it does for the other providers.
    const second = await signIn("facebook", { id_token: await facebookToken({ name: "Lena Brooks", email }) });
    expect(second.statusCode).toBe(200);
    expect((await whoAmI(t.app, second.json().token)).json().id).toBe(user.id);
  });

  it("refuses a forged access token", async () => {
    const email = uniqueEmail("fb-forged");
    const token = await facebookToken({ name: "Real", email });
    const [body, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, email: "boss@serene.example", sub: "facebook-boss" })).toString("base64url");
    for (const forged of [`${forgedBody}.${signature}`, `${body}.${"A".repeat(signature!.length)}`, "EAAB-not-a-token", `${body}`]) {
      const res = await signIn("facebook", { access_token: forged });
      expect(res.statusCode, forged).toBe(422);
      expect(res.json()).toEqual({ message: VERIFY_FAILED("Facebook"), errors: { access_token: [VERIFY_FAILED("Facebook")] } });
    }
    expect(await userByEmail("boss@serene.example")).toBeUndefined();
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses an expired access token", async () => {
    const email = uniqueEmail("fb-expired");
    const token = await facebookToken({ name: "Late", email });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60_000);
    const res = await signIn("facebook", { access_token: token });
    vi.useRealTimers();
    expect(res.statusCode).toBe(422);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("names a missing token", async () => {
    const res = await signIn("facebook", {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ access_token: ["The access token field is required."] });
  });

  it("sends a cancelled sign-in back with error=access_denied and error_reason=user_denied", async () => {
    const res = await authorize("facebook", { action: "cancel" });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/callback/facebook`);
    expect(location.hash).toBe("");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_reason")).toBe("user_denied");
    expect(location.searchParams.get("error_code")).toBe("200");
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.search).toContain("error=access_denied");
    expect(location.search).toContain("error_reason=user_denied");
  });
});

describe("the sandbox never opens an account it did not create", () => {
  const tokenFor: Record<Provider, (person: { name?: string; email: string }) => Promise<string>> = {
    google: googleToken,
    apple: appleToken,
    facebook: facebookToken,
  };
  const bodyFor = (provider: Provider, token: string) => (provider === "facebook" ? { access_token: token } : { id_token: token });

  it.each(["google", "apple", "facebook"] as const)(
    "refuses the e-mail of an existing password account through %s, and links nothing",
    async (provider) => {
      const member = await registerMember(t.app, t.database, { name: "Pat Password" });
      const res = await signIn(
        CALLBACK[provider],
        bodyFor(provider, await tokenFor[provider]({ name: "Mallory", email: member.email.toUpperCase() })),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SANDBOX_NOT_OWNER });
      expect(await identitiesOf(member.id)).toEqual([]);
      expect((await login(t.app, member.email, member.password)).statusCode).toBe(200);
    },
  );

  it("refuses an account another provider's sandbox created", async () => {
    const email = uniqueEmail("made-by-google");
    const made = await signIn("googleWeb", { id_token: await googleToken({ name: "Maya", email }) });
    expect(made.statusCode).toBe(200);
    const other = await signIn("facebook", { access_token: await facebookToken({ name: "Mallory", email }) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: SANDBOX_NOT_OWNER });
    const user = (await userByEmail(email))!;
    expect((await identitiesOf(user.id)).map((row) => row.provider)).toEqual(["google"]);
  });

  it("does not honour a sandbox identity linked to an existing account before this rule", async () => {
    const member = await registerMember(t.app, t.database, { name: "Linked Long Ago" });
    const token = await googleToken({ name: "Mallory", email: member.email });
    const subject = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub as string;
    await t.database.db.insert(socialIdentities).values({ userId: member.id, provider: "google", subject, email: member.email });
    const res = await signIn("googleWeb", { id_token: token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SANDBOX_NOT_OWNER });
  });

  it("holds in a staging set-up that allows the sandbox in production", async () => {
    const stagingPort = await freePort();
    const stagingOrigin = `http://localhost:${stagingPort}`;
    const staging = await createTestApp({
      ...PRODUCTION,
      PORT: String(stagingPort),
      APP_URL: stagingOrigin,
      SANDBOX_PROVIDERS: "true",
      ALLOW_SANDBOX_IN_PRODUCTION: "true",
    });
    try {
      await staging.app.listen({ port: stagingPort, host: "127.0.0.1" });
      const member = await registerMember(staging.app, staging.database, { name: "Staging Member" });
      const tokenOf = async (email: string) => {
        const res = await staging.app.inject({
          method: "POST",
          url: "/sandbox/identity/google/authorize",
          ...formBody({
            client_id: SANDBOX_CLIENT_ID,
            redirect_uri: `${stagingOrigin}/auth/callback/googleWeb`,
            action: "continue",
            name: "M",
            email,
          }),
        });
        expect(res.statusCode, res.body).toBe(303);
        return fragmentOf(res.headers.location as string).get("id_token")!;
      };
      const signInThere = async (email: string) =>
        staging.app.inject({
          method: "POST",
          url: "/api/v1/user/auth/googleWeb",
          payload: { id_token: await tokenOf(email) },
          remoteAddress: randomIp(),
        });
      const refused = await signInThere(member.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: SANDBOX_NOT_OWNER });
      expect((await signInThere(uniqueEmail("staging-new"))).statusCode).toBe(200);
    } finally {
      await staging.close();
    }
  });
});

describe("a real provider (Google's verification against a JWKS the test serves)", () => {
  let jwks: Server;
  let real: TestApp;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    const keys = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "real-1", alg: "RS256", use: "sig" }] };
    jwks = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(keys)));
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    const { port: jwksPort } = jwks.address() as AddressInfo;
    real = await createTestApp({ GOOGLE_CLIENT_ID: "real-google-client", GOOGLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/certs` });
  });
  afterAll(async () => {
    await real.close();
    await new Promise((resolve) => jwks.close(resolve));
  });

  const googleSays = (email: string, subject: string) =>
    new SignJWT({ email, email_verified: true, name: "Pat Google" })
      .setProtectedHeader({ alg: "RS256", kid: "real-1" })
      .setIssuer("https://accounts.google.com")
      .setAudience("real-google-client")
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);

  it("still links an existing password account with the same verified e-mail, and signs it in again", async () => {
    const member = await proveAddress(real.app, real.database, await registerMember(real.app, real.database, { name: "Pat Password" }));
    const subject = String(randomInt(1e9, 2e9));
    const first = await real.app.inject({
      method: "POST",
      url: "/api/v1/user/auth/googleWeb",
      payload: { id_token: await googleSays(member.email.toUpperCase(), subject) },
      remoteAddress: randomIp(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await whoAmI(real.app, first.json().token)).json()).toMatchObject({ id: member.id, name: "Pat Password", has_password: true });
    const linked = await real.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, member.id));
    expect(linked.map((row) => [row.provider, row.subject])).toEqual([["google", subject]]);
    const again = await real.app.inject({
      method: "POST",
      url: "/api/v1/user/auth/googleWeb",
      payload: { id_token: await googleSays(member.email, subject) },
      remoteAddress: randomIp(),
    });
    expect((await whoAmI(real.app, again.json().token)).json().id).toBe(member.id);
    // The address was proven before: the member's own password and session go on.
    expect((await whoAmI(real.app, member.token)).statusCode).toBe(200);
    expect((await login(real.app, member.email, member.password)).statusCode).toBe(200);
  });

  it("ends an unproven password account's other access when the address's owner signs in with Google (decision 050)", async () => {
    // Someone registered the address with their own password before its owner came.
    const attacker = await registerMember(real.app, real.database, { name: "Not The Owner", password: "borrowed-address-77" });
    const owner = await real.app.inject({
      method: "POST",
      url: "/api/v1/user/auth/googleWeb",
      payload: { id_token: await googleSays(attacker.email, String(randomInt(1e9, 2e9))) },
      remoteAddress: randomIp(),
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await whoAmI(real.app, owner.json().token)).json()).toMatchObject({ id: attacker.id, has_password: false });
    expect((await whoAmI(real.app, attacker.token)).statusCode).toBe(401);
    expect((await login(real.app, attacker.email, "borrowed-address-77")).statusCode).toBe(422);
  });

  it("creates a proven account: the provider verified the address", async () => {
    const email = uniqueEmail("real-google");
    const res = await real.app.inject({
      method: "POST",
      url: "/api/v1/user/auth/googleWeb",
      payload: { id_token: await googleSays(email, String(randomInt(1e9, 2e9))) },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await real.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });
});

describe("every provider", () => {
  it("refuses an unknown provider", async () => {
    for (const provider of ["twitter", "google", "GOOGLEWEB"]) {
      const res = await signIn(provider, { id_token: "x" });
      expect(res.statusCode, provider).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(["provider"]);
    }
  });

  it("refuses an account that is being deleted", async () => {
    const email = uniqueEmail("leaving");
    const first = await signIn("googleWeb", { id_token: await googleToken({ name: "Leaving", email }) });
    expect(first.statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() + DAY_MS) })
      .where(eq(users.email, email));
    const res = await signIn("googleWeb", { id_token: await googleToken({ name: "Leaving", email }) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "This account is being deleted." });
  });

  it("holds a client address back after 30 attempts in a minute", async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await signIn("googleWeb", { id_token: `junk-${attempt}` }, ip)).statusCode).toBe(422);
    }
    const limited = await signIn("googleWeb", { id_token: await googleToken({ email: uniqueEmail("late") }) }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(limited.json().message).toMatch(/^Too many attempts/);
  });

  it("gives an account made by social sign-in a way to log in with a password later", async () => {
    const email = uniqueEmail("later");
    const res = await signIn("googleWeb", { id_token: await googleToken({ name: "Later", email }) });
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(422);
    const set = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/user/password",
      headers: { authorization: `Bearer ${res.json().token}` },
      payload: { password: PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
  });
});

describe("providers that cannot be reached", () => {
  it("answer 503, not a verification failure", async () => {
    const closed = await freePort();
    const down = await createTestApp({
      GOOGLE_CLIENT_ID: "real-google-client",
      GOOGLE_JWKS_URL: `http://127.0.0.1:${closed}/certs`,
      FACEBOOK_APP_ID: "123",
      FACEBOOK_APP_SECRET: "s3cret",
      FACEBOOK_GRAPH_URL: `http://127.0.0.1:${closed}/v21.0`,
    });
    try {
      const { privateKey, publicKey } = await generateKeyPair("RS256");
      expect(await exportJWK(publicKey)).toHaveProperty("n");
      const token = await new SignJWT({ email: uniqueEmail("down"), email_verified: true })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer("https://accounts.google.com")
        .setAudience("real-google-client")
        .setSubject("1")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      const google = await down.app.inject({ method: "POST", url: "/api/v1/user/auth/googleWeb", payload: { id_token: token } });
      expect(google.statusCode).toBe(503);
      expect(google.json()).toEqual({ message: "Sign-in with Google is unavailable right now. Please try again in a moment." });
      const facebook = await down.app.inject({ method: "POST", url: "/api/v1/user/auth/facebook", payload: { access_token: "EAAB123" } });
      expect(facebook.statusCode).toBe(503);
      // Apple is neither configured nor in the sandbox here: the sandbox is on in tests, so it is offered.
      expect((await down.app.inject({ method: "POST", url: "/api/v1/user/auth/apple", payload: {} })).statusCode).toBe(422);
    } finally {
      await down.close();
    }
  });

  it("are not offered at all when neither configured nor sandboxed", async () => {
    const none = await createTestApp({ SANDBOX_PROVIDERS: "false" });
    try {
      for (const [provider, label] of [
        ["googleWeb", "Google"],
        ["apple", "Apple"],
        ["facebook", "Facebook"],
      ]) {
        const res = await none.app.inject({
          method: "POST",
          url: `/api/v1/user/auth/${provider}`,
          payload: { id_token: "x", access_token: "y" },
        });
        expect(res.statusCode, provider).toBe(404);
        expect(res.json()).toEqual({ message: `Sign-in with ${label} is not offered.` });
      }
      expect((await none.app.inject({ url: "/sandbox/identity/jwks.json" })).statusCode).toBe(404);
    } finally {
      await none.close();
    }
  });
});
