// Progress figures for `npm run bench` (decision 034), on PostgreSQL (BENCH_DATABASE_URL, else the local server):
//   - p99 of GET /user/sessions (statistics and pictures in the member's zone) and GET /user/achievements for a
//     new member and for a member with 50,000 sessions over about three years (target: within 2x of the new member's);
//   - p99 of POST /user/sessions for that member (a report updates the day roll-up and awards badges).
// Run alone with `npx tsx scripts/bench-progress.ts`.
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { loadCatalogue } from "@serene/content";
import { startServer } from "../e2e/server";
import { round, withBenchDatabase } from "./bench-content";

const SESSIONS = 50_000;
const ZONE = "Europe/Berlin";

async function register(url: string, label: string): Promise<{ token: string; email: string }> {
  const email = `bench-${label}-${randomBytes(4).toString("hex")}@example.test`;
  const response = await fetch(`${url}/api/v1/user`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name: label, email, password: "calm-river-stone-42", phone: "", platform: "web" }),
  });
  if (!response.ok) throw new Error(`registration answered ${response.status}`);
  return { token: ((await response.json()) as { token: string }).token, email };
}

async function p99(url: string, token: string, options: Partial<autocannon.Options> = {}) {
  const request = { url, headers: { authorization: `Bearer ${token}`, accept: "application/json" }, ...options };
  await autocannon({ ...request, connections: 10, duration: 2 }); // warm-up
  const result = await autocannon({ connections: 10, duration: 10, ...request });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function measureProgressApi(adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres") {
  return withBenchDatabase(adminUrl, async (databaseUrl) => {
    const server = await startServer({
      env: { LOG_LEVEL: "warn", DATABASE_URL: databaseUrl, JOBS_IN_PROCESS: "false", RATE_LIMIT_FACTOR: "100000" },
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const fresh = await register(server.url, "new");
      const veteran = await register(server.url, "veteran");
      const leafIds = loadCatalogue()
        .items.filter((item) => !item.children?.length)
        .map((item) => item.id);
      // 50,000 sessions, one every ~31.5 minutes over three years, of every kind of item, 5 to 25 minutes long.
      const seeded = Date.now();
      await db.query(
        `insert into listening_sessions (user_id, item_id, started_at, ended_at, seconds)
         select u.id, ($2::int[])[1 + n % cardinality($2::int[])],
                now() - n * interval '1892 seconds', now() - n * interval '1892 seconds' + (300 + n % 1200) * interval '1 second',
                300 + n % 1200
         from users u, generate_series(1, $3) as n where u.email = $1`,
        [veteran.email, leafIds, SESSIONS],
      );
      await db.query("analyze listening_sessions");
      const seedMs = Date.now() - seeded;
      const statistics = `${server.url}/api/v1/user/sessions?tz=${encodeURIComponent(ZONE)}`;
      // The roll-up is built the way the product builds it: by the first call that asks for the zone.
      const built = Date.now();
      const first = await fetch(statistics, { headers: { authorization: `Bearer ${veteran.token}` } });
      const buildMs = Date.now() - built;
      const { data } = (await first.json()) as { data: { total_sessions: number; mindful_days: number; longest_streak: number } };
      const stats = { total_sessions: data.total_sessions, mindful_days: data.mindful_days, longest_streak: data.longest_streak };
      // Badges: one report awards what 50,000 sessions earn.
      const report = (token: string) =>
        fetch(`${server.url}/api/v1/user/sessions?tz=${encodeURIComponent(ZONE)}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            start_session: new Date(Date.now() - 120_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
            end_session: new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
            id: 1,
            model: "meditation-sleep",
          }),
        });
      const awardedAt = Date.now();
      const earned = ((await (await report(veteran.token)).json()) as { earned: { machine_name: string }[] }).earned;
      const awardMs = Date.now() - awardedAt;
      await fetch(statistics, { headers: { authorization: `Bearer ${fresh.token}` } });

      const figures = {
        sessionsNew: await p99(statistics, fresh.token),
        sessions50k: await p99(statistics, veteran.token),
        achievementsNew: await p99(`${server.url}/api/v1/user/achievements`, fresh.token),
        achievements50k: await p99(`${server.url}/api/v1/user/achievements`, veteran.token),
      };
      // Reports of the 50k member one at a time (a person reports one session at a time): roll-up and awarding.
      const reports: number[] = [];
      for (let n = 0; n < 200; n++) {
        const started = performance.now();
        await report(veteran.token);
        reports.push(performance.now() - started);
      }
      reports.sort((a, b) => a - b);
      // Reports at 50 connections from 50 members (each their own day rows), against the same for one member, whose
      // 50 concurrent reports of one day wait for each other on that day's roll-up row (each holds it until commit).
      const members: { token: string }[] = [];
      for (let n = 0; n < 50; n++) members.push(await register(server.url, `reporter${n}`));
      const body = JSON.stringify({
        start_session: "2026-01-05T08:00:00Z",
        end_session: "2026-01-05T08:10:00Z",
        id: 1,
        model: "meditation-sleep",
      });
      let next = 0;
      const manyMembers = await autocannon({
        url: `${server.url}/api/v1/user/sessions`,
        connections: 50,
        duration: 10,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => ({
              ...request,
              body,
              headers: {
                ...request.headers,
                "content-type": "application/json",
                authorization: `Bearer ${members[next++ % members.length]!.token}`,
              },
            }),
          },
        ],
      });
      const oneMember = await autocannon({
        url: `${server.url}/api/v1/user/sessions`,
        connections: 50,
        duration: 10,
        method: "POST",
        body,
        headers: { "content-type": "application/json", authorization: `Bearer ${members[0]!.token}` },
      });
      return {
        seeded: {
          sessions: SESSIONS,
          seedMs,
          rollUpBuildMs: buildMs,
          statistics: stats,
          firstAwardMs: awardMs,
          earned: earned.map((b) => b.machine_name),
        },
        ...figures,
        ratios: {
          sessions: round(figures.sessions50k.p99 / Math.max(1, figures.sessionsNew.p99)),
          achievements: round(figures.achievements50k.p99 / Math.max(1, figures.achievementsNew.p99)),
        },
        report50k: { runs: reports.length, p50: round(reports[100]!), p99: round(reports[197]!) },
        reportsAt50Connections: {
          fiftyMembers: {
            requestsPerSecond: Math.round(manyMembers.requests.average),
            p99: manyMembers.latency.p99,
            non2xx: manyMembers.non2xx,
          },
          oneMember: { requestsPerSecond: Math.round(oneMember.requests.average), p99: oneMember.latency.p99, non2xx: oneMember.non2xx },
        },
      };
    } finally {
      await db.end();
      await server.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureProgressApi();
  console.log(JSON.stringify(figures, null, 2));
}
