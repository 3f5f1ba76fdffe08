import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app.ts";
import { createTestDatabase, testConfig } from "../../test/test-app.ts";
import type { DatabaseHandle } from "@serene/db";

let app: FastifyInstance;
let database: DatabaseHandle;
const logged: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const { default: pino } = await import("pino");
  const logger = pino({ level: "error" }, { write: (line: string) => logged.push(line) });
  app = await buildApp({ config: testConfig(), database, logger });
  app.get("/api/v1/test-crash", async () => {
    throw new Error("connection string postgres://admin:secret@db leaked");
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("server errors", () => {
  it("answer 500 with a plain message and no internals, and log the cause", async () => {
    const res = await app.inject({ url: "/api/v1/test-crash", headers: { authorization: "Bearer very-secret-token" } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Server Error" });
    expect(res.body).not.toContain("secret");
    expect(res.body).not.toContain("at ");
    const line = logged.join("\n");
    expect(line).toContain("request failed");
    expect(line).not.toContain("very-secret-token");
  });
});
