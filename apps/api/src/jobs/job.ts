import type { z } from "zod";
import type { JobDefinition, QueuePolicy } from "./queue.ts";

/**
 * A job whose payload is read through its schema before the handler sees it. A payload that does
 * not fit (sent by an older version, or by hand) is skipped with a note instead of retried, since
 * retrying cannot make it fit.
 */
export function defineJob<S extends z.ZodType>(job: {
  name: string;
  cron?: string;
  /** How its queue is worked, where it differs from the default (queue.ts). */
  policy?: Partial<QueuePolicy>;
  payload: S;
  run: (data: z.output<S>) => Promise<unknown>;
}): JobDefinition {
  return {
    name: job.name,
    ...(job.cron ? { cron: job.cron } : {}),
    ...(job.policy ? { policy: job.policy } : {}),
    handler: async (data) => {
      const parsed = job.payload.safeParse(data);
      if (!parsed.success)
        return { skipped: "invalid payload", issues: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
      return job.run(parsed.data);
    },
  };
}
