import type { Database } from "@serene/db";
import type { HealthResponse } from "@serene/contracts";
import { createSystemRepository } from "./system.repository";

export interface HealthChecks {
  run(): Promise<HealthResponse>;
}

type Check = () => Promise<boolean>;

export function createHealthChecks(db: Database, extra: Record<string, Check> = {}): HealthChecks {
  const system = createSystemRepository(db);
  const checks: Record<string, Check> = {
    database: () => system.ping(),
    ...extra,
  };
  return {
    async run() {
      const entries = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          const ok = await Promise.race([
            check().catch(() => false),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
          ]);
          return [name, ok ? "ok" : "failing"] as const;
        }),
      );
      const status = entries.every(([, state]) => state === "ok") ? "ok" : "unavailable";
      return { status, checks: Object.fromEntries(entries) };
    },
  };
}
