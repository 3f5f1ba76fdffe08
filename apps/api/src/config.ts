import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from "@serene/db";
import { DAY_MS } from "@serene/domain";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

const flag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((value) => value === "true" || value === "1" || value === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("localhost"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_NAME: z.string().min(1).max(60).default("Serene"),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPPORT_EMAIL: z.email().default("support@serene.example"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, "data")),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_POSTGRES_TIMEOUTS.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_POSTGRES_TIMEOUTS.statementTimeoutMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(DEFAULT_POSTGRES_TIMEOUTS.idleInTransactionTimeoutMs),
  DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  ROLE: z.enum(["all", "api", "worker"]).default("all"),
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  METRICS_ALLOW: z.string().optional(),
  STAFF_SECRETS_KEY: z.string().min(32, { message: "must be at least 32 characters (for example `openssl rand -base64 32`)" }).optional(),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  SEED_DEMO_DATA: flag.optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  TRUST_PROXY: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,16}$/, "must look like G-XXXXXXX")
    .optional(),
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{6,20}$/, "must be the numeric pixel id")
    .optional(),
  INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  SANDBOX_PROVIDERS: flag.optional(),
  ALLOW_SANDBOX_IN_PRODUCTION: flag.default(false),
  TOKEN_IDLE_DAYS: z.coerce.number().min(0.001).max(365).default(30),
  TOKEN_MAX_DAYS: z.coerce.number().min(0.001).max(3650).default(180),
  ACCOUNT_DELETION_DAYS: z.coerce.number().min(0).max(90).default(5),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  TMP_TOKEN_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  RATE_LIMIT_FACTOR: z.coerce.number().min(0.01).max(100_000).default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_AUTHORIZE_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_AUTHORIZE_URL: z.url().default("https://appleid.apple.com/auth/authorize"),
  APPLE_JWKS_URL: z.url().default("https://appleid.apple.com/auth/keys"),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZE_URL: z.url().default("https://www.facebook.com/v21.0/dialog/oauth"),
  FACEBOOK_GRAPH_URL: z.url().default("https://graph.facebook.com/v21.0"),
  MEDIA_DIR: z.string().min(1).default(path.join(repoRoot, "content/media")),
  MEDIA_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SERVE_MEDIA: flag.default(true),
  /** Where the console's uploads are packaged and served from beside MEDIA_DIR; every API node and worker must share it. */
  MEDIA_UPLOAD_DIR: z.string().min(1).optional(),
  /** The largest recording an editor may upload, in megabytes. */
  CONTENT_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(20_000).default(2048),
  CLOUDFRONT_KEY_PAIR_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be the public key id (letters, digits, - and _)")
    .optional(),
  CLOUDFRONT_PRIVATE_KEY: z.string().includes("PRIVATE KEY", { message: "must be a PEM private key" }).optional(),
  MEDIA_SIGNING_HASH: z.enum(["SHA1", "SHA256"]).default("SHA1"),
  MEDIA_COOKIE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 7)
    .default(12),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_..., sk_live_...)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe publishable key (pk_test_..., pk_live_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be a webhook signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).default("https://api-m.paypal.com"),
  PAYMENT_RETRY_ATTEMPTS: z.coerce.number().int().min(0).max(10).default(3),
  MEDIA_COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9.-]+$/, "must be a domain like .example.com")
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  host: string;
  port: number;
  appName: string;
  appUrl: string;
  supportEmail: string;
  logLevel: Env["LOG_LEVEL"];
  database: { driver: "postgres"; url: string; poolMax: number; timeouts: PostgresTimeouts } | { driver: "pglite"; dataDir: string };
  /** How long start-up keeps trying a database that does not answer before it gives up (exit code 1). */
  databaseStartTimeoutMs: number;
  /**
   * What this process does (decision 065): `all` serves the API and runs the jobs (one machine),
   * `api` serves and only sends jobs, `worker` runs jobs and answers only health and metrics.
   */
  role: Env["ROLE"];
  /** JSON lines for collectors, or readable lines for a person; `auto` is readable in a development terminal. */
  logFormat: Env["LOG_FORMAT"];
  /** Who may read /metrics besides this machine: a bearer token, addresses and networks (CIDR). */
  metrics: { token: string | null; allow: string[] };
  /** The key staff TOTP secrets are sealed with (decision 067): from STAFF_SECRETS_KEY; a fixed one outside production. */
  staff: { secretsKey: Buffer };
  jobs: {
    /** How often an idle job worker asks an ordinary queue for work (pg-boss allows 0.5 s and up). */
    pollSeconds: number;
    /** How often a worker looks for jobs whose worker died (and hands them to another). */
    maintenanceSeconds: number;
    /** The longest any queue lets a job run before handing it to another worker; each queue's own when null. */
    expireSeconds: number | null;
  };
  seedDemoData: boolean;
  bodyLimit: number;
  /**
   * Who may say, in `X-Forwarded-For`, which client a request comes from (decision 056): nobody
   * (false), the last `hops` proxies in front of the server, or the proxies at these addresses and
   * networks. `fastifyTrustProxy` turns it into Fastify's option.
   */
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  webDistDir: string;
  analyticsRetentionDays: number;
  ga4MeasurementId: string | null;
  metaPixelId: string | null;
  /** Where this server reaches itself (the sandbox providers' verification endpoints). */
  internalUrl: string;
  sandboxProviders: boolean;
  session: { idleMs: number; absoluteMs: number };
  accountDeletionDelayMs: number;
  passwordResetMs: number;
  tmpTokenMs: number;
  rateLimitFactor: number;
  redisUrl: string | null;
  mail: { smtpUrl: string | null; from: string };
  identity: IdentityConfig;
  media: MediaConfig;
  payments: PaymentsConfig;
}

