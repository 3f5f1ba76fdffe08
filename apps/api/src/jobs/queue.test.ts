import type { DatabaseHandle } from "@serene/db";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DELIVER_EMAIL_JOB, createMailer } from "../modules/mail/mailer.ts";
import { createOutboxRepository } from "../modules/mail/outbox.repository.ts";
import { depth } from "../test/depth.ts";
import { pollUntil } from "../test/ports-and-polls.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { registerJobs, startJobQueue, stopJobQueue, type JobDefinition, type JobQueue } from "./queue.ts";

const silent = { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} } as never;
const QUEUE = "test.count";

let database: DatabaseHandle;
const workers: JobQueue[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((boss) => stopJobQueue(boss, 500)));
  await database.close();
});

/** A worker process's queue: its own pg-boss on the shared database, supervising every second. */
async function worker(): Promise<JobQueue> {
  const boss = await startJobQueue(database, { logger: silent, work: true, maintenanceSeconds: 1 });
  workers.push(boss);
  return boss;
}

const counting = (handler: JobDefinition["handler"]): JobDefinition => ({
  name: QUEUE,
  policy: { batchSize: 10, pollSeconds: 0.5, expireInSeconds: 1 },
  handler,
});

async function states() {
  const { rows } = await database.executeSql(`select state, count(*)::int as n from pgboss.job where name = $1 group by state`, [QUEUE]);
  return Object.fromEntries((rows as { state: string; n: number }[]).map((row) => [row.state, row.n]));
}

describe("the job queue across workers", () => {
  it("runs every job exactly once across two workers, and a job whose worker stopped answering runs again on the other", async () => {
    const total = depth(200, 2000);
    const effects = new Map<string, number>();
    const record = (data: unknown) => {
      const key = (data as { n: number }).n.toString();
      effects.set(key, (effects.get(key) ?? 0) + 1);
    };
    // Worker A hangs forever on the first batch it takes, as a worker that died mid-job: it never completes them.
    let hung = false;
    const a = await worker();
    await registerJobs(
      a,
      [
        counting(async (data) => {
          if (!hung) {
            hung = true;
            await new Promise(() => {});
          }
          record(data);
        }),
      ],
      silent,
      { work: true, pollSeconds: 0.5 },
    );
    await a.insert(Array.from({ length: total }, (_, n) => ({ name: QUEUE, data: { n }, retryLimit: 3 })));
    await pollUntil(async () => hung, { intervalMs: 50, what: "worker A to take its first batch" });
    const b = await worker();
    await registerJobs(b, [counting(async (data) => record(data))], silent, { work: true, pollSeconds: 0.5 });

    await pollUntil(async () => (await states()).completed === total, {
      intervalMs: 250,
      timeoutMs: 60_000,
      what: "every job to complete",
    });
    expect(await states()).toEqual({ completed: total });
    expect(effects.size).toBe(total);
    expect([...effects.values()].every((times) => times === 1)).toBe(true);
  });

  it("delivers a message a person waits for before a backlog of others on the e-mail queue", async () => {
    const boss = await startJobQueue(database, { logger: silent, work: false });
    workers.push(boss);
    await registerJobs(boss, [{ name: DELIVER_EMAIL_JOB, handler: async () => undefined }], silent, { work: false, pollSeconds: 2 });
    const mailer = createMailer(createOutboxRepository(database.db), {
      smtpUrl: "smtp://127.0.0.1:9",
      from: "Serene <hello@serene.test>",
      logger: silent,
      jobs: boss,
    });
    const message = { to: "member@serene.test", subject: "Receipt", text: "t", html: "<p>t</p>" };
    for (let i = 0; i < 30; i++) await mailer.send(message);
    const urgent = await mailer.send({ ...message, subject: "Reset your password", urgent: true });

    // A job may be fetched once its start_after is strictly before the database's now(): the last one sent can
    // still be in the same clock tick (PGlite's clock ticks in milliseconds), so the order is asked of every job.
    const [first] = (await boss.fetch<{ id: string }>(DELIVER_EMAIL_JOB, { ignoreStartAfter: true })) ?? [];
    expect(first?.data.id).toBe(urgent);
  });
});
