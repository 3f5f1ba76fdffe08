// Progress figures for `npm run bench` (decision 034), on PostgreSQL (BENCH_DATABASE_URL, else the local server):
//   - p99 of GET /user/sessions (statistics and pictures in the member's zone) and GET /user/achievements for a
//     new member and for a member with 50,000 sessions over about three years (target: within 2x of the new member's);
//   - p99 of POST /user/sessions for that member (a report updates the day roll-up and awards badges).
// Run alone with `npx tsx scripts/bench-progress.ts`.
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { loadCatalogue } from "@serene/content";
import { createDatabase } from "@serene/db";
import { believeListening } from "@serene/domain";
import { startServer } from "../e2e/server";
import { createLibraryRepository } from "../apps/api/src/modules/content/library.repository";
import { openAccountsDaysAgo, round, sessionsFrom, withBenchDatabase } from "./bench-content";

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
      env: { LOG_LEVEL: "warn", DATABASE_URL: databaseUrl, ROLE: "api", RATE_LIMIT_FACTOR: "100000" },
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
      // The veteran's account is older than their history, and each report below is a minute in one of the gaps of
      // that history, so it is believed (decision 054): 5 s after one of their latest 201 sessions ends.
      await openAccountsDaysAgo(databaseUrl, [veteran.email], 4 * 365);
      const gaps = (
        await db.query<{ ended_at: Date }>(
          `select s.ended_at from listening_sessions s join users u on u.id = s.user_id
           where u.email = $1 order by s.started_at desc limit 201`,
          [veteran.email],
        )
      ).rows.map((row) => new Date(row.ended_at).getTime() + 5_000);
      const statistics = `${server.url}/api/v1/user/sessions?tz=${encodeURIComponent(ZONE)}`;
      // The roll-up is built the way the product builds it: by the first call that asks for the zone.
      const built = Date.now();
      const first = await fetch(statistics, { headers: { authorization: `Bearer ${veteran.token}` } });
      const buildMs = Date.now() - built;
      const { data } = (await first.json()) as { data: { total_sessions: number; mindful_days: number; longest_streak: number } };
      const stats = { total_sessions: data.total_sessions, mindful_days: data.mindful_days, longest_streak: data.longest_streak };
      // Badges: one report awards what 50,000 sessions earn.
      const second = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
      const report = (token: string) => {
        const start = gaps.shift()!;
        return fetch(`${server.url}/api/v1/user/sessions?tz=${encodeURIComponent(ZONE)}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ start_session: second(start), end_session: second(start + 60_000), id: 1, model: "meditation-sleep" }),
        });
      };
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
      const checks = await measureBeliefCheck(databaseUrl, veteran.email);
      // Reports at 50 connections from 50 members (each their own day rows), against the same for one member, whose
      // 50 concurrent reports of one day wait for each other on that day's roll-up row (each holds it until commit).
      // Each report is believable (decision 054): accounts ten days old, each member's minutes one after another.
      const members: { token: string; email: string }[] = [];
      for (let n = 0; n < 50; n++) members.push(await register(server.url, `reporter${n}`));
      await openAccountsDaysAgo(
        databaseUrl,
        members.map((member) => member.email),
        10,
      );
      const nextSession = sessionsFrom(Date.now() - 9 * 86_400_000, 60);
      const reportOf = (token: string) => (request: autocannon.Request) => ({
        ...request,
        body: JSON.stringify({ ...nextSession(token), id: 1, model: "meditation-sleep" }),
        headers: { ...request.headers, "content-type": "application/json", authorization: `Bearer ${token}` },
      });
      let next = 0;
      const manyMembers = await autocannon({
        url: `${server.url}/api/v1/user/sessions`,
        connections: 50,
        duration: 10,
        requests: [{ method: "POST", setupRequest: (request) => reportOf(members[next++ % members.length]!.token)(request) }],
      });
      const oneMember = await autocannon({
        url: `${server.url}/api/v1/user/sessions`,
        connections: 50,
        duration: 10,
        requests: [{ method: "POST", setupRequest: reportOf(members[0]!.token) }],
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
        beliefCheck50k: checks,
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

/**
 * What believing a report costs (decision 054), for the member with 50,000 sessions: from the report's transaction
 * beginning to the rule's answer (the member's belief lock, the sessions that meet the report read in one index
 * range, and the rule in Node), through the repository the API uses. Each report lies in the member's history, so
 * the sessions around it are found; the rule's answer then ends the transaction, so nothing is kept. Milliseconds.
 */
async function measureBeliefCheck(databaseUrl: string, email: string) {
  const handle = await createDatabase({ driver: "postgres", url: databaseUrl, poolMax: 2 });
  try {
    const [user] = (await handle.executeSql("select id, created_at from users where email = $1", [email])).rows as {
      id: string;
      created_at: string;
    }[];
    const library = createLibraryRepository(handle.db);
    const measured = new Error("measured");
    const whole: number[] = [];
    const rule: number[] = [];
    for (let n = 0; n < 220; n++) {
      const start = new Date(Date.now() - (n + 1) * 3_600_000);
      const end = new Date(start.getTime() + 600_000);
      const began = performance.now();
      await library
        .reportSession({ userId: user!.id, itemId: 1, startedAt: start, endedAt: end, seconds: 600 }, ZONE, (others) => {
          const judged = performance.now();
          believeListening(
            { start, end },
            {
              now: new Date(),
              accountCreatedAt: new Date(user!.created_at),
              item: { model: "meditation-sleep", free: true, durationSeconds: 600 },
              mayPlayLocked: false,
              others,
            },
          );
          const done = performance.now();
          if (n >= 20) {
            whole.push(done - began);
            rule.push(done - judged);
          }
          throw measured;
        })
        .catch((error: unknown) => {
          if (error !== measured) throw error;
        });
    }
    const at = (values: number[], p: number) => round([...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!);
    const ruleMedian = [...rule].sort((a, b) => a - b)[Math.floor(rule.length / 2)]!;
    return { runs: whole.length, p50: at(whole, 50), p99: at(whole, 99), ruleMicrosecondsP50: Math.round(ruleMedian * 1000) };
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureProgressApi();
  console.log(JSON.stringify(figures, null, 2));
}
