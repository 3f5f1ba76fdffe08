import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/** The API docs page (/api/docs, Swagger UI) carries the same security headers as every other answer. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];

describe("the API docs", () => {
  it("are served with the product's own security headers and policy", async () => {
    const reference = await t.app.inject({ url: "/api/v1/ping" });
    for (const url of [
      "/api/docs",
      "/api/docs/",
      "/api/docs/static/index.html",
      "/api/docs/static/swagger-initializer.js",
      "/api/docs/json",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(400);
      for (const name of SECURITY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBe(reference.headers[name]);
    }
  });

  it("allow no inline script, no framing and nothing from other sites on the page itself", async () => {
    const page = await t.app.inject({ url: "/api/docs/" });
    expect(page.headers["content-type"]).toContain("text/html");
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("https:");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    // Every script the page loads is a file on this origin.
    expect(page.body).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
    // The validator badge would load an image from validator.swagger.io: it is off.
    const initializer = await t.app.inject({ url: "/api/docs/static/swagger-initializer.js" });
    expect(initializer.body).toMatch(/"validatorUrl":\s*null/);
  });
});
