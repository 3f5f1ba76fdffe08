import { Agent, request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "./test/test-app.ts";
import { spawnApi, untilReady, type ServerProcess } from "./test/server-process.ts";

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "serene-node-"));
  dirs.push(dir);
  return dir;
}

/** One request on `agent` (a kept-alive connection), its body read whole. */
function send(agent: Agent, url: string, method: string, body?: string) {
  const req = request(url, {
    agent,
    method,
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(body ? { "content-length": Buffer.byteLength(body) } : {}),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
  });
  return { req, answer };
}

/**
 * A POST whose body arrives in two parts, on a connection the server has already served (so it is
 * surely accepted): the request is in flight, its first half on the wire, until `finish()`.
 */
async function slowPost(url: string, body: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const first = send(agent, `${url}/api/v1/ping`, "GET");
  first.req.end();
  await first.answer;
  const { req, answer } = send(agent, `${url}/api/v1/user/token`, "POST", body);
  const cut = Math.floor(body.length / 2);
  await new Promise<void>((resolve) => req.write(body.slice(0, cut), () => resolve()));
  return { answer, finish: () => req.end(body.slice(cut)) };
}

describe("one process, in its role", () => {
  // One process on the embedded database: run once, in the PGlite project.
  it.runIf(process.env.TEST_DB_DRIVER !== "postgres")(
    "answers with a request id that its JSON log line carries, and on SIGTERM refuses new connections, finishes the request in flight and exits",
    async () => {
      const server = await spawnApi("server.ts", { DATA_DIR: freshDataDir(), SEED_DEMO_DATA: "false", SHUTDOWN_TIMEOUT_MS: "5000" });
      servers.push(server);
      await untilReady(server);

      const traced = await fetch(`${server.url}/api/v1/ping`, { headers: { "x-request-id": "trace-4711" } });
      expect(traced.headers.get("x-request-id")).toBe("trace-4711");
      const fresh = await fetch(`${server.url}/api/v1/ping`);
      expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const logged = () =>
        server
          .output()
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
          .some((line) => line.reqId === "trace-4711" && line.msg === "request completed");
      await expect.poll(logged).toBe(true);

      const inFlight = await slowPost(server.url, JSON.stringify({ email: "nobody@serene.test", password: "not the password" }));
      server.child.kill("SIGTERM");
      await expect
        .poll(() =>
          fetch(`${server.url}/api/v1/ping`).then(
            () => "answered",
            () => "refused",
          ),
        )
        .toBe("refused");
      inFlight.finish();
      const answered = await inFlight.answer;
      expect(answered.status).toBe(422);
      expect(JSON.parse(answered.body)).toHaveProperty("message");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped cleanly"');
    },
  );

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "as a job worker answers only the health probes, and reports its database and queue",
    async () => {
      const database = await createTestDatabase();
      try {
        const worker = await spawnApi("worker.ts", { DATABASE_URL: database.connectionString!, SEED_DEMO_DATA: "false" });
        servers.push(worker);
        await untilReady(worker);
        const ready = await fetch(`${worker.url}/health/ready`);
        expect(await ready.json()).toEqual({ status: "ok", checks: { database: "ok", jobs: "ok" } });
        expect((await fetch(`${worker.url}/api/v1/ping`)).status).toBe(404);
        expect(worker.output()).toContain("job worker ready");
        expect(await worker.stop("SIGTERM")).toBe(0);
      } finally {
        await database.close();
      }
    },
  );
});
