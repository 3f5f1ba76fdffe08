import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@serene/db";
import type { JobQueue } from "../../jobs/queue.ts";
import { bearer, mailsTo, registerMember } from "../../test/accounts.ts";
import { pollUntil } from "../../test/ports-and-polls.ts";
import { createQueuedTestApp, type QueuedTestApp } from "../../test/test-app.ts";
import { CHARGE_DUE_JOB, RENEWAL_SWEEP_JOB, TRIAL_REMINDER_JOB } from "./billing.service.ts";
import { WALLET_RECONCILIATION_JOB } from "./wallet-reconciliation.service.ts";
import type { FastifyInstance } from "fastify";
import { DAY_MS } from "@serene/domain";

let queued: QueuedTestApp;
let database: DatabaseHandle;
let boss: JobQueue;
let app: FastifyInstance;

beforeAll(async () => {
  queued = await createQueuedTestApp();
  ({ database, boss, app } = queued);
});
afterAll(async () => queued.close());

const waitFor = (name: string, id: string) =>
  pollUntil(
    async () => {
      const job = await boss.getJobById(name, id);
      return job?.state === "completed" || job?.state === "failed" ? job : undefined;
    },
    { intervalMs: 500, what: `job ${name} to finish` },
  );

describe("trial jobs through the real queue", () => {
  it("queues the day-5 reminder and the day-7 charge when a trial starts, and the reminder e-mails the member", async () => {
    const member = await registerMember(app, database, { name: "Trial Jobs" });
    const intent = (await app.inject({ url: "/api/v1/stripe/setup-intent", headers: bearer(member.token) })).json();
    const card = await app.inject({
      method: "POST",
      url: "/api/v1/sandbox/card/confirm",
      payload: { client_secret: intent.client_secret, number: "4242424242424242", exp_month: 1, exp_year: 2041, cvc: "314" },
    });
    const started = Date.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/stripe/payment-method",
      headers: bearer(member.token),
      payload: { payment_method: card.json().payment_method, package_id: 4 },
    });
    expect(res.json().subscription_type).toBe("Free trial");

    const queued = await database.db.execute(
      sql`select name, data, start_after from pgboss.job where name in (${TRIAL_REMINDER_JOB}, ${CHARGE_DUE_JOB})`,
    );
    const rows = ((queued as { rows?: unknown[] }).rows ?? queued) as {
      name: string;
      data: { subscriptionId: string; periodStart?: string };
      start_after: string | Date;
    }[];
    const reminder = rows.find((row) => row.name === TRIAL_REMINDER_JOB)!;
    const charge = rows.find((row) => row.name === CHARGE_DUE_JOB)!;
    expect(Math.abs(new Date(reminder.start_after).getTime() - (started + 5 * DAY_MS))).toBeLessThan(60_000);
    expect(Math.abs(new Date(charge.start_after).getTime() - (started + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(charge.data).toMatchObject({ subscriptionId: reminder.data.subscriptionId, attempt: 0 });

    // Run the reminder now through the queue: the member gets the e-mail.
    const id = await boss.send(TRIAL_REMINDER_JOB, { subscriptionId: reminder.data.subscriptionId });
    const job = await waitFor(TRIAL_REMINDER_JOB, id!);
    expect(job.output).toEqual({ sent: true });
    const mails = await mailsTo(database, member.email, "trial ends in 2 days");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("$59.99");

    // The charge job sent early charges nothing.
    const early = await boss.send(CHARGE_DUE_JOB, charge.data);
    expect((await waitFor(CHARGE_DUE_JOB, early!)).output).toEqual({ outcome: "not yet due" });
  });

  it("keeps the hourly renewal sweep and wallet reconciliation on the schedule", async () => {
    const schedules = await boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: RENEWAL_SWEEP_JOB, cron: "17 * * * *" }));
    expect(schedules).toContainEqual(expect.objectContaining({ name: WALLET_RECONCILIATION_JOB, cron: "47 * * * *" }));
  });
});
