import { connect } from "node:net";

/**
 * The Redis the tests use: REDIS_URL (or TEST_REDIS_URL) when set, which must then be reachable,
 * otherwise a local Redis on 127.0.0.1:6379 when one answers. `skipReason` says why Redis tests are skipped.
 */
export async function redisForTests(): Promise<{ url: string; skipReason: string | null }> {
  const given = process.env.REDIS_URL || process.env.TEST_REDIS_URL;
  if (given) return { url: given, skipReason: null };
  const url = "redis://127.0.0.1:6379";
  return { url, skipReason: (await listening("127.0.0.1", 6379)) ? null : `skipped: no Redis at ${url} (set REDIS_URL to run them)` };
}

/** Whether something accepts TCP connections at host:port within a second. */
function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}
