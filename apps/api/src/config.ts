import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

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
  JOBS_IN_PROCESS: flag.default(true),
  SEED_DEMO_DATA: flag.optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: flag.default(false),
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
  database: { driver: "postgres"; url: string; poolMax: number } | { driver: "pglite"; dataDir: string };
  jobsInProcess: boolean;
  seedDemoData: boolean;
  bodyLimit: number;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  webDistDir: string;
  analyticsRetentionDays: number;
  ga4MeasurementId: string | null;
  metaPixelId: string | null;
}

export class ConfigError extends Error {}

/** Reads and checks the environment. A bad value throws a one-line message naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = present[name];
    const shown = value === undefined || /SECRET|PASSWORD|KEY|TOKEN|DATABASE_URL/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    appName: env.APP_NAME,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    supportEmail: env.SUPPORT_EMAIL,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { driver: "postgres", url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
      : { driver: "pglite", dataDir: path.resolve(env.DATA_DIR, "pglite") },
    jobsInProcess: env.JOBS_IN_PROCESS,
    seedDemoData: env.SEED_DEMO_DATA ?? !isProduction,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    analyticsRetentionDays: env.ANALYTICS_RETENTION_DAYS,
    ga4MeasurementId: env.GA4_MEASUREMENT_ID ?? null,
    metaPixelId: env.META_PIXEL_ID ?? null,
  };
}

/** Reads `.env` at the repository root into process.env when it exists; real variables win. */
export function loadDotEnv(file = path.join(repoRoot, ".env")) {
  if (existsSync(file)) process.loadEnvFile(file);
}
