// The production topology's figures for `npm run bench` (decision 065), on PostgreSQL (BENCH_DATABASE_URL, else
// the local server), each on a fresh database:
//   - job throughput of one worker: the reset-link queue (each job writes a code and an outbox e-mail) and the
//     e-mail queue delivering to a local SMTP sink (budget: at least 50 jobs a second each);
//   - the latency of an owner's reset e-mail, from the request to the SMTP sink, while 10,000 jobs wait on
//     another queue and 2,000 ordinary e-mails wait on its own (budget: under 5 s);
//   - the capacity of one API node and of three behind HAProxy for a member mix (browse, a position save every
//     15 s of listening, a session report per session, favourites, notes): the most requests a second with p99
//     under 100 ms, and from it members online per node.
// Runnable alone: `npx tsx scripts/bench-cluster.ts`.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import PgBoss from "pg-boss";
import { SMTPServer } from "smtp-server";
import { loadCatalogue } from "@serene/content";
import { freePort, pollUntil } from "../apps/api/src/test/ports-and-polls.ts";
import { spawnApi, untilReady, type ServerProcess } from "../apps/api/src/test/server-process.ts";
import { withBenchDatabase } from "./bench-content";
import { startCluster } from "./cluster/topology.ts";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PASSWORD = "quiet evening walk 42";
const RESET_QUEUE = "accounts.password-reset-mail";
const DELIVER_QUEUE = "email.deliver";
const REMINDER_QUEUE = "subscriptions.trial-reminder";

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** One process of the product in a role, on a free port, ready; `stop()` ends it gracefully. */
async function startNode(role: "all" | "api" | "worker", env: Record<string, string>): Promise<ServerProcess> {
  const node = await spawnApi("server.ts", {
    ROLE: role,
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    SEED_DEMO_DATA: "false",
    RATE_LIMIT_FACTOR: "100000",
    ...env,
  });
  await untilReady(node);
  return node;
}

/** Registers members through the API: their tokens and addresses. */
async function members(url: string, count: number, label: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `${label}.${i}.${randomUUID().slice(0, 6)}@example.com`;
      const res = await fetch(`${url}/api/v1/user`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ name: `Member ${i}`, email, password: PASSWORD, phone: "", platform: "web" }),
      });
      if (!res.ok) throw new Error(`registration answered ${res.status}`);
      return { email, token: ((await res.json()) as { token: string }).token };
    }),
  );
}

