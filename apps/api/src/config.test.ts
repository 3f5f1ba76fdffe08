import { describe, expect, it } from "vitest";
import { ConfigError, fastifyTrustProxy, loadConfig, SANDBOX_CLIENT_ID } from "./config.ts";
import { signInProviders } from "./modules/identity/sign-in-providers.ts";
import { clientConfig } from "./plugins/web.ts";
import { PRODUCTION } from "./test/production-env.ts";

/**
 * The ConfigError that loading this environment throws. The expectation sits outside the catch, so
 * the test fails when loading stops throwing (or throws something else) instead of passing silently.
 */
function configErrorOf(env: Record<string, string>): ConfigError {
  let thrown: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  return thrown as ConfigError;
}

describe("loadConfig", () => {
  it("runs on the embedded defaults with nothing set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appName).toBe("Serene");
    expect(config.database.driver).toBe("pglite");
    expect(config.role).toBe("all");
    expect(config.logFormat).toBe("auto");
    expect(config.seedDemoData).toBe(true);
  });

  it("splits the roles only on a shared database", () => {
    expect(loadConfig({ ROLE: "worker", DATABASE_URL: "postgres://user@127.0.0.1:5432/serene" }).role).toBe("worker");
    expect(configErrorOf({ ROLE: "api" }).message).toBe(
      "Invalid environment variable ROLE: ROLE=api needs DATABASE_URL (the embedded database belongs to one process, which runs both roles)",
    );
    expect(configErrorOf({ ROLE: "web" }).message).toMatch(/^Invalid environment variable ROLE: .*\(got "web"\)$/);
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://user@127.0.0.1:5432/serene" });
    expect(config.database).toMatchObject({ driver: "postgres", url: "postgres://user@127.0.0.1:5432/serene" });
  });

  it("bounds PostgreSQL's waits by default, and reads each limit from the environment", () => {
    const url = "postgres://user@127.0.0.1:5432/serene";
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({
      timeouts: { connectTimeoutMs: 5000, statementTimeoutMs: 10_000, idleInTransactionTimeoutMs: 30_000 },
    });
    expect(loadConfig({}).databaseStartTimeoutMs).toBe(60_000);
    const tuned = loadConfig({
      DATABASE_URL: url,
      DATABASE_CONNECT_TIMEOUT_MS: "1500",
      DATABASE_STATEMENT_TIMEOUT_MS: "2500",
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "4000",
      DATABASE_START_TIMEOUT_MS: "0",
    });
    expect(tuned.database).toMatchObject({
      timeouts: { connectTimeoutMs: 1500, statementTimeoutMs: 2500, idleInTransactionTimeoutMs: 4000 },
    });
    expect(tuned.databaseStartTimeoutMs).toBe(0);
    // No limit at all is not a choice: a hanging database would hold every request again.
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "0" })).toThrowError(
      /^Invalid environment variable DATABASE_STATEMENT_TIMEOUT_MS: /,
    );
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: "soon" })).toThrowError(
      /^Invalid environment variable DATABASE_CONNECT_TIMEOUT_MS: /,
    );
  });

  it("stops with one line naming the variable for a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(/^Invalid environment variable PORT: .*\(got "eighty"\)$/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrowError(/^Invalid environment variable DATABASE_URL: /);
  });

  it("never repeats a secret value in its message", () => {
    const error = configErrorOf({ DATABASE_URL: "mysql://user:hunter2@db/x" });
    expect(error.message).toMatch(/^Invalid environment variable DATABASE_URL: /);
    expect(error.message).not.toContain("hunter2");
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("turns demo data off in production unless asked for", () => {
    expect(loadConfig({ ...PRODUCTION }).seedDemoData).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: "true" }).seedDemoData).toBe(true);
  });
});

