import { loadQuotes } from "@serene/content";
import { QUOTES_MIN, QuoteDefinitions } from "@serene/contracts";
import { DAY_MS } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createQuotesService } from "./quotes.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const shipped = QuoteDefinitions.parse(loadQuotes());
const quote = (url: string) => t.app.inject({ url: `/api/v1/quote${url}` });

describe("the shipped quotes", () => {
  it("are at least sixty, each once, attributed, with the work they come from", () => {
    expect(shipped.length).toBeGreaterThanOrEqual(QUOTES_MIN);
    expect(new Set(shipped.map((q) => q.quote)).size).toBe(shipped.length);
    for (const q of shipped) {
      expect(q.author.trim().length).toBeGreaterThan(0);
      expect(q.source?.trim().length, q.quote).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/v1/quote", () => {
  it("answers the quote of the day to anyone, the same on each call, cached briefly", async () => {
    const first = await quote("?t=1");
    expect(first.statusCode, first.body).toBe(200);
    expect(shipped).toContainEqual(first.json().data);
    expect(Object.keys(first.json().data).sort()).toEqual(["author", "quote", "source"]);
    expect((await quote("")).json()).toEqual(first.json());
    expect((await quote("?rand=false")).json()).toEqual(first.json());
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(String(first.headers["cache-control"]))![1])).toBeLessThanOrEqual(300);
  });

  it("answers a quote at random with rand=true", async () => {
    const seen = new Set<string>();
    for (let n = 0; n < 25; n++) {
      const res = await quote(`?rand=true&t=${n}`);
      expect(res.statusCode).toBe(200);
      expect(shipped).toContainEqual(res.json().data);
      seen.add(res.json().data.quote);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it.each(["?rand=yes", "?rand=1", "?rand=true&rand=false", `?t=${"9".repeat(40)}`])("answers %s with 422", async (query) => {
    const res = await quote(query);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: expect.any(String), errors: expect.any(Object) });
  });
});

describe("the quotes service", () => {
  const at = (iso: string) => () => new Date(iso);

  it("keeps the quote of the day for the whole UTC day and moves on the next", () => {
    const morning = createQuotesService(shipped, { now: at("2026-03-29T00:00:00Z") }).ofTheDay();
    expect(createQuotesService(shipped, { now: at("2026-03-29T23:59:59Z") }).ofTheDay()).toEqual(morning);
    expect(createQuotesService(shipped, { now: at("2026-03-30T00:00:00Z") }).ofTheDay()).not.toEqual(morning);
    expect(createQuotesService(shipped, { now: at("2026-03-29T23:59:00Z") }).secondsToNextDay()).toBe(60);
  });

  it("goes through every quote, one a day", () => {
    const start = Date.parse("2026-01-01T12:00:00Z");
    const days = Array.from(
      { length: shipped.length },
      (_, n) => createQuotesService(shipped, { now: () => new Date(start + n * DAY_MS) }).ofTheDay().data.quote,
    );
    expect(new Set(days).size).toBe(shipped.length);
  });

  it("picks any quote at random, the last one included", () => {
    expect(createQuotesService(shipped, { random: () => 0 }).random().data).toEqual(shipped[0]);
    expect(createQuotesService(shipped, { random: () => 0.999_999 }).random().data).toEqual(shipped.at(-1));
  });

  it.each([
    ["too few quotes", shipped.slice(0, QUOTES_MIN - 1)],
    ["a quote twice", [...shipped, { ...shipped[0]! }]],
    ["a quote without an author", [...shipped.slice(1), { quote: "Breathe.", author: "" }]],
    ["an unknown field", [...shipped.slice(1), { quote: "Breathe.", author: "Someone", year: 1900 }]],
    ["not a list", { quotes: shipped }],
  ])("stops start-up with %s", (_case, file) => {
    expect(() => createQuotesService(file)).toThrow();
  });
});