/** A local SMTP server that accepts everything and counts what it received, by subject. */
async function smtpSink() {
  const received: { to: string; subject: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let text = "";
      stream.on("data", (chunk: Buffer) => (text += chunk.toString()));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(",");
        received.push({ to, subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? "", at: Date.now() });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function queueCounts(db: pg.Client, name: string) {
  const { rows } = await db.query(`select state, count(*)::int as n from pgboss.job where name = $1 group by state`, [name]);
  return Object.fromEntries(rows.map((row: { state: string; n: number }) => [row.state, row.n])) as Record<string, number>;
}

/** Seconds from `started` until every job of the queue has ended. */
async function drained(db: pg.Client, name: string, total: number, started: number) {
  await pollUntil(async () => ((await queueCounts(db, name)).completed ?? 0) + ((await queueCounts(db, name)).failed ?? 0) >= total, {
    timeoutMs: 600_000,
    intervalMs: 50,
    what: `${name} to drain`,
  });
  return (Date.now() - started) / 1000;
}

export interface JobFigures {
  resetLinks: { jobs: number; seconds: number; perSecond: number; failed: number };
  smtp: { jobs: number; seconds: number; perSecond: number; received: number };
  resetDuringFlood: { floodJobs: number; backlogMails: number; latencyMs: number; floodLeft: number; backlogLeft: number };
}

/** Job throughput of one worker, and the reset e-mail's latency during a flood. */
export async function measureJobs(): Promise<JobFigures> {
  return withBenchDatabase(ADMIN_URL, async (databaseUrl) => {
    const sink = await smtpSink();
    const db = new pg.Client({ connectionString: databaseUrl });
    // The API node migrates and creates the queues; jobs are queued while no worker runs, then one starts.
    const api = await startNode("api", { DATABASE_URL: databaseUrl, SMTP_URL: sink.url });
    await db.connect();
    const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", supervise: false, schedule: false, migrate: false });
    await boss.start();
    try {
      const people = await members(api.url, 50, "reset");
      await pollUntil(async () => ((await queueCounts(db, DELIVER_QUEUE)).created ?? 0) >= 50, { what: "the welcome e-mails to queue" });
      await db.query(`delete from pgboss.job where name = $1`, [DELIVER_QUEUE]);
      sink.received.splice(0);

      // 1. Reset links: 3,000 jobs, each a code and an outbox e-mail for a registered member (a worker without SMTP:
      // the outbox is the delivery).
      const resetJobs = 3000;
      await boss.insert(
        Array.from({ length: resetJobs }, (_, i) => ({
          name: RESET_QUEUE,
          data: { email: people[i % people.length]!.email, request: randomUUID() },
        })),
      );
      let started = Date.now();
      let worker = await startNode("worker", { DATABASE_URL: databaseUrl });
      const resetSeconds = await drained(db, RESET_QUEUE, resetJobs, started);
      const resetFailed = (await queueCounts(db, RESET_QUEUE)).failed ?? 0;
      await worker.stop();

      // 2. SMTP delivery of the 3,000 e-mails those jobs wrote, by a worker with SMTP started afresh.
      const { rows: written } = await db.query(`update outbox_emails set status = 'queued' where status = 'logged' returning id`);
      await boss.insert(written.map((row: { id: string }) => ({ name: DELIVER_QUEUE, data: { id: row.id } })));
      const mails = written.length;
      sink.received.splice(0);
      started = Date.now();
      worker = await startNode("worker", { DATABASE_URL: databaseUrl, SMTP_URL: sink.url });
      const smtpSeconds = await drained(db, DELIVER_QUEUE, mails, started);
      const received = sink.received.length;

      // 3. An owner's reset during a flood: 10,000 reminders on another queue and 2,000 ordinary e-mails on its own.
      const floodJobs = 10_000;
      const backlogMails = 2000;
      await worker.stop();
      await boss.insert(Array.from({ length: floodJobs }, () => ({ name: REMINDER_QUEUE, data: { subscriptionId: randomUUID() } })));
      const { rows: outbox } = await db.query(
        `update outbox_emails set status = 'queued' where id in (select id from outbox_emails limit $1) returning id`,
        [backlogMails],
      );
      await boss.insert(outbox.map((row: { id: string }) => ({ name: DELIVER_QUEUE, data: { id: row.id } })));
      // The owner: an account of its own, so none of the backlog is theirs.
      const [owner] = await members(api.url, 1, "owner");
      worker = await startNode("worker", { DATABASE_URL: databaseUrl, SMTP_URL: sink.url });
      const asked = Date.now();
      const res = await fetch(`${api.url}/api/v1/user/recovery-password?email=${encodeURIComponent(owner!.email)}`, {
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(`the reset request answered ${res.status}`);
      const arrived = await pollUntil(
        async () => sink.received.find((mail) => mail.to === owner!.email && /reset/i.test(mail.subject))?.at,
        {
          timeoutMs: 120_000,
          intervalMs: 10,
          what: "the owner's reset e-mail",
        },
      );
      const floodLeft = (await queueCounts(db, REMINDER_QUEUE)).created ?? 0;
      const backlogLeft = (await queueCounts(db, DELIVER_QUEUE)).created ?? 0;
      await worker.stop();
      return {
        resetLinks: { jobs: resetJobs, seconds: round(resetSeconds), perSecond: Math.round(resetJobs / resetSeconds), failed: resetFailed },
        smtp: { jobs: mails, seconds: round(smtpSeconds), perSecond: Math.round(mails / smtpSeconds), received },
        resetDuringFlood: { floodJobs, backlogMails, latencyMs: arrived - asked, floodLeft, backlogLeft },
      };
    } finally {
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      await api.stop();
      await db.end();
      await sink.close();
    }
  });
}

export interface CapacityStep {
  connections: number;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
}

export interface CapacityFigures {
  /** Requests a member online sends a minute in the mix, and the mix itself. */
  memberRequestsPerMinute: number;
  oneNode: { steps: CapacityStep[]; best: CapacityStep | null };
  threeNodes: { steps: CapacityStep[]; best: CapacityStep | null };
}

/**
 * One listening minute of a member online: 4 position saves (every 15 s), a home and a detail read, and, per
 * five-minute session, a session report; now and then a favourite or a note. Per minute: 4 + 2 + 0.2 + 0.1 + 0.05.
 */
const MEMBER_REQUESTS_PER_MINUTE = 6.35;

/** Each member's session reports so far (the next starts a minute after the last), from two days ago. */
const sessions = new Map<string, number>();
const since = Date.now() - 2 * 86_400_000;

/** The mix as autocannon sends it: each connection plays members in turn. */
function memberMix(tokens: string[]) {
  const item = loadCatalogue().items.find((entry) => entry.free && entry.model === "meditation-sleep")!;
  let next = 0;
  const headersOf = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: "application/json",
    "content-type": "application/json",
  });
  const pick = () => tokens[next++ % tokens.length]!;
  const position = (seconds: number) => ({
    method: "PUT" as const,
    path: `/api/v1/user/positions/${item.id}`,
    setupRequest: (request: autocannon.Request) => ({
      ...request,
      headers: headersOf(pick()),
      body: JSON.stringify({ position: seconds, duration: 60 }),
    }),
  });
  return [
    {
      method: "GET" as const,
      path: "/api/v1/screen/home",
      setupRequest: (r: autocannon.Request) => ({ ...r, headers: headersOf(pick()) }),
    },
    {
      method: "GET" as const,
      path: `/api/v1/${item.model}/${item.id}`,
      setupRequest: (r: autocannon.Request) => ({ ...r, headers: headersOf(pick()) }),
    },
    position(15),
    position(30),
    position(45),
    position(59),
    {
      method: "POST" as const,
      path: "/api/v1/user/sessions?tz=UTC",
      setupRequest: (r: autocannon.Request) => {
        // A believable minute (decision 054): each member's reports one after another from two days ago.
        const token = pick();
        const n = sessions.get(token) ?? 0;
        sessions.set(token, n + 1);
        const start = since + n * 61_000;
        const utc = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
        return {
          ...r,
          headers: headersOf(token),
          body: JSON.stringify({ start_session: utc(start), end_session: utc(start + 60_000), id: item.id, model: item.model }),
        };
      },
    },
    {
      method: "POST" as const,
      path: "/api/v1/user/favorite",
      setupRequest: (r: autocannon.Request) => ({
        ...r,
        headers: headersOf(pick()),
        body: JSON.stringify({ id: item.id, model: item.model }),
      }),
    },
    {
      method: "POST" as const,
      path: "/api/v1/user/notes",
      setupRequest: (r: autocannon.Request) => ({
        ...r,
        headers: headersOf(pick()),
        body: JSON.stringify({ title: "After the session", content: "Calmer than this morning." }),
      }),
    },
  ];
}

/** Raises the connections until p99 passes 100 ms: each step's requests a second and p99. */
async function steps(url: string, tokens: string[]): Promise<{ steps: CapacityStep[]; best: CapacityStep | null }> {
  const found: CapacityStep[] = [];
  await autocannon({ url, connections: 8, duration: 3, requests: memberMix(tokens) }); // warm-up
  for (const connections of [4, 6, 8, 12, 16, 32]) {
    const result = await autocannon({ url, connections, duration: 8, requests: memberMix(tokens) });
    const step = {
      connections,
      requestsPerSecond: Math.round(result.requests.average),
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0])),
    };
    found.push(step);
    if (step.p99 >= 100) break;
  }
  const within = found.filter((step) => step.p99 < 100 && step.errors === 0);
  return { steps: found, best: within.sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0] ?? null };
}

