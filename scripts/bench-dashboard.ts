/**
 * npx tsx scripts/bench-dashboard.ts: the analyst's dashboard (decision 069) at 100,000 members and 1,000,000
 * analytics events on PostgreSQL (BENCH_DATABASE_URL, else the local server). The data spreads over the 395
 * days analytics keeps: members who signed up, 40 % of them with a subscription (trials, monthly and annual
 * plans in every status) and their charges (about 300,000, 1 % given back in part), and events of which four
 * in ten belong to a funnel. Measured: p50 and p99 of 100 calls of each of the dashboard's three reads (money,
 * subscriptions, funnels) through the service, one at a time, over its default range (the 30 days to today);
 * a year's range is printed beside it. Also a row of `npm run bench`.
 */
import { createDatabase, migrate } from "@serene/db";
import { buildFunnelReport } from "../apps/api/src/modules/analytics/funnel-report";
import { createDashboardsRepository } from "../apps/api/src/modules/dashboards/dashboards.repository";
import { createDashboardsService } from "../apps/api/src/modules/dashboards/dashboards.service";
import { MEMBERS } from "./bench-support";
import { withBenchDatabase } from "./bench-content";

export const EVENTS = 1_000_000;
const CALLS = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The dashboard's data at scale, written in a few set-based statements. */
export async function fill(executeSql: (text: string) => Promise<unknown>) {
  await executeSql(`
    insert into users (name, email, password_hash, created_at)
    select 'Member ' || g, 'member.' || g || '@example.com', null, now() - ((g % 395) || ' days')::interval - ((g % 1440) || ' minutes')::interval
    from generate_series(1, ${MEMBERS}) g`);
  // Four in ten members subscribe: a quarter of those by the annual plan's trial; statuses by turn.
  await executeSql(`
    insert into subscriptions (user_id, status, plan_type, provider, started_at, current_period_end, amount_cents, currency, lifecycle, created_at)
    select u.id,
      (array['active','active','active','canceled','expired','past_due','trialing','active'])[1 + (n % 8)],
      case when n % 4 = 0 then 'Annual' else 'Monthly' end,
      'stripe', u.created_at,
      now() + (((n % 60) - 30) || ' days')::interval,
      case when n % 4 = 0 then 5999 else 1499 end,
      case when n % 10 = 0 then 'EUR' else 'USD' end,
      jsonb_build_object('plan', case when n % 4 = 0 then 'annual' else 'monthly' end, 'facts', jsonb_build_object('startedWithTrial', n % 4 = 0,
        'period', jsonb_build_object('trial', (array['active','active','active','canceled','expired','past_due','trialing','active'])[1 + (n % 8)] = 'trialing'))),
      u.created_at
    from (select id, created_at, row_number() over (order by created_at) n from users) u
    where n % 10 < 4`);
  // Charges: one a month since the subscription began, up to twelve (about 300,000).
  await executeSql(`
    insert into payments (user_id, subscription_id, provider, idempotency_key, amount_cents, currency, status, created_at)
    select s.user_id, s.id, 'stripe', 'bench:' || s.id || ':' || k, s.amount_cents, s.currency, 'succeeded', s.started_at + (k || ' months')::interval + interval '7 days'
    from subscriptions s, generate_series(0, 11) k
    where s.started_at + (k || ' months')::interval + interval '7 days' < now() and (s.plan_type = 'Monthly' or k = 0)`);
  await executeSql(`
    insert into refunds (payment_id, user_id, amount_cents, currency, reason, fingerprint, status, created_at, updated_at)
    select id, user_id, 500, currency, 'bench', 'bench', 'succeeded', created_at + interval '1 day', created_at + interval '1 day'
    from payments where hashtext(id::text) % 100 = 0`);
  // Events: six in ten page views (one in twenty of the paywall), the rest the quiz funnels' steps, a visit id per ~5 events.
  await executeSql(`
    insert into analytics_events (name, path, session_id, properties, occurred_at)
    select
      case when g % 10 < 6 then 'page_view'
           else (array['quiz_view','quiz_step','quiz_step','quiz_email','quiz_results_view','initiate_checkout','start_trial','vsl_view'])[1 + (g % 8)] end,
      case when g % 10 < 6 then (case when g % 20 = 0 then '/subscription' else '/browse' end) else '/quiz' end,
      'visit-' || (g / 5),
      case when g % 10 < 6 then '{}'::jsonb
           else jsonb_build_object('funnel', 'quiz-' || (g % 3), 'quiz', 'quiz-' || (g % 3), 'step', 1 + (g % 2), 'total', 2) end,
      now() - ((${EVENTS} - g) * interval '395 days' / ${EVENTS})
    from generate_series(1, ${EVENTS}) g`);
  await executeSql("analyze");
}

export async function measureDashboard(adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres") {
  return withBenchDatabase(adminUrl, async (url) => {
    const database = await createDatabase({ driver: "postgres", url, poolMax: 8 });
    try {
      await migrate(database);
      // Writing the data takes longer than the product lets one statement run.
      const writer = await createDatabase({ driver: "postgres", url, poolMax: 1, timeouts: { statementTimeoutMs: 900_000 } });
      await fill((text) => writer.executeSql(text)).finally(() => writer.close());
      const service = createDashboardsService(
        createDashboardsRepository(database.db),
        (range) => buildFunnelReport(database.db, range),
        () => new Date(),
      );
      const reads = { money: service.money, subscriptions: service.subscriptions, funnels: service.funnels };
      const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const figures: Record<string, { p50: number; p99: number; year: number }> = {};
      for (const [name, read] of Object.entries(reads)) {
        for (let i = 0; i < 5; i++) await read({}); // warm
        const times: number[] = [];
        for (let i = 0; i < CALLS; i++) {
          const started = performance.now();
          await read({});
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const started = performance.now();
        await read({ from: yearAgo });
        figures[name] = { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), year: round(performance.now() - started) };
      }
      const [counts] = (
        await database.executeSql(
          "select (select count(*) from users)::int as members, (select count(*) from analytics_events)::int as events, (select count(*) from payments)::int as payments",
        )
      ).rows as { members: number; events: number; payments: number }[];
      return { ...counts!, calls: CALLS, figures };
    } finally {
      await database.close();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureDashboard();
  console.log(
    `dashboard at ${result.members.toLocaleString("en")} members, ${result.events.toLocaleString("en")} events, ${result.payments.toLocaleString("en")} charges (${result.calls} calls each, the 30 days to today):`,
  );
  for (const [name, figure] of Object.entries(result.figures))
    console.log(`  ${name}: p50 ${figure.p50} ms, p99 ${figure.p99} ms (budget 200 ms); a year's range ${figure.year} ms`);
}
