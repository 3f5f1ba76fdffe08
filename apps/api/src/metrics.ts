import { BlockList, isIP } from "node:net";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "@serene/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { JobOutcome } from "./jobs/queue.ts";
import { sendError } from "./plugins/errors.ts";
import { isLocalRequest } from "./plugins/local-only.ts";

/** Who may read /metrics besides this machine (decision 065): a bearer token, and networks. */
export interface MetricsAccess {
  token: string | null;
  /** Addresses and networks (CIDR) whose connections may read it without the token. */
  allow: string[];
}

interface QueueRow {
  name: string;
  state: string;
  n: number;
  oldest: number | null;
}

/** The job states that wait for a worker; `active` is being worked, `failed` gave up. */
const WAITING = new Set(["created", "retry"]);

/**
 * The process's Prometheus metrics (prom-client), one registry per app. Requests by route and
 * status, the database pool, the job queues (read from the database at each scrape, so any node
 * reports every queue), jobs run here, e-mails and payments by outcome. `process: true` adds
 * Node's own (CPU, memory, event-loop delay, GC) for a real process; tests leave them out.
 */
export function createMetrics(database: DatabaseHandle, options: { process?: boolean } = {}) {
  const registry = new Registry();
  if (options.process) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: "serene_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobs = new Counter({
    name: "serene_jobs_total",
    help: "Jobs this process ran, by queue and outcome",
    labelNames: ["queue", "outcome"] as const,
    registers,
  });
  const jobSeconds = new Histogram({
    name: "serene_job_duration_seconds",
    help: "Time a job took on this process, by queue",
    labelNames: ["queue"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers,
  });
  const emails = new Counter({
    name: "serene_emails_total",
    help: "E-mails by outcome: logged (outbox only, no SMTP), queued, sent, failed (a delivery attempt SMTP refused)",
    labelNames: ["outcome"] as const,
    registers,
  });
  const payments = new Counter({
    name: "serene_payments_total",
    help: "Charges recorded (each once), by provider and status",
    labelNames: ["provider", "status"] as const,
    registers,
  });

  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: "serene_db_pool_connections",
      help: "The database pool's connections: open, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = pool();
        this.set({ state: "open" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
        this.set({ state: "max" }, stats.max);
      },
    });
  }

  // Each scrape reads the queues once (`text()` forgets the last answer); the gauges share it.
  let reading: Promise<QueueRow[]> | null = null;
  const queueRows = () =>
    (reading ??= database
      .executeSql(
        `select name, state::text as state, count(*)::int as n,
                extract(epoch from now() - min(created_on))::float8 as oldest
           from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      )
      .then(
        (result) => result.rows as QueueRow[],
        () => [] as QueueRow[], // no queue here (an app without one): no queue series
      ));
  new Gauge({
    name: "serene_job_queue_depth",
    help: "Jobs in each queue by state: waiting (created or retry), active, failed (kept until archived)",
    labelNames: ["queue", "state"] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await queueRows()) {
        const state = WAITING.has(row.state) ? "waiting" : row.state;
        this.inc({ queue: row.name, state }, row.n);
      }
    },
  });
  new Gauge({
    name: "serene_job_queue_oldest_waiting_seconds",
    help: "Age of the oldest job waiting in each queue",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      this.reset();
      const oldest = new Map<string, number>();
      for (const row of await queueRows()) {
        if (WAITING.has(row.state) && row.oldest !== null) oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, row.oldest));
      }
      for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
    },
  });

  return {
    contentType: registry.contentType,
    /** The metrics in Prometheus's text format, the queues read afresh. */
    text(): Promise<string> {
      reading = null;
      return registry.metrics();
    },
    request(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    job({ queue, outcome, ms }: JobOutcome) {
      jobs.inc({ queue, outcome });
      jobSeconds.observe({ queue }, ms / 1000);
    },
    email(outcome: "logged" | "queued" | "sent" | "failed") {
      emails.inc({ outcome });
    },
    payment(provider: string, status: string) {
      payments.inc({ provider, status });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** A request from an allowed network, or this machine, or with the token. */
function mayRead(request: FastifyRequest, access: MetricsAccess, allowed: BlockList | null): boolean {
  if (isLocalRequest(request)) return true;
  const given = request.headers.authorization;
  if (access.token && given === `Bearer ${access.token}`) return true;
  const address = request.raw.socket.remoteAddress;
  if (!allowed || !address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return allowed.check(v4, isIP(v4) === 6 ? "ipv6" : "ipv4");
}

/** Reads "10.0.0.0/8, 192.168.1.7, fd00::/8" into a BlockList (used as an allow list). */
export function allowList(entries: string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/");
    const type = isIP(address!) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return list;
}

/**
 * GET /metrics for Prometheus, and every answer timed into the request histogram (by the route's
 * pattern, so ids do not make new series). Anyone not allowed is answered 404, as if it did not exist.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, access: MetricsAccess) {
  const allowed = allowList(access.allow);
  app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.request(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, access, allowed)) return sendError(reply, 404, { message: "Not found." });
    return reply
      .header("cache-control", "no-store")
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
