import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerJobs, startJobQueue, stopJobQueue, type JobQueue } from "./jobs/queue.ts";
import { loadConfig } from "./config.ts";
import { registerMember } from "./test/accounts.ts";
import { createBillingHarness, type BillingHarness } from "./test/billing-clock.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

const silent = { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} } as never;

/** The value of one series in a Prometheus text answer, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("/metrics", () => {
  let t: TestApp;
  let boss: JobQueue;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: "a-long-scrape-token-4711", METRICS_ALLOW: "198.51.100.0/24, 2001:db8::7" });
    boss = await startJobQueue(t.database, { logger: silent, work: false });
  });
  afterAll(async () => {
    await stopJobQueue(boss, 500);
    await t.close();
  });

  const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      url: "/metrics",
      headers: { host: "localhost", ...options.headers },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });

  it("times each answer by route pattern and status, and counts e-mails by outcome", async () => {
    await t.app.inject({ url: "/api/v1/ping" });
    await t.app.inject({ url: "/api/v1/content/not-a-real-id" });
    await registerMember(t.app, t.database);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, "serene_http_request_duration_seconds_count", { method: "GET", route: "/api/v1/ping", status: "200" })).toBe(1);
    // The route's pattern, never the id asked for.
    expect(text).not.toContain("not-a-real-id");
    expect(sample(text, "serene_emails_total", { outcome: "logged" })).toBeGreaterThanOrEqual(1);
  });

  it("reports every queue's waiting jobs and the age of the oldest, read from the database", async () => {
    await registerJobs(boss, [{ name: "test.metrics", handler: async () => undefined }], silent, { work: false, pollSeconds: 2 });
    await boss.insert([1, 2, 3].map((n) => ({ name: "test.metrics", data: { n } })));
    const text = (await scrape()).body;
    expect(sample(text, "serene_job_queue_depth", { queue: "test.metrics", state: "waiting" })).toBe(3);
    expect(sample(text, "serene_job_queue_oldest_waiting_seconds", { queue: "test.metrics" })).toBeGreaterThanOrEqual(0);
  });

  it("answers this machine, the token and the allowed networks; anyone else, or a proxied request, finds nothing", async () => {
    expect((await scrape({ remoteAddress: "203.0.113.9" })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: "203.0.113.9", headers: { authorization: "Bearer wrong-token-wrong-token" } })).statusCode).toBe(
      404,
    );
    expect((await scrape({ remoteAddress: "203.0.113.9", headers: { authorization: "Bearer a-long-scrape-token-4711" } })).statusCode).toBe(
      200,
    );
    expect((await scrape({ remoteAddress: "198.51.100.23" })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: "2001:db8::7" })).statusCode).toBe(200);
    expect((await scrape({ headers: { "x-forwarded-for": "203.0.113.9" } })).statusCode).toBe(404);
  });

  it("refuses a METRICS_ALLOW entry that is not an address or a network", () => {
    expect(() => loadConfig({ METRICS_ALLOW: "10.0.0.0/8, example.org" })).toThrowError(
      'Invalid environment variable METRICS_ALLOW: "example.org" is not an address or a network like 10.0.0.0/8',
    );
    expect(() => loadConfig({ METRICS_ALLOW: "10.0.0.0/33" })).toThrowError(/METRICS_ALLOW/);
  });
});

describe("payments in /metrics", () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await createBillingHarness();
  });
  afterAll(() => h.close());

  it("counts each charge once, by provider and status", async () => {
    await h.cardMember(1);
    const text = (await h.app.inject({ url: "/metrics", headers: { host: "localhost" } })).body;
    expect(sample(text, "serene_payments_total", { provider: "stripe", status: "succeeded" })).toBe(1);
  });
});
