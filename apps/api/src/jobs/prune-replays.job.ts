import { z } from "zod";
import type { Database } from "@serene/db";
import { REPLAY_HOURS } from "../plugins/replays.ts";
import { createReplaysRepository } from "../plugins/replays.repository.ts";
import { defineJob } from "./job.ts";

export const PRUNE_REPLAYS_JOB = "maintenance.prune-request-replays";

/** Every hour, the answers kept for keyed writes (decision 066) older than REPLAY_HOURS are deleted. */
export const pruneReplaysJob = (db: Database, now: () => Date) =>
  defineJob({
    name: PRUNE_REPLAYS_JOB,
    cron: "41 * * * *",
    payload: z.object({}),
    run: async () => ({ deleted: await createReplaysRepository(db).prune(new Date(now().getTime() - REPLAY_HOURS * 3_600_000)) }),
  });