describe("trusted proxies (TRUST_PROXY)", () => {
  it("trusts no proxy by default, nor when told none", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const none of ["false", "no", "0", " "]) expect(loadConfig({ TRUST_PROXY: none }).trustProxy, none).toBe(false);
    expect(loadConfig({ ...PRODUCTION }).trustProxy).toBe(false);
  });

  it("reads a number of proxies, or the proxies' addresses and networks", () => {
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: "10.0.0.0/8, 192.0.2.7,2001:DB8::/32, ::1, loopback" }).trustProxy).toEqual({
      addresses: ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32", "::1", "loopback"],
    });
  });

  it("refuses to trust every address in production, saying what to set instead", () => {
    for (const everything of ["true", "yes", "TRUE"]) {
      const error = configErrorOf({ ...PRODUCTION, TRUST_PROXY: everything });
      expect(error.message).toMatch(/^Invalid environment variable TRUST_PROXY: .*every client choose its own address/);
      expect(error.message).toContain("number of proxies");
      expect(error.message.split("\n")).toHaveLength(1);
    }
    // Outside production an older `true` still starts, as one proxy.
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toEqual({ hops: 1 });
  });

  it.each(["10.0.0.0/33", "2001:db8::/129", "10.0.0/8", "proxy.internal", "10.0.0.1/8/1", "10.0.0.1,", "11", "-1", "1.5"])(
    "refuses %j with a message naming the variable",
    (value) => {
      expect(configErrorOf({ TRUST_PROXY: value }).message).toMatch(/^Invalid environment variable TRUST_PROXY: /);
    },
  );

  it("gives Fastify a trust function for hops (Fastify 5 ignores a bare count) and the list for addresses", () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy({ addresses: ["10.0.0.0/8"] })).toEqual(["10.0.0.0/8"]);
    const twoHops = fastifyTrustProxy({ hops: 2 });
    expect(typeof twoHops).toBe("function");
    const trusts = twoHops as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trusts("10.0.0.1", hop))).toEqual([true, true, false]);
  });
});

