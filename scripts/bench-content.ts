// Content and streaming figures for `npm run bench` (the player's own figures are in bench-player.ts):
//   - throughput and p99 at 50 connections for GET /screen/home, a content detail and
//     POST /user/sessions, each against a bare Fastify + pg endpoint measured in the same run
//     on the same PostgreSQL database (budget: at least half its throughput);
//   - signed-cookie media serving throughput (an HLS segment, cookies checked on every request).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { loadCatalogue } from "@serene/content";
import { freePort, repoRoot, startServer, type RunningServer } from "../e2e/server";

export const round = (value: number) => Math.round(value * 10) / 10;
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const FREE_MEMBER = { login: "member@serene.example", password: "quiet-lake-morning" };

export async function token(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/user/token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ ...FREE_MEMBER, device_name: "bench" }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A new member: their token and e-mail address. */
async function registeredMember(url: string, index: number): Promise<{ token: string; email: string }> {
  const email = `reporter.${index}.${Date.now()}@example.com`;
  const response = await fetch(`${url}/api/v1/user`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name: `Reporter ${index}`, email, password: "quiet evening walk 42", phone: "", platform: "web" }),
  });
  return { token: ((await response.json()) as { token: string }).token, email };
}

const utcSecond = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * Believable listening for a load (decision 054): each member's sessions follow one another from `from`, `seconds`
 * long and a second apart, so none overlaps another. The members' accounts must be older than `from`.
 */
export function sessionsFrom(from: number, seconds: number): (member: string) => { start_session: string; end_session: string } {
  const taken = new Map<string, number>();
  return (member) => {
    const n = taken.get(member) ?? 0;
    taken.set(member, n + 1);
    const start = from + n * (seconds + 1) * 1000;
    return { start_session: utcSecond(start), end_session: utcSecond(start + seconds * 1000) };
  };
}

/** Makes these members' accounts `days` days old, so the listening they report of those days is believed (decision 054). */
export async function openAccountsDaysAgo(databaseUrl: string, emails: readonly string[], days: number): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query("update users set created_at = now() - $2 * interval '1 day' where email = any($1)", [emails, days]);
  } finally {
    await db.end();
  }
}

/** A free item that has a male voice, for the detail measure. */
function freeVoicedItem() {
  const item = loadCatalogue().items.find((entry) => entry.free && entry.model === "meditation-sleep" && entry.media?.audio_male);
  if (!item) throw new Error("the catalogue has no free voiced item");
  return item;
}

interface LoadResult {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
  throughputMiBs: number;
}

async function load(options: autocannon.Options): Promise<LoadResult> {
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    throughputMiBs: round(result.throughput.average / 1024 / 1024),
  };
}

export async function withBenchDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `serene_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function startBare(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bare-endpoint.ts", String(port), databaseUrl], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`the bare endpoint exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

/** The API figures, on PostgreSQL (BENCH_DATABASE_URL, else the local server). */
export async function measureContentApi(adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres") {
  return withBenchDatabase(adminUrl, async (databaseUrl) => {
    let server: RunningServer | null = null;
    const bare = await startBare(databaseUrl).catch(() => null);
    try {
      // RATE_LIMIT_FACTOR lets the fifty reporting members register from one address.
      server = await startServer({
        env: { LOG_LEVEL: "warn", DATABASE_URL: databaseUrl, ROLE: "api", RATE_LIMIT_FACTOR: "100" },
      });
      bare?.stop();
      const bareEndpoint = await startBare(databaseUrl); // the schema exists now
      const t = await token(server.url);
      const headers = { authorization: `Bearer ${t}`, accept: "application/json" };
      const item = freeVoicedItem();
      const baseline = await load({ url: `${bareEndpoint.url}/bare/${item.id}` });
      const home = await load({ url: `${server.url}/api/v1/screen/home`, headers });
      const detail = await load({ url: `${server.url}/api/v1/${item.model}/${item.id}`, headers });
      // Reports from fifty members, each request taking the next one's token: one member's reports of the same day
      // wait for each other on that day's roll-up row (decision 034), and a person reports one session at a time.
      // Each is believable (decision 054): accounts two days old, each member's minutes one after another from a day ago.
      const reporters = await Promise.all(Array.from({ length: 50 }, (_, index) => registeredMember(server!.url, index)));
      await openAccountsDaysAgo(
        databaseUrl,
        reporters.map((reporter) => reporter.email),
        2,
      );
      const nextSession = sessionsFrom(Date.now() - 86_400_000, 60);
      let next = 0;
      const sessions = await load({
        url: `${server.url}/api/v1/user/sessions`,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const reporter = reporters[next++ % reporters.length]!.token;
              return {
                ...request,
                body: JSON.stringify({ ...nextSession(reporter), id: item.id, model: item.model }),
                headers: { ...headers, "content-type": "application/json", authorization: `Bearer ${reporter}` },
              };
            },
          },
        ],
      });
      const cookies = await fetch(`${server.url}/api/v1/user/cloudfront-cookies`, { headers });
      const cookieHeader = cookies.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const segment = `${server.url}/media/${item.media!.audio_male}/seg-1.m4s`;
      const segmentStatus = (await fetch(segment, { headers: { cookie: cookieHeader } })).status;
      const media = await load({ url: segment, headers: { cookie: cookieHeader } });
      bareEndpoint.stop();
      const ratio = (result: LoadResult) => round(result.requestsPerSecond / baseline.requestsPerSecond);
      return {
        baseline,
        home,
        detail,
        sessions,
        media,
        segmentStatus,
        ratios: { home: ratio(home), detail: ratio(detail), sessions: ratio(sessions) },
      };
    } finally {
      bare?.stop();
      await server?.stop();
    }
  });
}