async function accountsOlder(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query("update users set created_at = now() - interval '3 days'");
  await db.end();
}

/** One API node (and a worker beside it), then three behind HAProxy (and two workers). */
export async function measureCapacity(): Promise<CapacityFigures> {
  const oneNode = await withBenchDatabase(ADMIN_URL, async (databaseUrl) => {
    const api = await startNode("api", { DATABASE_URL: databaseUrl });
    const worker = await startNode("worker", { DATABASE_URL: databaseUrl });
    try {
      const tokens = (await members(api.url, 200, "mix")).map((member) => member.token);
      await accountsOlder(databaseUrl);
      return await steps(api.url, tokens);
    } finally {
      await worker.stop();
      await api.stop();
    }
  });
  const threeNodes = await withBenchDatabase(ADMIN_URL, async (databaseUrl) => {
    const cluster = await startCluster({
      databaseUrl,
      dir: mkdtempSync(path.join(tmpdir(), "serene-bench-cluster-")),
      env: { RATE_LIMIT_FACTOR: "100000", LOG_LEVEL: "warn", SEED_DEMO_DATA: "false", WEB_DIST_DIR: "/nonexistent" },
    });
    try {
      const tokens = (await members(cluster.url, 200, "mix")).map((member) => member.token);
      await accountsOlder(databaseUrl);
      return await steps(cluster.url, tokens);
    } finally {
      await cluster.stop();
    }
  });
  return { memberRequestsPerMinute: MEMBER_REQUESTS_PER_MINUTE, oneNode, threeNodes };
}

/** Members online one node carries: its requests a second at p99 under 100 ms over one member's. */
export const membersOnline = (figures: CapacityFigures["oneNode"]) =>
  figures.best ? Math.floor(figures.best.requestsPerSecond / (MEMBER_REQUESTS_PER_MINUTE / 60)) : 0;

if (import.meta.url === `file://${process.argv[1]}`) {
  const jobs = await measureJobs();
  console.log(JSON.stringify(jobs, null, 2));
  const capacity = await measureCapacity();
  console.log(JSON.stringify(capacity, null, 2));
  console.log(`members online per node: ${membersOnline(capacity.oneNode)}; three nodes: ${membersOnline(capacity.threeNodes)}`);
}
