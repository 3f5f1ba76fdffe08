import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, PASSWORD, randomIp, registerMember, uniqueEmail, type Member } from "../test/accounts.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * Answers that belong to one person stay out of every cache: each answer to a signed-in request,
 * and the answers that hand out a session or name a person, carry Cache-Control: no-store.
 * Public catalogue answers keep their own caching.
 */
let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
  member = await registerMember(t.app, t.database);
});
afterAll(async () => t.close());

interface Operation {
  security?: unknown[];
}

/** Every member-only GET operation of the API document, its path parameters filled in. */
function memberReads(): string[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths)
    .filter(([path, operations]) => path.startsWith("/api/v1/") && operations.get?.security?.length)
    .map(([path]) => path.replace(/\{[^}]+\}/g, "1"));
}

describe("Cache-Control: no-store", () => {
  it("is on every member-only read, whatever it answers", async () => {
    const reads = memberReads();
    expect(reads.length).toBeGreaterThan(15);
    expect(reads).toContain("/api/v1/user");
    for (const url of reads) {
      const res = await t.app.inject({ url, headers: bearer(member.token) });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers["cache-control"], `${url} (${res.statusCode})`).toBe("no-store");
    }
  });

  it("is on member-only writes and their refusals", async () => {
    const calls = [
      { method: "POST" as const, url: "/api/v1/user/token/refresh" },
      { method: "PUT" as const, url: "/api/v1/user", payload: { name: "" } },
      { method: "POST" as const, url: "/api/v1/user/favorite", payload: { content_id: "not a number" } },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(member.token) });
      expect(res.headers["cache-control"], `${call.method} ${call.url} (${res.statusCode})`).toBe("no-store");
    }
  });

  it("is on the answers that hand out a session or name a person, refusals included", async () => {
    const email = uniqueEmail("no-store");
    const calls = [
      { method: "POST" as const, url: "/api/v1/user/token", payload: { login: member.email, password: PASSWORD, device_name: "web" } },
      { method: "POST" as const, url: "/api/v1/user/token", payload: { login: member.email, password: "wrong-password-1" } },
      { method: "POST" as const, url: "/api/v1/user", payload: { name: "Nora", email, password: PASSWORD } },
      { method: "POST" as const, url: "/api/v1/user/auth/googleWeb", payload: { id_token: "not-a-token" } },
      { method: "POST" as const, url: `/api/v1/authorization-by-tmp-token/${encodeURIComponent(email)}`, payload: { tmp_token: "nope" } },
      { method: "POST" as const, url: "/api/v1/user/recovery-password", payload: { email, token: "nope", password: PASSWORD } },
      { method: "GET" as const, url: "/api/v1/lead/statistic/demo-lead" },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, remoteAddress: randomIp() });
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500);
      expect(res.headers["cache-control"], `${call.method} ${call.url} (${res.statusCode})`).toBe("no-store");
    }
  });

  it("is not put on public answers, nor on a member-only call refused for want of a token", async () => {
    for (const url of ["/api/v1/faq", "/api/v1/package/web", "/api/v1/ping", "/api/v1/user"]) {
      const res = await t.app.inject({ url });
      expect(res.headers["cache-control"], url).toBeUndefined();
    }
  });

  it("keeps the public caching of covers, for a request with a token too", async () => {
    const res = await t.app.inject({ url: "/media/covers/morning-light.svg", headers: bearer(member.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
  });
});
