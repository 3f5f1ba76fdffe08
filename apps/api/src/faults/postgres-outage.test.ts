import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { createDatabase } from "@serene/db";
import { buildApp } from "../app.ts";
import { bearer, login, PASSWORD, randomIp, registerMember, type Member } from "../test/accounts.ts";
import { startFreezableProxy } from "../test/freezable-proxy.ts";
import { openedDaysAgo } from "../test/content.ts";
import { createTestApp, createTestDatabase, testConfig } from "../test/test-app.ts";

// PostgreSQL's own faults: connections cut by the server, a server that stops answering.
const skipReason =
  process.env.TEST_DB_DRIVER === "postgres"
    ? null
    : process.env.TEST_DATABASE_URL
      ? "runs in the api-postgres project"
      : "skipped: set TEST_DATABASE_URL to run them on PostgreSQL";

const UNAVAILABLE = { message: "Service temporarily unavailable. Please try again in a moment." };
/** The limits the frozen-database tests configure: short, so a test takes seconds. */
const CONNECT_MS = 1000;
const STATEMENT_MS = 1000;
/** The longest a request may wait for its 503: the connect wait, the statement wait and the client's one-second margin, plus 2 s of room for a busy machine. */
const ANSWER_BOUND_MS = CONNECT_MS + STATEMENT_MS + 1000 + 2000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let minute = 0;
const FIRST_START = Date.now() - 30 * 86_400_000;
/** A member whose account is older than the sessions reported here, so each is believed (decision 054). */
async function listener(app: FastifyInstance, database: Parameters<typeof openedDaysAgo>[0]) {
  const member = await registerMember(app, database);
  await openedDaysAgo(database, member.id, 31);
  return member;
}
/** A listening session of its own (a minute of its own, so reports never collide). */
function sessionReport(app: FastifyInstance, member: Member) {
  const start = new Date(FIRST_START + (minute += 1) * 60_000);
  const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
  return app.inject({
    method: "POST",
    url: "/api/v1/user/sessions",
    headers: bearer(member.token),
    payload: { start_session: iso(start), end_session: iso(new Date(start.getTime() + 30_000)) },
  });
}

/** An admin connection to the server the test database lives on. */
async function adminClient() {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  cleanups.push(() => admin.end());
  return admin;
}

/** The app on a database reached through a proxy that can freeze, with short limits. */
async function appBehindProxy(poolMax = 4) {
  const direct = await createTestDatabase();
  cleanups.push(() => direct.close());
  const target = new URL(direct.connectionString!);
  const proxy = await startFreezableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  const database = await createDatabase({
    driver: "postgres",
    url: proxy.urlFor(direct.connectionString!),
    poolMax,
    timeouts: { connectTimeoutMs: CONNECT_MS, statementTimeoutMs: STATEMENT_MS },
  });
  cleanups.push(async () => {
    proxy.thaw();
    await database.close();
  });
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  cleanups.push(() => app.close());
  return { app, database, direct, proxy };
}

/** Sends a request and measures how long its answer took. */
async function timed(request: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const res = await request();
  return { res, ms: performance.now() - started };
}

