import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import type { FastifyInstance } from "fastify";
import { createDatabase, type DatabaseHandle } from "@serene/db";
import { buildApp } from "../app.ts";
import { freePort } from "../test/ports-and-polls.ts";
import { createTestApp, createTestDatabase, testConfig } from "../test/test-app.ts";

const UNAVAILABLE = { message: "Service temporarily unavailable. Please try again in a moment." };

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select "id" from "users" where "email" = $1', ["robin@example.test"], cause);

/** What the drivers throw when the database cannot answer: each is a 503 with Retry-After. */
const unavailable: [string, () => Error][] = [
  ["a refused connection", () => withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
  ["a connection reset", () => withCode("read ECONNRESET", "ECONNRESET")],
  ["a host that cannot be reached", () => withCode("connect EHOSTUNREACH 10.0.0.9:5432", "EHOSTUNREACH")],
  ["a terminated connection", () => new Error("Connection terminated unexpectedly")],
  [
    "a connection that took too long",
    () => new Error("Connection terminated due to connection timeout", { cause: new Error("timeout expired") }),
  ],
  ["no free connection in time", () => new Error("timeout exceeded when trying to connect")],
  ["a server that stopped answering", () => new Error("Query read timeout")],
  ["a broken client", () => new Error("Client has encountered a connection error and is not queryable")],
  ["a pool that is shutting down", () => new Error("Cannot use a pool after calling end on the pool")],
  ["a closed PGlite", () => new Error("PGlite is closed")],
  ["pg_terminate_backend (57P01)", () => withCode("terminating connection due to administrator command", "57P01")],
  ["a crash of another backend (57P02)", () => withCode("terminating connection because of crash of another server process", "57P02")],
  ["a database starting up (57P03)", () => withCode("the database system is starting up", "57P03")],
  ["statement_timeout (57014)", () => withCode("canceling statement due to statement timeout", "57014")],
  ["idle_in_transaction_session_timeout (25P03)", () => withCode("terminating connection due to idle-in-transaction timeout", "25P03")],
  ["too many connections (53300)", () => withCode("sorry, too many clients already", "53300")],
  ["a connection failure (08006)", () => withCode("connection failure", "08006")],
  ["no connection (08003)", () => withCode("connection does not exist", "08003")],
  ["a refused connection inside a DrizzleQueryError", () => wrapped(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))],
  ["57P01 inside a DrizzleQueryError", () => wrapped(withCode("terminating connection due to administrator command", "57P01"))],
  ["a timeout inside a DrizzleQueryError", () => wrapped(new Error("Query read timeout"))],
  [
    "both addresses of a host refused (AggregateError)",
    () => {
      const error = new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "");
      return Object.assign(error, { code: "ECONNREFUSED" });
    },
  ],
];

/** Errors that are not the database being away: they stay a 500 (a bug to fix, not to wait out). */
const stillBugs: [string, () => Error][] = [
  ["a plain error", () => new Error("undefined is not a function")],
  [
    "a unique violation (23505) nobody handled",
    () => wrapped(withCode('duplicate key value violates unique constraint "users_email_key"', "23505")),
  ],
  ["a missing table (42P01)", () => withCode('relation "nothing" does not exist', "42P01")],
  [
    "a failed HTTP call to another service",
    () => new TypeError("fetch failed", { cause: withCode("connect ECONNREFUSED 10.0.0.1:443", "ECONNREFUSED") }),
  ],
];

let app: FastifyInstance;
let database: DatabaseHandle;
const logged: string[] = [];
const thrown: Record<string, () => Error> = Object.fromEntries([...unavailable, ...stillBugs].map(([, make], index) => [index, make]));

beforeAll(async () => {
  database = await createTestDatabase();
  const { default: pino } = await import("pino");
  const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(line) });
  app = await buildApp({ config: testConfig(), database, logger });
  app.get<{ Params: { index: string } }>("/api/v1/test-fault/:index", async (request) => {
    throw thrown[request.params.index]!();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("a database that cannot answer", () => {
  it.each(unavailable.map(([name], index) => [name, index] as const))("%s answers 503 with Retry-After", async (_name, index) => {
    const res = await app.inject({ url: `/api/v1/test-fault/${index}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual(UNAVAILABLE);
  });

  it.each(stillBugs.map(([name], index) => [name, unavailable.length + index] as const))("%s stays a 500", async (_name, index) => {
    const res = await app.inject({ url: `/api/v1/test-fault/${index}` });
    expect(res.statusCode).toBe(500);
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(res.json()).toEqual({ message: "Server Error" });
  });

  it("is logged as one warning line with the driver's reason and no query or parameter", async () => {
    const index = unavailable.findIndex(([name]) => name === "57P01 inside a DrizzleQueryError");
    logged.length = 0;
    await app.inject({ url: `/api/v1/test-fault/${index}` });
    const lines = logged.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    const warning = lines.find((line) => line.msg.startsWith("answered 503"));
    expect(warning).toMatchObject({
      level: 40,
      msg: "answered 503: the database did not answer (57P01 terminating connection due to administrator command)",
    });
    expect(warning!.err).toBeUndefined();
    expect(logged.join("\n")).not.toContain("robin@example.test");
    expect(logged.join("\n")).not.toContain("select");
  });
});

describe("routes on a database that is gone", () => {
  it("answer 503 with Retry-After, anonymous and member routes alike, and readiness says so", async () => {
    const gone = await createTestApp();
    await gone.database.close();
    try {
      const login = await gone.app.inject({
        method: "POST",
        url: "/api/v1/user/token",
        payload: { login: "robin@example.test", password: "calm-river-stone-42", device_name: "web" },
      });
      const member = await gone.app.inject({
        url: "/api/v1/user",
        headers: { authorization: "Bearer abcdefghijklmnopqrstuvwxyz0123456789" },
      });
      for (const res of [login, member]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers["retry-after"]).toBe("5");
        expect(res.json()).toEqual(UNAVAILABLE);
      }
      const ready = await gone.app.inject({ url: "/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: "failing" } });
    } finally {
      await gone.app.close();
    }
  });

  it("a PostgreSQL that refuses connections answers 503 with Retry-After at once", async () => {
    const port = await freePort(); // nobody listens there
    const refused = await createDatabase({ driver: "postgres", url: `postgres://serene@127.0.0.1:${port}/serene`, poolMax: 2 });
    const app = await buildApp({ config: testConfig(), database: refused, logger: false });
    try {
      await app.ready();
      const res = await app.inject({
        method: "POST",
        url: "/api/v1/user/token",
        payload: { login: "robin@example.test", password: "calm-river-stone-42", device_name: "web" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await app.close();
      await refused.close();
    }
  });
});
