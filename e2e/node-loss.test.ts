import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../scripts/cluster/topology.ts";
import { scratchDatabase } from "./server";
import { playMemberDay, send, verifyAcknowledged, type DayRecord } from "./cluster/member-day.ts";

/**
 * The production topology on this machine (decision 065): HAProxy in front of three API nodes and two
 * job workers on PostgreSQL and Redis. A member's day goes through the load balancer while one API node
 * is killed with SIGKILL and started again, and one worker is killed holding jobs (the other stopped
 * gracefully first, and started again after). What must hold: no action
 * fails except ones the client retries once by design, every acknowledged write is found, every job
 * runs to completion once (a killed worker's jobs run again on the other), and the killed node rejoins.
 * Then a node is killed in the middle of writes (decision 066): each carries its Idempotency-Key, so the
 * load balancer or the client sends it again, and each is done exactly once.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const RESET_QUEUE = "accounts.password-reset-mail";

describe.runIf(adminUrl)("the production topology when it loses a node", () => {
  let cluster: Cluster;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: pg.Client;
  const dir = mkdtempSync(path.join(tmpdir(), "serene-cluster-"));
  let figuresOfTheDay = "";

  beforeAll(async () => {
    scratch = await scratchDatabase(adminUrl!, "serene_cluster");
    database = scratch.client;
    cluster = await startCluster({
      databaseUrl: scratch.url,
      redisUrl: "redis://127.0.0.1:6379/7",
      dir,
      env: {
        // One address (the test's) stands for many members: the limits stay on, scaled up.
        RATE_LIMIT_FACTOR: "1000",
        // A killed worker's jobs go to the other after 5 s (looked for every second) instead of a queue's minute.
        JOBS_EXPIRE_SECONDS: "5",
        JOBS_MAINTENANCE_SECONDS: "1",
        SHUTDOWN_TIMEOUT_MS: "3000",
        SEED_DEMO_DATA: "false",
        WEB_DIST_DIR: "/nonexistent",
      },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(
    "plays a member's day through the load balancer while an API node and a worker are killed",
    { retry: 0, timeout: 240_000 },
    async () => {
      const api2 = cluster.node("api2");
      const worker1 = cluster.node("worker1");
      const worker2 = cluster.node("worker2");
      const flood: string[] = [];
      const figures = { apiKilledAt: "", workerKilledAt: "" };

      // Visitors browse the whole time, so requests are in flight on every node when one is killed. A read
      // that failed is sent again once, as the web app does.
      const browsing = { tried: 0, retried: 0, failed: 0, done: false };
      const browse = (async () => {
        const paths = ["/api/v1/faq", "/api/v1/package/web", "/api/v1/quiz", "/api/v1/ping"];
        for (let i = 0; !browsing.done; i++) {
          const url = `${cluster.url}${paths[i % paths.length]}`;
          const once = () =>
            fetch(url, { headers: { accept: "application/json" } }).then(
              (res) => res.status < 500,
              () => false,
            );
          browsing.tried += 1;
          if (await once()) continue;
          browsing.retried += 1;
          browsing.tried += 1;
          if (!(await once())) browsing.failed += 1;
        }
      })();

      const record: DayRecord & { email: string } = await playMemberDay(cluster.url, {
        label: "node-loss",
        beforeStep: async (step) => {
          if (step === "purchase") {
            // Gone without a word: the load balancer finds out by itself.
            figures.apiKilledAt = step;
            await api2.kill("SIGKILL");
          }
          if (step === "play") {
            // worker2 stops gracefully (SIGTERM: it finishes what it holds), so worker1 alone takes the flood.
            expect(await worker2.kill("SIGTERM")).toBe(0);
            // 300 recovery requests for addresses nobody has: harmless jobs, enough to keep a worker busy.
            const sends = Array.from({ length: 300 }, (_, i) => {
              const email = `flood-${i}-${randomBytes(3).toString("hex")}@example.test`;
              flood.push(email);
              return fetch(`${cluster.url}/api/v1/user/recovery-password?email=${encodeURIComponent(email)}`, {
                headers: { accept: "application/json" },
              });
            });
            const answers = await Promise.all(sends);
            expect(answers.every((res) => res.ok)).toBe(true);
            // worker1 is frozen at a moment it holds jobs, then killed: they stay active until their expiry and then run on worker2.
            for (let tries = 0; ; tries++) {
              worker1.child!.kill("SIGSTOP");
              if ((await activeOn()) > 0) break;
              worker1.child!.kill("SIGCONT");
              expect(tries).toBeLessThan(500);
            }
            figures.workerKilledAt = step;
            await worker1.kill("SIGKILL");
            await worker2.start();
          }
          if (step === "notes") await Promise.all([api2.start(), worker1.start()]);
        },
      });

      browsing.done = true;
      await browse;

      async function activeOn(): Promise<number> {
        const { rows } = await database.query(`select count(*)::int as n from pgboss.job where name = $1 and state = 'active'`, [
          RESET_QUEUE,
        ]);
        return rows[0].n as number;
      }

      // No action failed; the ones that met the killed node were sent again by the load balancer or the client.
      expect(record.failed).toEqual([]);
      expect(browsing.failed).toBe(0);
      expect(figures).toEqual({ apiKilledAt: "purchase", workerKilledAt: "play" });

      // Every write the product acknowledged is there.
      const found = await verifyAcknowledged(cluster.url, record);
      expect(found.missing).toEqual([]);
      expect(found.found).toBe(found.acknowledged);

      // The killed node rejoined: the load balancer sends it requests again.
      await expect
        .poll(
          async () => {
            const served = await Promise.all(
              Array.from({ length: 6 }, () => fetch(`${cluster.url}/api/v1/ping`).then((res) => res.headers.get("x-served-by"))),
            );
            return served.includes("api2");
          },
          { timeout: 15_000, interval: 250 },
        )
        .toBe(true);

      // Every job of the flood ran to completion exactly once: one row each, completed, none failed; the
      // jobs the killed worker held ran again on the other.
      await expect
        .poll(
          async () => {
            const { rows } = await database.query(`select state, count(*)::int as n from pgboss.job where name = $1 group by state`, [
              RESET_QUEUE,
            ]);
            return Object.fromEntries(rows.map((row: { state: string; n: number }) => [row.state, row.n]));
          },
          { timeout: 60_000, interval: 500 },
        )
        .toEqual({ completed: flood.length });
      const { rows: handedBack } = await database.query(`select count(*)::int as n from pgboss.job where name = $1 and retry_count > 0`, [
        RESET_QUEUE,
      ]);
      expect(handedBack[0].n).toBeGreaterThan(0);

      // The member's own reset e-mail, asked for after the worker died, arrives once.
      const reset = await fetch(`${cluster.url}/api/v1/user/recovery-password?email=${encodeURIComponent(record.email)}`);
      expect(reset.ok).toBe(true);
      await expect
        .poll(
          async () =>
            (
              await database.query(`select count(*)::int as n from outbox_emails where to_address = $1 and subject like 'Reset your%'`, [
                record.email,
              ])
            ).rows[0].n,
          { timeout: 15_000, interval: 250 },
        )
        .toBe(1);

      figuresOfTheDay = `the member's day ${record.tried} requests tried, ${record.retried} retried by the client, ${record.failed.length} failed`;
      console.warn(
        `node loss: the member's day ${record.tried} requests tried, ${record.retried} retried by the client, ${record.failed.length} failed; ` +
          `browsing ${browsing.tried} tried, ${browsing.retried} retried, ${browsing.failed} failed; ` +
          `${found.acknowledged} writes acknowledged, ${found.found} found; ${flood.length} jobs completed, ${handedBack[0].n} of them after their worker died`,
      );
    },
  );

  it("does every write exactly once when a node is killed in the middle of writing it", { retry: 0, timeout: 120_000 }, async () => {
    const api2 = cluster.node("api2");
    const email = `mid-write-${randomBytes(4).toString("hex")}@example.test`;
    const joined = await send(cluster.url, {
      method: "POST",
      path: "/api/v1/user",
      json: { name: "Mid Write", email, password: "a calm password 1", password_confirmation: "a calm password 1" },
    });
    expect(joined.ok, joined.text).toBe(true);
    const token = (joined.body as { token: string }).token;

    // Bursts of notes until api2 is killed holding some of them (logged as come in, not yet answered).
    const counts = { tried: 0, retried: 0 };
    const answers: { title: string; ok: boolean; id: string | null; replayed: boolean }[] = [];
    let caught = 0;
    for (let burst = 0; caught === 0; burst++) {
      expect(burst, "api2 was never caught holding a write").toBeLessThan(5);
      // Each time api2 writes a log line: killed at once when it holds a note write it has not answered.
      const killing: Promise<unknown>[] = [];
      const watch = () => {
        if (caught > 0) return;
        const open = notesInFlight(api2.output());
        if (open === 0) return;
        caught = open;
        killing.push(api2.kill("SIGKILL"));
      };
      // After the node's own listener, so its output already holds the line.
      api2.child!.stdout!.on("data", watch);
      const titles = Array.from({ length: 45 }, (_, i) => `Burst ${burst} note ${i}`);
      const written = await Promise.all(
        titles.map(async (title) => {
          const res = await send(
            cluster.url,
            { method: "POST", path: "/api/v1/user/notes", token, json: { title, content: "Kept once." } },
            counts,
          );
          const id = (res.body as { data?: { id?: string } } | null)?.data?.id ?? null;
          return { title, ok: res.ok, id, replayed: res.headers?.get("idempotent-replayed") === "true" };
        }),
      );
      api2.child?.stdout?.off("data", watch);
      await Promise.all(killing);
      answers.push(...written);
    }

    // Every write was answered, and each is in the database exactly once, with the id its answer gave.
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    const { rows } = await database.query(
      `select title, count(*)::int as n, min(id::text) as id from notes where user_id = (select id from users where email = $1) group by title`,
      [email],
    );
    const stored = new Map(rows.map((row: { title: string; n: number; id: string }) => [row.title, row]));
    for (const answer of answers) expect(stored.get(answer.title), answer.title).toEqual({ title: answer.title, n: 1, id: answer.id });
    expect(stored.size).toBe(answers.length);

    await api2.start();
    console.warn(
      `node loss: ${figuresOfTheDay}; ${answers.length} notes written while api2 was killed holding ${caught} of them: ` +
        `${counts.tried} requests tried, ${counts.retried} sent again by the client, ${answers.filter((a) => a.replayed).length} answered from the kept answer, ` +
        `${rows.length} notes stored, none twice`,
    );
  });
});

/** Note writes a node's log shows as come in and not yet answered (Fastify's request lines, JSON). */
function notesInFlight(output: string): number {
  const open = new Set<string>();
  for (const line of output.split("\n")) {
    if (!line.includes("/api/v1/user/notes") && !line.includes("request completed")) continue;
    let entry: { reqId?: string; msg?: string; req?: { method?: string; url?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!entry.reqId) continue;
    if (entry.msg === "incoming request" && entry.req?.method === "POST" && entry.req.url?.startsWith("/api/v1/user/notes"))
      open.add(entry.reqId);
    else if (entry.msg === "request completed") open.delete(entry.reqId);
  }
  return open.size;
}
