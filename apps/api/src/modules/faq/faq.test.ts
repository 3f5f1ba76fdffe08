import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFaq } from "@serene/content";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_NAME: "Tranquil", SUPPORT_EMAIL: "help@tranquil.test" });
});
afterAll(async () => t.close());

const shipped = loadFaq();

describe("GET /api/v1/faq", () => {
  it("lists questions in order with Laravel paging facts", async () => {
    const res = await t.app.inject({ url: "/api/v1/faq?t=123" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, per_page: 20, total: shipped.length, last_page: Math.ceil(shipped.length / 20) });
    expect(body.data).toHaveLength(Math.min(20, shipped.length));
    expect(Object.keys(body.data[0]).sort()).toEqual(["answer", "id", "name"]);
  });

  it("fills in the product name and the support address", async () => {
    const body = (await t.app.inject({ url: "/api/v1/faq?per_page=100" })).json();
    const text = JSON.stringify(body.data);
    expect(text).toContain("Tranquil");
    expect(text).not.toContain("{product}");
    expect(text).not.toContain("{email}");
    expect(body.data[0].name).toBe(shipped[0]!.name.replaceAll("{product}", "Tranquil"));
  });

  it("pages", async () => {
    const first = (await t.app.inject({ url: "/api/v1/faq?per_page=5&page=1" })).json();
    const second = (await t.app.inject({ url: "/api/v1/faq?per_page=5&page=2" })).json();
    expect(first.data).toHaveLength(5);
    expect(second.meta).toMatchObject({ current_page: 2, per_page: 5, last_page: Math.ceil(shipped.length / 5) });
    expect(second.data[0].id).not.toBe(first.data[0].id);
    const beyond = (await t.app.inject({ url: "/api/v1/faq?page=99" })).json();
    expect(beyond.data).toEqual([]);
  });

  it("rejects bad paging values with 422 per field", async () => {
    const res = await t.app.inject({ url: "/api/v1/faq?page=0&per_page=abc" });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(["page", "per_page"]);
    expect(body.message).toMatch(/\(and 1 more error\)$/);
    expect((await t.app.inject({ url: "/api/v1/faq?per_page=1000" })).statusCode).toBe(422);
  });
});
