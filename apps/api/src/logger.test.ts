import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { users, type DatabaseHandle } from "@serene/db";
import { buildApp } from "./app.ts";
import { loggerOptions, redactUrl, scrubErrorMessage } from "./logger.ts";
import { createTestDatabase, testConfig } from "./test/test-app.ts";

describe("redactUrl", () => {
  it("hides the values of secret query parameters", () => {
    expect(redactUrl("/api/v1/user/recovery-password?email=a%40b.c&token=abc123&t=1700")).toBe(
      "/api/v1/user/recovery-password?email=a%40b.c&token=%5Bredacted%5D&t=1700",
    );
    expect(redactUrl("/x?tmp_token=zzz")).not.toContain("zzz");
  });

  it("leaves other addresses alone", () => {
    expect(redactUrl("/api/v1/faq?page=2")).toBe("/api/v1/faq?page=2");
    expect(redactUrl("/api/v1/ping")).toBe("/api/v1/ping");
  });
});

describe("error messages", () => {
  it("lose the parameters Drizzle appends and the values PostgreSQL quotes, and keep the reason", () => {
    expect(scrubErrorMessage('Failed query: select 1 from "users" where "email" = $1\nparams: someone@example.test,Secret Name')).toBe(
      'Failed query: select 1 from "users" where "email" = $1\nparams: [redacted]',
    );
    expect(scrubErrorMessage('invalid input syntax for type uuid: "secret-value"')).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
    expect(scrubErrorMessage('value "99999999999" is out of range for type integer')).toBe(
      'value "[redacted]" is out of range for type integer',
    );
    expect(scrubErrorMessage('duplicate key value violates unique constraint "users_email_key"')).toBe(
      'duplicate key value violates unique constraint "users_email_key"',
    );
  });
});

describe("error logs never carry a query's values", () => {
  const SECRET_EMAIL = "hidden.person.7f3a@example.test";
  const SECRET_NAME = "Secret Name 9c21";
  const SECRET_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE0123456789abcdef";
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const logged: string[] = [];

  /** One insert that breaks the unique e-mail, carrying the secrets as its parameters. */
  const insertDuplicate = (db: DatabaseHandle["db"]) =>
    db.insert(users).values({ email: SECRET_EMAIL, name: SECRET_NAME, passwordHash: SECRET_HASH });

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertDuplicate(database.db);
    const logger = pino({ ...loggerOptions("error") }, { write: (line: string) => logged.push(line) });
    app = await buildApp({ config: testConfig(), database, logger });
    app.get("/api/v1/test-failing-query", async () => {
      await insertDuplicate(database.db);
      return { ok: true };
    });
    app.get("/api/v1/test-failing-raw-query", async () => {
      await database.executeSql("insert into users (email, name, password_hash) values ($1, $2, $3)", [
        SECRET_EMAIL,
        SECRET_NAME,
        SECRET_HASH,
      ]);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const expectNoSecret = (text: string) => {
    for (const secret of [SECRET_EMAIL, SECRET_NAME, SECRET_HASH, "SECRETHASHVALUE", "hidden.person"]) expect(text).not.toContain(secret);
  };

  it("a failed Drizzle query is logged with its SQL and reason, without its parameters", async () => {
    logged.length = 0;
    const res = await app.inject({ url: "/api/v1/test-failing-query" });
    expect(res.statusCode).toBe(500);
    const line = logged.join("\n");
    expect(line).toContain("request failed");
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain("params: [redacted]");
    expect(line).toMatch(/duplicate key value violates unique constraint/);
    expect(JSON.parse(logged[0]!).err).not.toHaveProperty("params");
    expectNoSecret(line);
  });

  it("a failed raw query is logged without the values PostgreSQL quotes in its detail", async () => {
    logged.length = 0;
    const res = await app.inject({ url: "/api/v1/test-failing-raw-query" });
    expect(res.statusCode).toBe(500);
    const line = logged.join("\n");
    expect(line).toMatch(/duplicate key value violates unique constraint/);
    expectNoSecret(line);
  });

  it("the process logger of the server and the worker scrubs the same way", async () => {
    const lines: string[] = [];
    const logger = pino(loggerOptions("info"), { write: (line: string) => lines.push(line) });
    const error = await insertDuplicate(database.db).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    // The unscrubbed error does carry the secrets: the test would see them leak.
    expect(JSON.stringify({ message: (error as Error).message, params: (error as { params?: unknown }).params })).toContain(SECRET_EMAIL);
    logger.error({ err: error }, "job failed");
    expect(lines).toHaveLength(1);
    expectNoSecret(lines[0]!);
    expect(JSON.parse(lines[0]!).err.cause.message).toMatch(/duplicate key value/);
  });
});
