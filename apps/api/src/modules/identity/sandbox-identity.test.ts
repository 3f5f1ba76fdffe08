import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CLIENT_ID, SANDBOX_FACEBOOK_SECRET } from "../../config.ts";
import { formBody } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { PRODUCTION } from "../../test/production-env.ts";

/** The sandbox identity provider's own pages and endpoints (the app's URL is http://localhost:3000 here). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const APP = "http://localhost:3000";
const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const authorizeFields = (provider: string, extra: Record<string, string> = {}) => ({
  client_id: SANDBOX_CLIENT_ID,
  redirect_uri: `${APP}/auth/callback/${provider === "google" ? "googleWeb" : provider}`,
  state: "s-1",
  nonce: "n-1",
  ...extra,
});

describe("GET /sandbox/identity/{provider}/authorize", () => {
  it.each([
    ["google", "Google", "Maya Green"],
    ["apple", "Apple", "Theo Apple"],
    ["facebook", "Facebook", "Lena Brooks"],
  ])("shows %s's consent page with a demo person and the request carried in hidden fields", async (provider, label, person) => {
    const res = await t.app.inject({ url: `/sandbox/identity/${provider}/authorize?${query(authorizeFields(provider))}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain(`<h1>Sign in with ${label}</h1>`);
    expect(res.body).toContain('class="badge">Sandbox<');
    expect(res.body).toContain(`value="${person}"`);
    expect(res.body).toContain('<input type="hidden" name="state" value="s-1">');
    expect(res.body).toContain('<input type="hidden" name="nonce" value="n-1">');
    expect(res.body).toContain('name="action" value="cancel"');
    expect(res.body).toContain('name="action" value="continue"');
  });

  it("escapes what the request carries", async () => {
    const res = await t.app.inject({
      url: `/sandbox/identity/google/authorize?${query(authorizeFields("google", { state: '"><script>alert(1)</script>' }))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).toContain("&quot;&gt;&lt;script&gt;");
  });

  it.each([
    ["another site", { redirect_uri: "https://evil.com/auth/callback/googleWeb" }],
    ["a protocol-relative address", { redirect_uri: "//evil.com/auth/callback/googleWeb" }],
    ["a path outside the callbacks", { redirect_uri: `${APP}/account/settings` }],
    ["a malformed address", { redirect_uri: "not a url" }],
    ["an oversized state", { state: "s".repeat(600) }],
  ])("refuses %s with 400", async (_label, override) => {
    const res = await t.app.inject({ url: `/sandbox/identity/google/authorize?${query(authorizeFields("google", override))}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("This sign-in request is not valid.");
  });

  it("refuses an unknown provider and a missing client id", async () => {
    expect((await t.app.inject({ url: `/sandbox/identity/twitter/authorize?${query(authorizeFields("twitter"))}` })).statusCode).toBe(400);
    const { client_id: _omit, ...noClient } = authorizeFields("google");
    expect((await t.app.inject({ url: `/sandbox/identity/google/authorize?${query(noClient)}` })).statusCode).toBe(400);
  });
});

describe("POST /sandbox/identity/{provider}/authorize", () => {
  const post = (provider: string, fields: Record<string, string>) =>
    t.app.inject({ method: "POST", url: `/sandbox/identity/${provider}/authorize`, ...formBody(fields) });

  it("sends Google's answer back in the fragment of the app's own callback", async () => {
    const res = await post("google", authorizeFields("google", { action: "continue", name: "Ann", email: "ann@example.test" }));
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback/googleWeb`);
    expect(location.search).toBe("");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("id_token")!.split(".")).toHaveLength(3);
    expect(fragment.get("state")).toBe("s-1");
    const claims = JSON.parse(Buffer.from(fragment.get("id_token")!.split(".")[1]!, "base64url").toString());
    expect(claims).toMatchObject({
      iss: `${APP}/sandbox/identity/google`,
      aud: SANDBOX_CLIENT_ID,
      email: "ann@example.test",
      email_verified: true,
      name: "Ann",
      nonce: "n-1",
    });
    expect(claims.exp - claims.iat).toBe(600);
  });

  it("sends a cancelled Google sign-in back with error=access_denied", async () => {
    const res = await post("google", authorizeFields("google", { action: "cancel" }));
    expect(res.statusCode).toBe(303);
    const fragment = new URLSearchParams(new URL(res.headers.location as string).hash.slice(1));
    expect(fragment.get("error")).toBe("access_denied");
    expect(fragment.get("id_token")).toBeNull();
  });

  it("answers Apple with a page that posts the token to the app (form_post)", async () => {
    const res = await post("apple", authorizeFields("apple", { action: "continue", name: "Theo Apple", email: "theo@example.test" }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<form id="post" method="post" action="${APP}/auth/callback/apple">`);
    expect(res.body).toContain('<script src="/sandbox/identity/autopost.js" defer></script>');
    expect(res.body).toMatch(/name="id_token" value="[\w-]+\.[\w-]+\.[\w-]+"/);
    expect(res.body).toContain(
      'name="user" value="{&quot;name&quot;:{&quot;firstName&quot;:&quot;Theo&quot;,&quot;lastName&quot;:&quot;Apple&quot;}',
    );
  });

  it("answers a cancelled Apple sign-in with user_cancelled_authorize and no token", async () => {
    const res = await post("apple", authorizeFields("apple", { action: "cancel" }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('name="error" value="user_cancelled_authorize"');
    expect(res.body).not.toContain('name="id_token"');
  });

  it("refuses a missing or unknown action, a malformed e-mail and a foreign redirect", async () => {
    expect((await post("google", authorizeFields("google"))).statusCode).toBe(400);
    expect((await post("google", authorizeFields("google", { action: "steal" }))).statusCode).toBe(400);
    expect((await post("google", authorizeFields("google", { action: "continue", email: "nope" }))).statusCode).toBe(400);
    expect(
      (await post("google", authorizeFields("google", { action: "continue", redirect_uri: "https://evil.com/auth/callback/googleWeb" })))
        .statusCode,
    ).toBe(400);
    expect(
      (await post("facebook", authorizeFields("facebook", { action: "continue", redirect_uri: "https://evil.com/auth/callback/facebook" })))
        .statusCode,
    ).toBe(400);
  });
});

describe("the sandbox's published keys and assets", () => {
  it("publishes only the public half of its signing key", async () => {
    const res = await t.app.inject({ url: "/sandbox/identity/jwks.json" });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", kid: "serene-sandbox-1", alg: "RS256", use: "sig" });
    expect(keys[0]).not.toHaveProperty("d");
    expect(keys[0]).not.toHaveProperty("p");
  });

  it("serves its style sheet and the form_post script", async () => {
    const css = await t.app.inject({ url: "/sandbox/identity/sandbox.css" });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toContain("text/css");
    const script = await t.app.inject({ url: "/sandbox/identity/autopost.js" });
    expect(script.headers["content-type"]).toContain("text/javascript");
    expect(script.body).toContain('getElementById("post")');
  });
});

describe("the sandbox's Graph API", () => {
  const appToken = `${SANDBOX_CLIENT_ID}|${SANDBOX_FACEBOOK_SECRET}`;

  it("refuses token inspection without the app's own token", async () => {
    for (const access of ["", "someone|else"]) {
      const res = await t.app.inject({
        url: `/sandbox/identity/facebook/graph/debug_token?${query({ input_token: "x", access_token: access })}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ type: "OAuthException", code: 190 });
    }
  });

  it("reports a forged user token as invalid", async () => {
    const res = await t.app.inject({
      url: `/sandbox/identity/facebook/graph/debug_token?${query({ input_token: "forged.token", access_token: appToken })}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_valid: false, app_id: SANDBOX_CLIENT_ID });
  });

  it("inspects a real sandbox token and reads the profile with it", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/sandbox/identity/facebook/authorize",
      ...formBody(authorizeFields("facebook", { action: "continue", name: "Lena", email: "lena@example.test" })),
    });
    const token = new URLSearchParams(new URL(answer.headers.location as string).hash.slice(1)).get("access_token")!;
    const inspect = await t.app.inject({
      url: `/sandbox/identity/facebook/graph/debug_token?${query({ input_token: token, access_token: appToken })}`,
    });
    expect(inspect.json().data).toMatchObject({ is_valid: true, app_id: SANDBOX_CLIENT_ID, type: "USER" });
    const me = await t.app.inject({
      url: `/sandbox/identity/facebook/graph/me?${query({ access_token: token, fields: "id,name,email" })}`,
    });
    expect(me.json()).toEqual({ id: inspect.json().data.user_id, name: "Lena", email: "lena@example.test" });
    expect((await t.app.inject({ url: "/sandbox/identity/facebook/graph/me?access_token=forged" })).statusCode).toBe(400);
  });
});

describe("POST /auth/callback/apple", () => {
  it("turns Apple's form post into a redirect that carries the answer in the fragment", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/callback/apple",
      ...formBody({ id_token: "a.b.c", state: "s-1", user: '{"name":{"firstName":"Theo"}}', code: "secret-code", extra: "x" }),
    });
    expect(res.statusCode).toBe(303);
    const location = res.headers.location as string;
    expect(location.startsWith("/auth/callback/apple#")).toBe(true);
    const fragment = new URLSearchParams(location.split("#")[1]);
    expect(Object.fromEntries(fragment)).toEqual({ id_token: "a.b.c", state: "s-1", user: '{"name":{"firstName":"Theo"}}' });
  });

  it("passes an error through and drops oversized or non-text values", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/callback/apple",
      payload: { error: "user_cancelled_authorize", id_token: "x".repeat(9000), state: ["a", "b"] },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/auth/callback/apple#error=user_cancelled_authorize");
  });

  it("answers a post with no body, and refuses a huge one", async () => {
    const empty = await t.app.inject({ method: "POST", url: "/auth/callback/apple" });
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe("/auth/callback/apple#");
    const huge = await t.app.inject({ method: "POST", url: "/auth/callback/apple", ...formBody({ id_token: "x".repeat(70_000) }) });
    expect(huge.statusCode).toBe(413);
  });
});

describe("in production", () => {
  it("mounts neither the sandbox nor the outbox pages", async () => {
    const production = await createTestApp({ ...PRODUCTION, APP_URL: "https://calm.test" });
    try {
      for (const url of ["/sandbox/identity/jwks.json", "/sandbox/identity/google/authorize", "/dev/outbox", "/dev/outbox.json"]) {
        expect((await production.app.inject({ url })).statusCode, url).toBe(404);
      }
      const signIn = await production.app.inject({ method: "POST", url: "/api/v1/user/auth/googleWeb", payload: { id_token: "x" } });
      expect(signIn.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it("mounts the sandbox only when explicitly allowed, and still never the outbox", async () => {
    const allowed = await createTestApp({
      ...PRODUCTION,
      APP_URL: "https://calm.test",
      SANDBOX_PROVIDERS: "true",
      ALLOW_SANDBOX_IN_PRODUCTION: "true",
    });
    try {
      expect((await allowed.app.inject({ url: "/sandbox/identity/jwks.json" })).statusCode).toBe(200);
      expect((await allowed.app.inject({ url: "/dev/outbox.json" })).statusCode).toBe(404);
    } finally {
      await allowed.close();
    }
  });
});