describe.skipIf(skipReason)(`PostgreSQL outages${skipReason ? ` (${skipReason})` : ""}`, () => {
  it("terminating the app's connections during load recovers without a restart: some 503, never a 500", async () => {
    // Hundreds of reports from one member in seconds: beyond the listening rate limit, which is not what this looks at.
    const t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
    cleanups.push(() => t.close());
    const member = await listener(t.app, t.database);
    const admin = await adminClient();
    const databaseName = new URL(t.database.connectionString!).pathname.slice(1);

    const statuses: number[] = [];
    let reachedMidpoint: () => void;
    const midpoint = new Promise<void>((resolve) => (reachedMidpoint = resolve));
    let cut = false;
    const WORKERS = 8;
    /** Requests before the cut (in all), and requests each worker makes after it. */
    const BEFORE = 80;
    const AFTER = 12;
    const lastOfEachWorker: number[] = [];
    const worker = async (index: number) => {
      let last = 0;
      // Each worker goes on until it has made AFTER requests since the cut: the cut always lands during the load.
      for (let n = 0, sinceCut = 0; sinceCut < AFTER && n < 1000; n++) {
        if (cut) sinceCut++;
        // A write, a read and a sign-in (a transaction: the token is issued inside one).
        const res =
          n % 3 === 0
            ? await sessionReport(t.app, member)
            : n % 3 === 1
              ? await t.app.inject({ url: "/api/v1/user/sessions", headers: bearer(member.token) })
              : await login(t.app, member.email, PASSWORD);
        statuses.push(res.statusCode);
        last = res.statusCode;
        if (statuses.length === BEFORE) reachedMidpoint();
      }
      lastOfEachWorker[index] = last;
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    await midpoint;
    const { rows } = await admin.query<{ terminated: boolean }>(
      "select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [databaseName],
    );
    cut = true;
    const terminated = rows.filter((row) => row.terminated).length;
    await load;

    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    // Every worker went on after the cut, and its last request worked: no restart needed.
    expect(lastOfEachWorker.map((status) => status === 200 || status === 201)).toEqual(Array(WORKERS).fill(true));
    const after = [];
    for (let n = 0; n < 10; n++) after.push((await sessionReport(t.app, member)).statusCode);
    expect(after).toEqual(Array(10).fill(201));
  });

  it("a database that stops answering gives 503 with Retry-After within the timeout, and the app recovers when it answers again", async () => {
    const { app, database, proxy } = await appBehindProxy();
    const member = await listener(app, database);
    expect((await sessionReport(app, member)).statusCode).toBe(201);

    proxy.freeze();
    const answers = await Promise.all([
      timed(() => app.inject({ url: "/api/v1/user", headers: bearer(member.token) })),
      timed(() => sessionReport(app, member)),
      timed(() => app.inject({ url: "/api/v1/user/sessions", headers: bearer(member.token) })),
      timed(() =>
        app.inject({
          method: "POST",
          url: "/api/v1/user/token",
          payload: { login: member.email, password: PASSWORD, device_name: "web" },
          remoteAddress: randomIp(),
        }),
      ),
      timed(() => app.inject({ method: "POST", url: "/api/v1/events", payload: { name: "page_view", path: "/" } })),
      timed(() => app.inject({ url: "/api/v1/favorite", headers: bearer(member.token) })),
    ]);
    for (const { res, ms } of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    }
    const ready = await timed(() => app.inject({ url: "/health/ready" }));
    expect(ready.res.statusCode).toBe(503);
    expect(ready.res.json()).toMatchObject({ status: "unavailable", checks: { database: "failing" } });
    expect(ready.ms).toBeLessThan(ANSWER_BOUND_MS);

    proxy.thaw();
    const after = [];
    for (let n = 0; n < 10; n++) after.push((await sessionReport(app, member)).statusCode);
    expect(after).toEqual(Array(10).fill(201));
    expect((await app.inject({ url: "/api/v1/user", headers: bearer(member.token) })).statusCode).toBe(200);
    expect((await app.inject({ url: "/health/ready" })).statusCode).toBe(200);
  });

  it("a transaction cut off by a database that stopped answering leaves no open transaction behind for the next caller", async () => {
    // One connection, so the write after the outage runs on whatever the pool kept.
    const { database, direct, proxy } = await appBehindProxy(1);
    await direct.executeSql("create table fault_probe (note text not null)");
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into fault_probe (note) values ('inside the transaction')`);
        proxy.freeze();
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    proxy.thaw();

    // An acknowledged write after the outage is committed: another connection sees it.
    await database.executeSql("insert into fault_probe (note) values ('after the outage')");
    const { rows } = await direct.executeSql("select note from fault_probe order by note");
    expect(rows).toEqual([{ note: "after the outage" }]);
  });
});
