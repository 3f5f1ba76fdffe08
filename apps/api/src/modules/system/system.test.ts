import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, THEME_BOOT_SCRIPT_HASH } from "../../plugins/security.ts";
import { createTestApp, testConfig, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("system endpoints", () => {
  it("answers ping", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/ping?t=1700000000000" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "pong" });
    expect(res.json().time).toMatch(/Z$/);
  });

  it("reports liveness and readiness with the database check", async () => {
    expect((await t.app.inject({ url: "/health/live" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", checks: { database: "ok" } });
  });

  it("reports not ready when the database is gone", async () => {
    const other = await createTestApp();
    await other.database.close();
    const ready = await other.app.inject({ url: "/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: "unavailable", checks: { database: "failing" } });
    await other.app.close();
  });

  it("answers an unknown API address with a 404 in the error envelope", async () => {
    const res = await t.app.inject({ url: "/api/v1/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found." });
    expect((await t.app.inject({ method: "POST", url: "/api/v1/ping" })).statusCode).toBe(404);
  });

  it("sends strict security headers and a request id", async () => {
    const res = await t.app.inject({ url: "/api/v1/ping", headers: { "x-request-id": "abc-123" } });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-request-id"]).toBe("abc-123");
  });

  it("sends the same security headers on errors and unknown addresses", async () => {
    const answers = [
      await t.app.inject({ url: "/api/v1/no-such-thing" }),
      await t.app.inject({
        method: "POST",
        url: "/api/v1/user/token",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/v1/user/token",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ login: "x".repeat(2_000_000) }),
      }),
    ];
    for (const res of answers) {
      expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
      expect(res.headers["x-powered-by"]).toBeUndefined();
    }
    expect(answers.map((res) => res.statusCode)).toEqual([404, 400, 413]);
  });

  it("lets the player stream from a media origin of its own, and only then", async () => {
    const own = String((await t.app.inject({ url: "/api/v1/ping" })).headers["content-security-policy"]);
    expect(own).toContain("media-src 'self' blob:;");
    const cdn = contentSecurityPolicy(testConfig({ MEDIA_BASE_URL: "https://media.calm.test/media" }));
    expect(cdn["media-src"]).toEqual(["'self'", "blob:", "https://media.calm.test"]);
    expect(cdn["connect-src"]).toContain("https://media.calm.test");
    expect(cdn["img-src"]).toContain("https://media.calm.test");
  });

  it("allows Stripe Elements only when live Stripe keys are configured", () => {
    const sandbox = contentSecurityPolicy(testConfig());
    expect(sandbox["script-src"]).toEqual(["'self'", THEME_BOOT_SCRIPT_HASH]);
    expect(sandbox["frame-src"]).toEqual(["'self'"]);
    const live = contentSecurityPolicy(
      testConfig({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }),
    );
    expect(live["script-src"]).toEqual(["'self'", THEME_BOOT_SCRIPT_HASH, "https://js.stripe.com"]);
    expect(live["frame-src"]).toContain("https://hooks.stripe.com");
    expect(live["connect-src"]).toContain("https://api.stripe.com");
  });

  it("replaces an unsafe request id with its own", async () => {
    const res = await t.app.inject({ url: "/api/v1/ping", headers: { "x-request-id": "bad id\nwith newline" } });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves OpenAPI generated from the contracts", async () => {
    const spec = await t.app.inject({ url: "/api/docs/json" });
    expect(spec.statusCode).toBe(200);
    const paths = spec.json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(["/api/v1/ping", "/api/v1/faq", "/api/v1/events"]));
    const ui = await t.app.inject({ url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });
});
