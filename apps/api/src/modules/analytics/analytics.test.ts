import { analyticsEvents } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { randomIp } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (payload: string, contentType = "application/json") =>
  t.app.inject({ method: "POST", url: "/api/v1/events?t=1", headers: { "content-type": contentType }, payload });

describe("POST /api/v1/events", () => {
  it("stores a page view", async () => {
    const res = await post(JSON.stringify({ name: "page_view", path: "/faq", session_id: "session-123", properties: { ref: "home" } }));
    expect(res.statusCode).toBe(202);
    const rows = await t.database.db.select().from(analyticsEvents);
    expect(rows).toContainEqual(
      expect.objectContaining({ name: "page_view", path: "/faq", sessionId: "session-123", properties: { ref: "home" } }),
    );
  });

  it("names each missing field in a 422", async () => {
    const res = await post(JSON.stringify({}));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "The name field is required. (and 1 more error)",
      errors: { name: ["The name field is required."], path: ["The path field is required."] },
    });
  });

  it("rejects wrong types and malformed names", async () => {
    const res = await post(JSON.stringify({ name: "Drop Table", path: 42 }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["name", "path"]);
    expect(res.json().errors.name[0]).toBe("The name may only contain lower-case letters, digits and underscores.");
  });

  it("refuses too many properties", async () => {
    const properties = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const res = await post(JSON.stringify({ name: "x", path: "/", properties }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.properties).toEqual(["At most 20 properties are allowed."]);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await post('{"name": "page_view",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers a body in another content type with 415", async () => {
    const res = await post("name=page_view", "text/plain");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/content type/i);
  });

  it("answers an oversized body with 413 and stores nothing", async () => {
    const before = (await t.database.db.select().from(analyticsEvents)).length;
    const res = await post(JSON.stringify({ name: "page_view", path: `/${"x".repeat(20_000)}` }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "The request body is too large." });
    expect((await t.database.db.select().from(analyticsEvents)).length).toBe(before);
  });
});

describe("POST /api/v1/events, rate limited", () => {
  const send = (remoteAddress: string, sessionId?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/events",
      remoteAddress,
      payload: { name: "page_view", path: "/limits", ...(sessionId ? { session_id: sessionId } : {}) },
    });
  const storedFrom = async (path: string) => (await t.database.db.select().from(analyticsEvents)).filter((row) => row.path === path).length;

  it(`takes ${RATE_LIMITS.events.ip.points} events a minute from one address, then answers 429 with Retry-After and stores nothing more`, async () => {
    const ip = randomIp();
    const before = await storedFrom("/limits");
    for (let sent = 0; sent < RATE_LIMITS.events.ip.points; sent++) expect((await send(ip)).statusCode).toBe(202);
    const held = await send(ip);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    const retryAfter = Number(held.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.events.ip.seconds);
    expect(await storedFrom("/limits")).toBe(before + RATE_LIMITS.events.ip.points);
    // Another address is not held back.
    expect((await send(randomIp())).statusCode).toBe(202);
  });

  it(`takes ${RATE_LIMITS.events.account.points} events a minute from one browser session, whatever its address`, async () => {
    const session = `session-${randomIp()}`;
    for (let sent = 0; sent < RATE_LIMITS.events.account.points; sent++) expect((await send(randomIp(), session)).statusCode).toBe(202);
    expect((await send(randomIp(), session)).statusCode).toBe(429);
    expect((await send(randomIp(), `${session}-other`)).statusCode).toBe(202);
  });
});