describe("sign-in providers", () => {
  it("refuses sandbox providers in production unless explicitly allowed", () => {
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX_PROVIDERS: "true" })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX_PROVIDERS: "true" })).toThrowError(
      /^Invalid environment variable SANDBOX_PROVIDERS: .*ALLOW_SANDBOX_IN_PRODUCTION=true/,
    );
    const allowed = loadConfig({
      ...PRODUCTION,
      SANDBOX_PROVIDERS: "true",
      ALLOW_SANDBOX_IN_PRODUCTION: "true",
      APP_URL: "https://calm.test",
    });
    expect(allowed.sandboxProviders).toBe(true);
    expect(allowed.identity.google).toMatchObject({
      clientId: SANDBOX_CLIENT_ID,
      authorizeUrl: "https://calm.test/sandbox/identity/google/authorize",
    });
  });

  it("keeps the sandbox off in production by default, even when allowed", () => {
    expect(loadConfig({ ...PRODUCTION }).sandboxProviders).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ALLOW_SANDBOX_IN_PRODUCTION: "true" }).sandboxProviders).toBe(false);
    expect(loadConfig({}).sandboxProviders).toBe(true);
    expect(loadConfig({ SANDBOX_PROVIDERS: "false" }).sandboxProviders).toBe(false);
  });

  it("offers no provider in production that is not configured", () => {
    const config = loadConfig({ ...PRODUCTION });
    expect(config.identity).toEqual({ google: null, apple: null, facebook: null });
    expect(signInProviders(config)).toEqual({ googleWeb: null, apple: null, facebook: null });
    expect(clientConfig(config).signIn).toEqual({ googleWeb: null, apple: null, facebook: null });
  });

  it("offers each configured provider with its real endpoints, and Facebook only with its secret", () => {
    const config = loadConfig({
      ...PRODUCTION,
      GOOGLE_CLIENT_ID: "g-client",
      APPLE_CLIENT_ID: "com.example.web",
      FACEBOOK_APP_ID: "123",
    });
    expect(signInProviders(config)).toEqual({
      googleWeb: { authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth", clientId: "g-client", sandbox: false },
      apple: { authorizeUrl: "https://appleid.apple.com/auth/authorize", clientId: "com.example.web", sandbox: false },
      facebook: null,
    });
    expect(config.identity.google!.issuers).toEqual(["https://accounts.google.com", "accounts.google.com"]);
    expect(config.identity.apple!.jwksUrl).toBe("https://appleid.apple.com/auth/keys");
    const withSecret = loadConfig({
      ...PRODUCTION,
      FACEBOOK_APP_ID: "123",
      FACEBOOK_APP_SECRET: "shh",
      FACEBOOK_GRAPH_URL: "https://graph.facebook.com/v21.0/",
    });
    expect(withSecret.identity.facebook).toMatchObject({ appId: "123", graphUrl: "https://graph.facebook.com/v21.0" });
    expect(JSON.stringify(clientConfig(withSecret))).not.toContain("shh");
  });

  it("verifies sandbox tokens against the server's own address, INTERNAL_URL when set", () => {
    const config = loadConfig({ PORT: "4100" });
    expect(config.appUrl).toBe("http://localhost:4100");
    expect(config.internalUrl).toBe("http://127.0.0.1:4100");
    expect(config.identity.google!.jwksUrl).toBe("http://127.0.0.1:4100/sandbox/identity/jwks.json");
    expect(config.identity.google!.issuers).toEqual(["http://localhost:4100/sandbox/identity/google"]);
    expect(config.identity.facebook!.graphUrl).toBe("http://127.0.0.1:4100/sandbox/identity/facebook/graph");
    const internal = loadConfig({ PORT: "4100", INTERNAL_URL: "http://api.internal:8080/" });
    expect(internal.identity.apple!.jwksUrl).toBe("http://api.internal:8080/sandbox/identity/jwks.json");
    expect(signInProviders(internal).apple).toEqual({
      authorizeUrl: "http://localhost:4100/sandbox/identity/apple/authorize",
      clientId: SANDBOX_CLIENT_ID,
      sandbox: true,
    });
  });
});

describe("account settings", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    const day = 86_400_000;
    expect(config.session).toEqual({ idleMs: 30 * day, absoluteMs: 180 * day });
    expect(config.accountDeletionDelayMs).toBe(5 * day);
    expect(config.passwordResetMs).toBe(60 * 60_000);
    expect(config.tmpTokenMs).toBe(30 * 60_000);
    expect(config.rateLimitFactor).toBe(1);
    expect(config.redisUrl).toBeNull();
    expect(config.mail).toEqual({ smtpUrl: null, from: "Serene <no-reply@serene.example>" });
  });

  it("reads the account settings from the environment", () => {
    const config = loadConfig({
      TOKEN_IDLE_DAYS: "7",
      TOKEN_MAX_DAYS: "14",
      ACCOUNT_DELETION_DAYS: "0",
      PASSWORD_RESET_MINUTES: "15",
      TMP_TOKEN_MINUTES: "1440",
      REDIS_URL: "redis://cache:6379",
      SMTP_URL: "smtps://user:pass@mail.example:465",
      APP_NAME: "Calm",
    });
    expect(config.session).toEqual({ idleMs: 7 * 86_400_000, absoluteMs: 14 * 86_400_000 });
    expect(config.accountDeletionDelayMs).toBe(0);
    expect(config.passwordResetMs).toBe(15 * 60_000);
    expect(config.tmpTokenMs).toBe(1440 * 60_000);
    expect(config.redisUrl).toBe("redis://cache:6379");
    expect(config.mail).toEqual({ smtpUrl: "smtps://user:pass@mail.example:465", from: "Calm <no-reply@serene.example>" });
  });

  it("refuses out-of-range values and URLs of the wrong kind, without repeating them", () => {
    expect(() => loadConfig({ PASSWORD_RESET_MINUTES: "0" })).toThrowError(
      /^Invalid environment variable PASSWORD_RESET_MINUTES: Too small/,
    );
    expect(() => loadConfig({ TOKEN_IDLE_DAYS: "0" })).toThrowError(/^Invalid environment variable TOKEN_IDLE_DAYS: /);
    expect(() => loadConfig({ ACCOUNT_DELETION_DAYS: "91" })).toThrowError(/ACCOUNT_DELETION_DAYS/);
    expect(() => loadConfig({ TMP_TOKEN_MINUTES: "ten" })).toThrowError(/TMP_TOKEN_MINUTES/);
    const cases: [string, string][] = [
      ["REDIS_URL", "http://user:topsecret@cache"],
      ["SMTP_URL", "mail://user:topsecret@host"],
      ["FACEBOOK_GRAPH_URL", "topsecret"],
    ];
    for (const [name, value] of cases) {
      const error = configErrorOf({ [name]: value });
      expect(error.message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      expect(error.message).not.toContain("topsecret");
    }
  });
});

