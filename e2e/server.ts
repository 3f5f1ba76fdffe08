import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort, pollUntil } from "../apps/api/src/test/ports-and-polls";

/** One free port and one poll for the journeys and the benchmarks, the API tests' own. */
export { freePort, pollUntil };

export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the product the way `npm start` does (the built web app served by the API), on a free port
 * with its own data directory, and waits until it is ready.
 */
export async function startServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "serene-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["apps/api/src/server.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Links in e-mails point where the browser already is, so stored sessions carry over.
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  // A bounded poll on readiness: the first start migrates and loads the content, slow on a busy two-core machine.
  try {
    await pollUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
        return fetch(`${url}/health/ready`).then(
          (res) => res.ok,
          () => false, // not listening yet
        );
      },
      { timeoutMs: 180_000, intervalMs: 250, what: "the server to become ready" },
    );
  } catch (error) {
    if (child.exitCode !== null) throw error;
    child.kill("SIGKILL");
    throw new Error(`the server did not become ready:\n${log}`, { cause: error });
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    stop: async (signal = "SIGINT") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A PostgreSQL database of its own for one journey's servers, made on the server `adminUrl` names
 * (TEST_DATABASE_URL): its address, a client connected to it for reading what the servers wrote, and
 * `drop()` to remove it afterwards.
 */
export async function scratchDatabase(adminUrl: string, prefix: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    client,
    async drop() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
