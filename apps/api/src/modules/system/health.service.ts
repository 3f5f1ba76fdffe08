import type { Database } from "@serene/db";
import type { HealthResponse } from "@serene/contracts";
import { createSystemRepository } from "./system.repository.ts";

export interface HealthChecks {
  run(): Promise<HealthResponse>;
}

type Check = () => Promise<boolean>;

/**
 * Readiness: every check in `checks` (the database, the job queue) must answer, or the status is
 * "unavailable" (503). A failing check in `degradable` (Redis, which the rate limits fall back
 * from to memory) makes it "degraded" and the check "degraded", still ready (200).
 */
export function createHealthChecks(db: Database, extra: Record<string, Check> = {}, degradable: Record<string, Check> = {}): HealthChecks {
  const system = createSystemRepository(db);
  const checks: Record<string, Check> = {
    database: () => system.ping(),
    ...extra,
  };
  const answers = (check: Check) =>
    Promise.race([check().catch(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref())]);
  return {
    async run() {
      const [entries, soft] = await Promise.all([
        Promise.all(Object.entries(checks).map(async ([name, check]) => [name, (await answers(check)) ? "ok" : "failing"] as const)),
        Promise.all(Object.entries(degradable).map(async ([name, check]) => [name, (await answers(check)) ? "ok" : "degraded"] as const)),
      ]);
      const status = entries.some(([, state]) => state !== "ok")
        ? "unavailable"
        : soft.some(([, state]) => state !== "ok")
          ? "degraded"
          : "ok";
      return { status, checks: Object.fromEntries([...entries, ...soft]) };
    },
  };
}