describe("media configuration", () => {
  it("serves the shipped media pack with a generated key outside production", () => {
    const config = loadConfig({});
    expect(config.media.baseUrl).toBe("http://localhost:3000/media");
    expect(config.media.dir.endsWith("content/media")).toBe(true);
    expect(config.media.privateKeyPem).toBeNull();
    expect(config.media.hash).toBe("SHA1");
  });
  it("refuses to start production without a signing key", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrowError(/CLOUDFRONT_PRIVATE_KEY/);
  });
  it("reads a key given on one line with \\n escapes", () => {
    const oneLine = PRODUCTION.CLOUDFRONT_PRIVATE_KEY.trim().replaceAll("\n", "\\n");
    const config = loadConfig({
      ...PRODUCTION,
      CLOUDFRONT_PRIVATE_KEY: oneLine,
      MEDIA_BASE_URL: "https://cdn.calm.test/media/",
      MEDIA_SIGNING_HASH: "SHA256",
    });
    expect(config.media.privateKeyPem).toBe(PRODUCTION.CLOUDFRONT_PRIVATE_KEY.trim());
    expect(config.media.baseUrl).toBe("https://cdn.calm.test/media");
    expect(config.media.hash).toBe("SHA256");
  });
});

describe("payment processors", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
  const paypal = { PAYPAL_CLIENT_ID: "client", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_WEBHOOK_ID: "WH-1" };

  it("uses the offline sandboxes outside production when no keys are set", () => {
    const config = loadConfig({});
    expect(config.payments.card).toEqual({ adapter: "sandbox" });
    expect(config.payments.wallet).toEqual({ adapter: "sandbox" });
    expect(config.payments.retryAttempts).toBe(3);
  });

  it("offers no payments in production without keys, and the real providers with them", () => {
    expect(loadConfig({ ...PRODUCTION }).payments).toMatchObject({ card: null, wallet: null });
    const live = loadConfig({ ...PRODUCTION, ...stripe, ...paypal, STRIPE_API_URL: "http://127.0.0.1:12111/" });
    expect(live.payments.card).toEqual({
      adapter: "stripe",
      secretKey: "sk_test_abc123",
      publishableKey: "pk_test_abc123",
      webhookSecret: "whsec_abc123",
      apiUrl: "http://127.0.0.1:12111",
    });
    expect(live.payments.wallet).toMatchObject({
      adapter: "paypal",
      clientId: "client",
      webhookId: "WH-1",
      apiUrl: "https://api-m.paypal.com",
    });
  });

  it("refuses a partial set of keys and keys of the wrong kind, without repeating them", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /STRIPE_SECRET_KEY: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together/,
    );
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: "client" })).toThrow(/PAYPAL_CLIENT_ID: set PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: "pk_live_oops" })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret key[^"]*$/,
    );
  });
});
