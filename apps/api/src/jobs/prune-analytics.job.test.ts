import { analyticsEvents, type DatabaseHandle } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../app.ts";
import { jobDefinitions } from "./index.ts";
import { createTestDatabase, testConfig } from "../test/test-app.ts";
import { pollUntil } from "../test/ports-and-polls.ts";
import { PRUNE_ANALYTICS_JOB } from "./prune-analytics.job.ts";
import { registerJobs, startJobQueue, stopJobQueue, type JobQueue } from "./queue.ts";

const silent = { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} } as never;
let database: DatabaseHandle;
let boss: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobQueue(database, { logger: silent, work: true });
  const config = testConfig({ ANALYTICS_RETENTION_DAYS: "30" });
  await registerJobs(boss, jobDefinitions(createServices({ config, database })), silent, {
    work: true,
    pollSeconds: config.jobs.pollSeconds,
  });
});
afterAll(async () => {
  await stopJobQueue(boss, 2000);
  await database.close();
});

describe("the analytics pruning job", () => {
  it("runs through the queue and deletes only events older than the retention period", async () => {
    const day = 24 * 60 * 60 * 1000;
    await database.db.insert(analyticsEvents).values([
      { name: "page_view", path: "/old", occurredAt: new Date(Date.now() - 40 * day) },
      { name: "page_view", path: "/recent", occurredAt: new Date(Date.now() - 2 * day) },
    ]);
    const id = await boss.send(PRUNE_ANALYTICS_JOB, {});
    expect(id).toBeTruthy();

    await pollUntil(async () => (await boss.getJobById(PRUNE_ANALYTICS_JOB, id!))?.state === "completed", {
      intervalMs: 500,
      what: "the pruning job to complete",
    });
    const job = await boss.getJobById(PRUNE_ANALYTICS_JOB, id!);
    expect(job?.output).toEqual({ deleted: 1 });
    const paths = (await database.db.select().from(analyticsEvents)).map((row) => row.path);
    expect(paths).toEqual(["/recent"]);
  });

  it("is scheduled every night", async () => {
    const schedules = await boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: PRUNE_ANALYTICS_JOB, cron: "17 3 * * *" }));
  });
});