/**
 * Payment processors (docs/decisions/015-payments.md). Each is the real provider when its keys are
 * set, the offline sandbox when sandbox providers are allowed, otherwise null (unavailable).
 */
export interface PaymentsConfig {
  card:
    | { adapter: "stripe"; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | null }
    | { adapter: "sandbox" }
    | null;
  wallet: { adapter: "paypal"; clientId: string; clientSecret: string; webhookId: string; apiUrl: string } | { adapter: "sandbox" } | null;
  /** Failed renewal charges are retried this many times, a day apart, before access ends. */
  retryAttempts: number;
}

function paymentsConfig(env: Env, sandbox: boolean): PaymentsConfig {
  const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    throw new ConfigError(
      "Invalid environment variable STRIPE_SECRET_KEY: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together",
    );
  }
  const paypal = [env.PAYPAL_CLIENT_ID, env.PAYPAL_CLIENT_SECRET, env.PAYPAL_WEBHOOK_ID];
  if (paypal.some(Boolean) && !paypal.every(Boolean)) {
    throw new ConfigError(
      "Invalid environment variable PAYPAL_CLIENT_ID: set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID together",
    );
  }
  return {
    card: env.STRIPE_SECRET_KEY
      ? {
          adapter: "stripe",
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiUrl: env.STRIPE_API_URL?.replace(/\/$/, "") ?? null,
        }
      : sandbox
        ? { adapter: "sandbox" }
        : null,
    wallet: env.PAYPAL_CLIENT_ID
      ? {
          adapter: "paypal",
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET!,
          webhookId: env.PAYPAL_WEBHOOK_ID!,
          apiUrl: env.PAYPAL_API_URL.replace(/\/$/, ""),
        }
      : sandbox
        ? { adapter: "sandbox" }
        : null,
    retryAttempts: env.PAYMENT_RETRY_ATTEMPTS,
  };
}

/** Streaming media and its signed cookies (docs/decisions/011-streaming-and-signed-cookies.md). */
export interface MediaConfig {
  /** The media root on disk, served under /media when `serve` is true. */
  dir: string;
  /** The console's uploads (decision 070): packaged streams and covers, served under /media after `dir`. */
  uploadDir: string;
  /** The largest upload accepted, in bytes. */
  uploadMaxBytes: number;
  /** The absolute address cookie policies name (no trailing slash). */
  baseUrl: string;
  /** How content responses address media: "/media" on this server, else MEDIA_BASE_URL, so any host name works. */
  publicUrl: string;
  serve: boolean;
  keyPairId: string;
  /** The signing key; null means "generate one under DATA_DIR" (never in production). */
  privateKeyPem: string | null;
  /** Where the generated development key is kept. */
  generatedKeyFile: string;
  hash: "SHA1" | "SHA256";
  cookieTtlMs: number;
  cookieDomain: string | null;
}

/**
 * One sign-in provider's verification settings; null fields mean "not configured". `sandbox` marks
 * the offline stand-in, whose identities may sign in only to accounts they created.
 */
export interface IdentityConfig {
  google: { clientId: string; authorizeUrl: string; jwksUrl: string; issuers: string[]; sandbox: boolean } | null;
  apple: { clientId: string; authorizeUrl: string; jwksUrl: string; issuers: string[]; sandbox: boolean } | null;
  facebook: { appId: string; appSecret: string; authorizeUrl: string; graphUrl: string; sandbox: boolean } | null;
}

/** The client id the web app uses with the offline sandbox identity provider. */
export const SANDBOX_CLIENT_ID = "serene-sandbox-web";
export const SANDBOX_FACEBOOK_SECRET = "sandbox-facebook-app-secret";

