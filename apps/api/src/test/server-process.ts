import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort, pollUntil } from "./ports-and-polls.ts";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal (SIGINT: a graceful stop) and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs an entry point of the API (`server.ts`, `worker.ts`) in a process of its own, as `npm start`
 * does, with the given environment on top of a quiet test one. The API answers on a free port.
 */
export async function spawnApi(entry: "server.ts" | "worker.ts", env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [`apps/api/src/${entry}`], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      WEB_DIST_DIR: "/nonexistent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => log,
    exited,
    stop: async (signal = "SIGINT") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until the server is ready (a bounded poll: the first start migrates, slow on a busy machine). */
export async function untilReady(server: ServerProcess, timeoutMs = 180_000): Promise<void> {
  try {
    await pollUntil(
      async () => {
        if (server.child.exitCode !== null) throw new Error(`the server exited early:\n${server.output()}`);
        return fetch(`${server.url}/health/ready`).then(
          (res) => res.ok,
          () => false, // not listening yet
        );
      },
      { timeoutMs, what: "the server to become ready" },
    );
  } catch (error) {
    if (server.child.exitCode !== null) throw error;
    server.child.kill("SIGKILL");
    throw new Error(`the server did not become ready:\n${server.output()}`, { cause: error });
  }
}
