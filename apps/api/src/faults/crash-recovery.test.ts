import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "@serene/db";
import { PASSWORD, uniqueEmail } from "../test/accounts.ts";
import { depth } from "../test/depth.ts";
import { spawnApi, untilReady, type ServerProcess } from "../test/server-process.ts";

// The embedded database in a server that is killed outright: PGlite only (the server is a process of its own).
const skipReason = process.env.TEST_DB_DRIVER === "postgres" ? "runs in the api-pglite project" : null;

const WRITERS = 8;
/** Acknowledged writes before each kill. */
const WRITES_PER_ROUND = depth(60, 150);
const KILLS = depth(1, 2);

const dataDir = mkdtempSync(path.join(tmpdir(), "serene-kill-"));
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer() {
  // PGlite in DATA_DIR even where the environment names a PostgreSQL (an empty value is unset).
  // Bursts of hundreds of reports from one member: beyond the listening rate limit, which is not what this looks at.
  server = await spawnApi("server.ts", { DATA_DIR: dataDir, DATABASE_URL: "", RATE_LIMIT_FACTOR: "100000" });
  await untilReady(server);
  return server;
}

const json = { "content-type": "application/json", accept: "application/json" };
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
/** Sessions start a minute apart from a month ago, so no two reports are alike and none lies in the future. */
const firstStart = Date.now() - 30 * 86_400_000;

/**
 * Reports listening sessions from several writers at once, keeping the id of every report the
 * server acknowledged (201 with its id), and kills the server with SIGKILL as soon as `killAt`
 * reports are acknowledged in all. A writer stops at its first request that gets no answer.
 */
async function burstThenKill(running: ServerProcess, token: string, acknowledged: Set<string>, killAt: number, sent: { count: number }) {
  let killed = false;
  const writer = async () => {
    for (;;) {
      const start = firstStart + sent.count++ * 60_000;
      let id: string;
      try {
        const res = await fetch(`${running.url}/api/v1/user/sessions`, {
          method: "POST",
          headers: { ...json, authorization: `Bearer ${token}` },
          body: JSON.stringify({ start_session: iso(start), end_session: iso(start + 30_000) }),
        });
        if (res.status !== 201) throw new Error(`a session report was answered ${res.status}: ${await res.text()}`);
        id = ((await res.json()) as { data: { id: string } }).data.id;
      } catch (error) {
        if (killed) return; // the server is gone: this report was never acknowledged
        throw error;
      }
      acknowledged.add(id);
      if (!killed && acknowledged.size >= killAt) {
        killed = true;
        running.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  expect(await running.exited).toBeNull(); // ended by the signal, not by itself
}

async function totalSessions(running: ServerProcess, token: string): Promise<number> {
  const res = await fetch(`${running.url}/api/v1/user/sessions`, { headers: { ...json, authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { total_sessions: number } }).data.total_sessions;
}

describe.skipIf(skipReason)(`kill -9 during a burst of writes${skipReason ? ` (${skipReason})` : ""}`, () => {
  it(
    `loses no acknowledged write over ${KILLS} kills, and the server starts again on the same data each time`,
    { timeout: 420_000 },
    async () => {
      let running = await startServer();
      const email = uniqueEmail("kill");
      const registered = await fetch(`${running.url}/api/v1/user`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "Robin", email, password: PASSWORD, phone: "", platform: "web" }),
      });
      expect(registered.status).toBe(200);
      const { token } = (await registered.json()) as { token: string };
      // The account opened before the month of sessions it reports, so each is believed (decision 054).
      expect(await running.stop("SIGINT")).toBe(0);
      const opened = await createDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
      try {
        await opened.executeSql("update users set created_at = $1 where email = $2", [
          new Date(firstStart - 86_400_000).toISOString(),
          email,
        ]);
      } finally {
        await opened.close();
      }
      running = await startServer();

      const acknowledged = new Set<string>();
      const sent = { count: 0 };
      for (let kill = 1; kill <= KILLS; kill++) {
        await burstThenKill(running, token, acknowledged, kill * WRITES_PER_ROUND, sent);
        running = await startServer();
        // The member's token (an acknowledged write too) still works, and every acknowledged report counts.
        const total = await totalSessions(running, token);
        expect(total).toBeGreaterThanOrEqual(acknowledged.size);
        expect(total).toBeLessThanOrEqual(sent.count);
      }

      // The server answers writes again after the last restart.
      const start = firstStart + sent.count++ * 60_000;
      const res = await fetch(`${running.url}/api/v1/user/sessions`, {
        method: "POST",
        headers: { ...json, authorization: `Bearer ${token}` },
        body: JSON.stringify({ start_session: iso(start), end_session: iso(start + 30_000) }),
      });
      expect(res.status).toBe(201);
      acknowledged.add(((await res.json()) as { data: { id: string } }).data.id);
      expect(await running.stop("SIGINT")).toBe(0);
      server = null;

      // Each acknowledged report by its id, read from the data directory the server left behind.
      const database = await createDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
      try {
        const { rows } = await database.executeSql("select id from listening_sessions");
        const stored = new Set((rows as { id: string }[]).map((row) => row.id));
        const lost = [...acknowledged].filter((id) => !stored.has(id));
        expect(lost).toEqual([]);
        expect(acknowledged.size).toBeGreaterThanOrEqual(KILLS * WRITES_PER_ROUND + 1);
      } finally {
        await database.close();
      }
    },
  );
});
