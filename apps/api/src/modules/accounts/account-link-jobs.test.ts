import type { DatabaseHandle } from "@serene/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo, randomIp, registerMember, rows, uniqueEmail } from "../../test/accounts.ts";
import { pollUntil } from "../../test/ports-and-polls.ts";
import { createQueuedTestApp, type QueuedTestApp } from "../../test/test-app.ts";
import { jobDefinitions } from "../../jobs/index.ts";
import { PASSWORD_RESET_MAIL_JOB, REMOVAL_MAIL_JOB } from "./account-recovery.service.ts";

/**
 * Recovery and removal requests through the API with the job queue running, as `npm start` runs
 * it: each request queues one job with the address, registered or not, and the worker e-mails
 * the link only when the address has an account.
 */
let t: QueuedTestApp;
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createQueuedTestApp();
  ({ app, database } = t);
});
afterAll(async () => t.close());

interface QueuedJob {
  data: Record<string, unknown>;
  state: string;
  output: unknown;
}

/** The jobs of one name queued for one address, once the worker is done with them. */
function jobsFor(name: string, email: string): Promise<QueuedJob[]> {
  return pollUntil(
    async () => {
      const found = await rows<QueuedJob>(database, "SELECT data, state, output FROM pgboss.job WHERE name = $1 AND data->>'email' = $2", [
        name,
        email,
      ]);
      return found.length > 0 && found.every((job) => job.state === "completed" || job.state === "failed") ? found : undefined;
    },
    { what: `${name} for ${email}` },
  );
}

describe.each([
  {
    what: "password recovery",
    job: PASSWORD_RESET_MAIL_JOB,
    subject: "Reset your",
    ask: (email: string) =>
      app.inject({ url: `/api/v1/user/recovery-password?email=${encodeURIComponent(email)}`, remoteAddress: randomIp() }),
  },
  {
    what: "account removal",
    job: REMOVAL_MAIL_JOB,
    subject: "Confirm the removal",
    ask: (email: string) =>
      app.inject({ method: "POST", url: "/api/v1/user/request-remove", payload: { email, device_name: "web" }, remoteAddress: randomIp() }),
  },
])("a $what request", ({ job, subject, ask }) => {
  it("queues one job with the address, registered or not, and the job mails only the registered one", async () => {
    const member = await registerMember(app, database);
    const unknown = uniqueEmail("nobody");

    const registered = await ask(member.email.toUpperCase());
    const missing = await ask(unknown);
    expect(registered.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toBe(registered.body);

    const [forMember, ...moreForMember] = await jobsFor(job, member.email);
    const [forUnknown, ...moreForUnknown] = await jobsFor(job, unknown);
    expect(moreForMember).toEqual([]);
    expect(moreForUnknown).toEqual([]);
    expect(forMember!.data).toEqual({ email: member.email, request: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(forUnknown!.data).toEqual({ email: unknown, request: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect([forMember!.state, forMember!.output]).toEqual(["completed", { sent: true }]);
    expect([forUnknown!.state, forUnknown!.output]).toEqual(["completed", { sent: false }]);

    expect(await mailsTo(database, member.email, subject)).toHaveLength(1);
    expect(await mailsTo(database, unknown)).toEqual([]);

    // The same job run again (its worker died before it was marked done): the one link stays the only one.
    const again = jobDefinitions(t.services).find((definition) => definition.name === job)!;
    expect(await again.handler(forMember!.data)).toEqual({ sent: true });
    expect(await mailsTo(database, member.email, subject)).toHaveLength(1);
  });
});
