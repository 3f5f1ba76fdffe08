// A database that stops answering, for `npm run bench`: the server as `npm start` runs it, on
// PostgreSQL reached through a TCP proxy that freezes (keeps every socket open, forwards nothing).
// Measured: how long requests wait before their 503 with the default limits (DATABASE_CONNECT_TIMEOUT_MS,
// DATABASE_STATEMENT_TIMEOUT_MS), how long readiness takes to say so, and that the server answers again
// once the database does (docs/decisions/022-database-faults.md).
import { startFreezableProxy } from "../apps/api/src/test/freezable-proxy";
import { startServer } from "../e2e/server";
import { token, withBenchDatabase } from "./bench-content";

const round = (value: number) => Math.round(value);

async function timedStatus(url: string, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), ms: performance.now() - started };
}

/** Requests at once while the database is frozen: a member's profile and session reports (half each). */
const CONCURRENT = 20;

export async function measureDatabaseOutage(adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres") {
  return withBenchDatabase(adminUrl, async (databaseUrl) => {
    const target = new URL(databaseUrl);
    const proxy = await startFreezableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const server = await startServer({ env: { LOG_LEVEL: "error", DATABASE_URL: proxy.urlFor(databaseUrl), ROLE: "api" } });
    try {
      const headers = {
        authorization: `Bearer ${await token(server.url)}`,
        accept: "application/json",
        "content-type": "application/json",
      };
      // Warm the pool: a few connections open and idle, as on a live server.
      await Promise.all(Array.from({ length: 4 }, () => fetch(`${server.url}/api/v1/user`, { headers }).then((res) => res.arrayBuffer())));

      proxy.freeze();
      const start = Date.now() - 86_400_000;
      const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, index) =>
          index % 2 === 0
            ? timedStatus(`${server.url}/api/v1/user`, { headers })
            : timedStatus(`${server.url}/api/v1/user/sessions`, {
                method: "POST",
                headers,
                body: JSON.stringify({ start_session: iso(start + index * 60_000), end_session: iso(start + index * 60_000 + 30_000) }),
              }),
        ),
      );
      const ready = await timedStatus(`${server.url}/health/ready`);
      proxy.thaw();
      const thawed = performance.now();
      let recoveredMs = NaN;
      for (let attempt = 0; attempt < 100; attempt++) {
        if ((await fetch(`${server.url}/api/v1/user`, { headers })).ok) {
          recoveredMs = performance.now() - thawed;
          break;
        }
      }
      const waits = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      return {
        requests: CONCURRENT,
        statuses: answers.reduce<Record<string, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}),
        retryAfter: [...new Set(answers.map((answer) => answer.retryAfter))].join(","),
        waitMs: { min: round(waits[0]!), p50: round(waits[Math.floor(waits.length / 2)]!), max: round(waits.at(-1)!) },
        readyStatus: ready.status,
        readyMs: round(ready.ms),
        recoveredMs: round(recoveredMs),
      };
    } finally {
      proxy.thaw();
      await server.stop();
      await proxy.close();
    }
  });
}

// `tsx scripts/bench-outage.ts` measures this alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  measureDatabaseOutage().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