function identityConfig(env: Env, appUrl: string, internalUrl: string, sandbox: boolean): IdentityConfig {
  const sandboxBase = (provider: string) => `${appUrl}/sandbox/identity/${provider}`;
  /** Google and Apple: a signed id_token checked against a JWKS; the sandbox when not configured. */
  const idTokenProvider = (
    provider: "google" | "apple",
    clientId: string | undefined,
    authorizeUrl: string,
    jwksUrl: string,
    issuers: string[],
  ) =>
    clientId
      ? { clientId, authorizeUrl, jwksUrl, issuers, sandbox: false }
      : sandbox
        ? {
            clientId: SANDBOX_CLIENT_ID,
            authorizeUrl: `${sandboxBase(provider)}/authorize`,
            jwksUrl: `${internalUrl}/sandbox/identity/jwks.json`,
            issuers: [sandboxBase(provider)],
            sandbox: true,
          }
        : null;
  const google = idTokenProvider("google", env.GOOGLE_CLIENT_ID, env.GOOGLE_AUTHORIZE_URL, env.GOOGLE_JWKS_URL, [
    "https://accounts.google.com",
    "accounts.google.com",
  ]);
  const apple = idTokenProvider("apple", env.APPLE_CLIENT_ID, env.APPLE_AUTHORIZE_URL, env.APPLE_JWKS_URL, ["https://appleid.apple.com"]);
  const facebook =
    env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
      ? {
          appId: env.FACEBOOK_APP_ID,
          appSecret: env.FACEBOOK_APP_SECRET,
          authorizeUrl: env.FACEBOOK_AUTHORIZE_URL,
          graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/$/, ""),
          sandbox: false,
        }
      : sandbox
        ? {
            appId: SANDBOX_CLIENT_ID,
            appSecret: SANDBOX_FACEBOOK_SECRET,
            authorizeUrl: `${sandboxBase("facebook")}/authorize`,
            graphUrl: `${internalUrl}/sandbox/identity/facebook/graph`,
            sandbox: true,
          }
        : null;
  return { google, apple, facebook };
}

export class ConfigError extends Error {}

/** The proxies whose `X-Forwarded-For` is believed (Config.trustProxy). */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** The names @fastify/proxy-addr knows for the usual private ranges. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

/** Whether `entry` is an IPv4 or IPv6 address, optionally with a /prefix, or one of NAMED_RANGES. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false`, `no` or `0` trusts no proxy (the connection's address is the client);
 * a number trusts that many proxies in front of the server; a comma-separated list of addresses and
 * networks (`10.0.0.0/8, 2001:db8::/32`, `loopback`, `linklocal`, `uniquelocal`) trusts the proxies
 * there. `true` would trust every address, so any client could choose its own with X-Forwarded-For:
 * production refuses it, elsewhere it reads as one proxy.
 */
function readTrustProxy(value: string | undefined, isProduction: boolean): TrustProxy {
  const given = (value ?? "").trim().toLowerCase();
  if (given === "" || given === "false" || given === "no" || given === "0") return false;
  if (given === "true" || given === "yes") {
    if (isProduction) {
      throw new ConfigError(
        `Invalid environment variable TRUST_PROXY: "${value}" would let every client choose its own address with X-Forwarded-For; ` +
          "set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)",
      );
    }
    return { hops: 1 };
  }
  if (/^\d+$/.test(given)) {
    const hops = Number(given);
    if (hops > MAX_HOPS) {
      throw new ConfigError(`Invalid environment variable TRUST_PROXY: at most ${MAX_HOPS} proxies (got "${value}")`);
    }
    return { hops };
  }
  const addresses = given.split(",").map((entry) => entry.trim());
  const wrong = addresses.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `Invalid environment variable TRUST_PROXY: "${wrong}" is not a number of proxies, an address, a network (address/prefix) ` +
        "or one of loopback, linklocal, uniquelocal",
    );
  }
  return { addresses };
}

