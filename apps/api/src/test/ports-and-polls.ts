import { createServer } from "node:net";

/**
 * Ports to listen on and conditions to wait for: the one copy the API tests, the journeys (e2e/server.ts
 * re-exports it) and the benchmarks use. Node only, no test runner: scripts import it too.
 */

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PollOptions {
  /** How long to keep asking before giving up (default 30 s). */
  timeoutMs?: number;
  /** The pause between two asks (default 200 ms). */
  intervalMs?: number;
  /** What is awaited, for the error when it never comes. */
  what?: string;
}

/**
 * Asks `check` until it answers a value that is neither undefined, null nor false, and resolves with that
 * value; rejects after the timeout, naming what was awaited and the last answer. An error `check` throws
 * ends the wait at once (a server that exited will not become ready).
 */
export async function pollUntil<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 30_000, intervalMs = 200, what = "the condition" }: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined && answer !== null && answer !== false) return answer;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last answer: ${String(answer)})`);
    // The pause between two asks of a condition, not a wait for the condition itself. fixed-wait-ok
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
