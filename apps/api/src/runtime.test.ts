import { describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@serene/db";
import { DatabaseUnreachableError, waitForDatabase } from "./runtime.ts";
import { freePort } from "./test/ports-and-polls.ts";
import { spawnApi } from "./test/server-process.ts";

// Start-up does not depend on the test database: it runs once, in the PGlite project.
const elsewhere = process.env.TEST_DB_DRIVER === "postgres" ? " (runs in the api-pglite project)" : "";

/** A database handle whose first `failures` answers are the given error. */
function flakyDatabase(failures: number, error: Error): DatabaseHandle & { calls: number } {
  const handle = {
    calls: 0,
    driver: "postgres" as const,
    db: null as never,
    executeSql: async () => {
      handle.calls += 1;
      if (handle.calls <= failures) throw error;
      return { rows: [{ "?column?": 1 }] };
    },
    listen: async () => async () => {},
    inOneTransaction: <T>(work: () => Promise<T>) => work(),
    inTransaction: () => false,
    afterCommit: (then: () => void) => then(),
    close: async () => {},
  };
  return handle;
}

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe.skipIf(elsewhere)(`start-up with a database that does not answer${elsewhere}`, () => {
  it("tries again with growing pauses, one line per attempt, and gives up after its bound with one line", async () => {
    const port = await freePort(); // nobody listens there
    const database = await createDatabase({ driver: "postgres", url: `postgres://serene@127.0.0.1:${port}/serene`, poolMax: 1 });
    const lines: string[] = [];
    try {
      const failure = await waitForDatabase(
        database,
        { warn: (line: string) => lines.push(line) },
        { timeoutMs: 2000, firstDelayMs: 100, maxDelayMs: 400 },
      ).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DatabaseUnreachableError);
      const message = (failure as Error).message;
      expect(message).toMatch(
        /^the database did not answer after \d+ attempts in [\d.]+ s \(connect ECONNREFUSED 127\.0\.0\.1:\d+\); giving up/,
      );
      expect(message).not.toContain("\n");
    } finally {
      await database.close();
    }
    expect(lines.length).toBeGreaterThanOrEqual(3);
    lines.forEach((line, index) => {
      expect(line).toMatch(
        new RegExp(`^the database does not answer yet \\(connect ECONNREFUSED [^)]+\\); attempt ${index + 1}, trying again in [\\d.]+ s$`),
      );
    });
    const pauses = lines.map((line) => Number(/in ([\d.]+) s$/.exec(line)![1]));
    expect(pauses.slice(0, 3)).toEqual([0.1, 0.2, 0.4]); // doubling from the first pause, up to the longest
  });

  it("goes on as soon as a database that was starting answers", async () => {
    const database = flakyDatabase(2, refused());
    const lines: string[] = [];
    await waitForDatabase(database, { warn: (line: string) => lines.push(line) }, { timeoutMs: 60_000, firstDelayMs: 10 });
    expect(database.calls).toBe(3);
    expect(lines).toHaveLength(2);
  });

  it("does not wait on an error that waiting cannot mend (a wrong password)", async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "serene"'), { code: "28P01" });
    const database = flakyDatabase(5, wrongPassword);
    const lines: string[] = [];
    await expect(waitForDatabase(database, { warn: (line: string) => lines.push(line) }, { timeoutMs: 60_000 })).rejects.toBe(
      wrongPassword,
    );
    expect(database.calls).toBe(1);
    expect(lines).toEqual([]);
  });

  it.each(["server.ts", "worker.ts"] as const)("%s ends with exit code 1 and one line per attempt, no stack trace", async (entry) => {
    const port = await freePort();
    const server = await spawnApi(entry, { DATABASE_URL: `postgres://serene@127.0.0.1:${port}/serene`, DATABASE_START_TIMEOUT_MS: "2000" });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).not.toMatch(/^\s+at /m);
    const entries = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    const attempts = entries.filter((entry) => entry.msg.startsWith("the database does not answer yet"));
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.every((entry) => entry.level === 40 && entry.err === undefined)).toBe(true);
    const last = entries.at(-1)!;
    expect(last).toMatchObject({ level: 60, msg: expect.stringMatching(/^the database did not answer after \d+ attempts .*giving up/) });
    expect(last.err).toBeUndefined();
  });
});
