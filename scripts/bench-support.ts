/**
 * npx tsx scripts/bench-support.ts: the operator console's member search (decision 067) at 100,000
 * members on PostgreSQL (BENCH_DATABASE_URL, else the local server): p50 and p99 of 300 searches through
 * the support repository (part of a name, part of an address, a whole address, an id), one at a time.
 * Also a row of `npm run bench`.
 */
import { createDatabase, migrate } from "@serene/db";
import { createSupportRepository } from "../apps/api/src/modules/support/support.repository";
import { withBenchDatabase } from "./bench-content";

export const MEMBERS = 100_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureMemberSearch(adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres") {
  return withBenchDatabase(adminUrl, async (url) => {
    const database = await createDatabase({ driver: "postgres", url, poolMax: 2 });
    try {
      await migrate(database);
      // Names from a small list of first and last names; addresses from the same with a number.
      await database.executeSql(`
        with first(n, i) as (select * from unnest(array['ada','ben','cleo','dev','ezra','fern','gus','hana','ivo','juno','kai','lena','milo','nora','otto','pia','quin','ruby','sol','tess']) with ordinality),
             last(n, i) as (select * from unnest(array['moss','reed','vale','brook','stone','field','wood','lake','hart','snow','frost','gale','hale','marsh','north','rowe','shaw','west','wren','young']) with ordinality)
        insert into users (name, email, password_hash, created_at)
        select initcap(f.n) || ' ' || initcap(l.n), f.n || '.' || l.n || '.' || g || '@example.com', null, now() - (g || ' minutes')::interval
        from generate_series(1, ${MEMBERS}) g
        join first f on f.i = 1 + (g % 20)
        join last l on l.i = 1 + ((g / 20) % 20)`);
      await database.executeSql("analyze users");
      const repository = createSupportRepository(database.db);
      const ids = (await database.executeSql("select id, email from users order by random() limit 60")).rows as {
        id: string;
        email: string;
      }[];
      const queries = [
        ...Array.from({ length: 60 }, (_, i) => ["juno", "tess wr", "frost", "milo.sh", "ada moss"][i % 5]!),
        ...Array.from({ length: 60 }, (_, i) => `.${1000 + i * 997}@`),
        ...ids.map((row) => row.email),
        ...ids.map((row) => row.id),
        ...Array.from({ length: 60 }, (_, i) => `nobody-${i}`),
      ];
      for (const q of queries.slice(0, 20)) await repository.search(q); // warm
      const times: number[] = [];
      for (const q of queries) {
        const started = performance.now();
        await repository.search(q);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return {
        members: MEMBERS,
        searches: times.length,
        p50: Math.round(percentile(times, 50) * 10) / 10,
        p99: Math.round(percentile(times, 99) * 10) / 10,
      };
    } finally {
      await database.close();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureMemberSearch();
  console.log(
    `member search at ${result.members.toLocaleString("en")} members: ${result.searches} searches, p50 ${result.p50} ms, p99 ${result.p99} ms (budget 50 ms)`,
  );
}