/**
 * Fastify's `trustProxy` for Config.trustProxy. Fastify 5 ignores a plain hop count (it cannot tell a
 * proxy from a client that reaches the server directly), so hops are a trust function: the
 * connection and the addresses it forwarded, up to `hops` of them.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ("addresses" in trust) return trust.addresses;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/** Reads and checks the environment. A bad value throws a one-line message naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = present[name];
    const shown = value === undefined || /SECRET|PASSWORD|KEY|TOKEN|_URL$/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const sandboxProviders = env.SANDBOX_PROVIDERS ?? !isProduction;
  if (isProduction && sandboxProviders && !env.ALLOW_SANDBOX_IN_PRODUCTION) {
    throw new ConfigError(
      "Invalid environment variable SANDBOX_PROVIDERS: sandbox providers are refused in production (set ALLOW_SANDBOX_IN_PRODUCTION=true to allow them)",
    );
  }
  if (isProduction && (!env.CLOUDFRONT_PRIVATE_KEY || !env.CLOUDFRONT_KEY_PAIR_ID)) {
    throw new ConfigError(
      "Invalid environment variable CLOUDFRONT_PRIVATE_KEY: production needs CLOUDFRONT_PRIVATE_KEY and CLOUDFRONT_KEY_PAIR_ID",
    );
  }
  if (isProduction && !env.STAFF_SECRETS_KEY) {
    throw new ConfigError(
      "Invalid environment variable STAFF_SECRETS_KEY: production needs it (the key staff two-factor secrets are sealed with)",
    );
  }
  if (env.ROLE !== "all" && !env.DATABASE_URL) {
    throw new ConfigError(
      `Invalid environment variable ROLE: ROLE=${env.ROLE} needs DATABASE_URL (the embedded database belongs to one process, which runs both roles)`,
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const internalUrl = (env.INTERNAL_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    appName: env.APP_NAME,
    appUrl,
    supportEmail: env.SUPPORT_EMAIL,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? {
          driver: "postgres",
          url: env.DATABASE_URL,
          poolMax: env.DATABASE_POOL_MAX,
          timeouts: {
            connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
            idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          },
        }
      : { driver: "pglite", dataDir: path.resolve(env.DATA_DIR, "pglite") },
    databaseStartTimeoutMs: env.DATABASE_START_TIMEOUT_MS,
    role: env.ROLE,
    logFormat: env.LOG_FORMAT,
    metrics: { token: env.METRICS_TOKEN ?? null, allow: readMetricsAllow(env.METRICS_ALLOW) },
    // Outside production a key everyone knows, like the demo passwords: it guards nothing real.
    staff: {
      secretsKey: createHash("sha256")
        .update(env.STAFF_SECRETS_KEY ?? "serene development staff secrets")
        .digest(),
    },
    jobs: {
      pollSeconds: env.JOBS_POLL_SECONDS,
      maintenanceSeconds: env.JOBS_MAINTENANCE_SECONDS,
      expireSeconds: env.JOBS_EXPIRE_SECONDS ?? null,
    },
    seedDemoData: env.SEED_DEMO_DATA ?? !isProduction,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: readTrustProxy(env.TRUST_PROXY, isProduction),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    analyticsRetentionDays: env.ANALYTICS_RETENTION_DAYS,
    ga4MeasurementId: env.GA4_MEASUREMENT_ID ?? null,
    metaPixelId: env.META_PIXEL_ID ?? null,
    internalUrl,
    sandboxProviders,
    session: { idleMs: env.TOKEN_IDLE_DAYS * DAY_MS, absoluteMs: env.TOKEN_MAX_DAYS * DAY_MS },
    accountDeletionDelayMs: env.ACCOUNT_DELETION_DAYS * DAY_MS,
    passwordResetMs: env.PASSWORD_RESET_MINUTES * 60_000,
    tmpTokenMs: env.TMP_TOKEN_MINUTES * 60_000,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    redisUrl: env.REDIS_URL ?? null,
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@serene.example>` },
    identity: identityConfig(env, appUrl, internalUrl, sandboxProviders),
    payments: paymentsConfig(env, sandboxProviders),
    media: {
      dir: path.resolve(env.MEDIA_DIR),
      uploadDir: path.resolve(env.MEDIA_UPLOAD_DIR ?? path.join(env.DATA_DIR, "media")),
      uploadMaxBytes: env.CONTENT_UPLOAD_MAX_MB * 1024 * 1024,
      baseUrl: (env.MEDIA_BASE_URL ?? `${appUrl}/media`).replace(/\/$/, ""),
      publicUrl: env.MEDIA_BASE_URL ? env.MEDIA_BASE_URL.replace(/\/$/, "") : "/media",
      serve: env.SERVE_MEDIA,
      keyPairId: env.CLOUDFRONT_KEY_PAIR_ID ?? "SERENELOCALKEY",
      privateKeyPem: env.CLOUDFRONT_PRIVATE_KEY?.replaceAll("\\n", "\n") ?? null,
      generatedKeyFile: path.resolve(env.DATA_DIR, "media-signing-key.pem"),
      hash: env.MEDIA_SIGNING_HASH,
      cookieTtlMs: env.MEDIA_COOKIE_HOURS * 3_600_000,
      cookieDomain: env.MEDIA_COOKIE_DOMAIN ?? null,
    },
  };
}

/** METRICS_ALLOW: addresses and CIDR networks, separated by commas. */
function readMetricsAllow(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const bits = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined) {
      throw new ConfigError(`Invalid environment variable METRICS_ALLOW: "${entry}" is not an address or a network like 10.0.0.0/8`);
    }
  }
  return entries;
}

/** Reads `.env` at the repository root into process.env when it exists; real variables win. */
export function loadDotEnv(file = path.join(repoRoot, ".env")) {
  if (existsSync(file)) process.loadEnvFile(file);
}
