import { SalesPage } from "@serene/contracts";
import { loadLandingPages, loadSalesPages } from "@serene/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerMember } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { SALES_PAGE_CACHE_CONTROL } from "./sales-pages.routes.ts";
import { createSalesPagesService } from "./sales-pages.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_NAME: "Stillwater", SUPPORT_EMAIL: "help@stillwater.test" });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const shipped = loadSalesPages() as SalesPage[];
const shippedPage = (slug: string) => shipped.find((page) => page.slug === slug)!;

/** The 26 sections of spec 000's promo checkout sales page, in its order, as the contract names them. */
const SECTIONS = [
  "as_seen_on",
  "warning",
  "hero",
  "participants",
  "start_label",
  "countdown",
  "panic_stats",
  "good_news",
  "triangle",
  "testimonial",
  "how_it_works",
  "weapon",
  "moods",
  "behind",
  "meditation_benefits",
  "six_benefits",
  "five_minutes",
  "short_testimonials",
  "method",
  "people_helped",
  "reviews",
  "refund",
  "what_you_get",
  "price",
  "faq",
  "footer",
];

describe("GET /api/v1/sales-page/{slug}", () => {
  it("answers the promo page with every section in the spec's order, the product's name and address filled in", async () => {
    const res = await get("/api/v1/sales-page/calm-in-five?t=1");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe(SALES_PAGE_CACHE_CONTROL);
    const page = res.json().data;
    expect(Object.keys(page)).toEqual(["slug", ...SECTIONS]);
    expect(SalesPage.parse(page)).toEqual(page);
    expect(page.slug).toBe("calm-in-five");
    expect(page.participants.count).toBe(1249);
    expect(page.method.items).toHaveLength(11);
    expect(page.price.value_cents).toBe(171495);
    expect(page.footer.copyright_year).toBe(2022);
    // The page fills in the name, the offer's price and the subject; the server fills in the brand.
    expect(page.hero.title).toContain("{name}");
    expect(page.refund.text).toContain("{amount}");
    expect(page.refund.text).toContain("{subject}");
    const texts = JSON.stringify(page);
    expect(texts).not.toContain("{product}");
    expect(texts).not.toContain("{email}");
    expect(page.faq[0].question).toBe("What is Stillwater?");
    expect(texts).toContain("help@stillwater.test");
  });

  it("answers the evenings page, and the same page to a signed-in member (nothing in it is personal)", async () => {
    const visitor = await get("/api/v1/sales-page/evenings-back");
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json().data.hero.video_vsl).toBe("evenings-that-wind-down");
    const member = await registerMember(t.app, t.database);
    const signedIn = await get("/api/v1/sales-page/evenings-back", bearer(member.token));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(visitor.json());
    expect(signedIn.headers["cache-control"]).toBe(SALES_PAGE_CACHE_CONTROL);
  });

  it("answers 404 'Page not found.' for a slug that is not a sales page", async () => {
    // A landing page's or a video page's slug is not a sales page's; nor is a different case.
    for (const slug of ["no-such-page", "five-minute-calm", "a-quieter-mind", "Calm-In-Five", "calm-in-five-", "1"]) {
      const res = await get(`/api/v1/sales-page/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json(), slug).toEqual({ message: "Page not found." });
      expect(res.headers["cache-control"], slug).not.toBe(SALES_PAGE_CACHE_CONTROL);
    }
  });
});

describe("GET /api/v1/lp/{lp}", () => {
  it("answers a campaign with its checkout and theme, and its sales page with the campaign's blocks in place", async () => {
    const res = await get("/api/v1/lp/sleep-reset?t=2");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe(SALES_PAGE_CACHE_CONTROL);
    const landing = res.json().data;
    expect(landing).toMatchObject({ slug: "sleep-reset", checkout_id: 4, theme: "vsl-type-2", title: expect.any(String) });
    const base = shippedPage("evenings-back");
    const blocks = (loadLandingPages() as { slug: string; blocks: Record<string, unknown> }[]).find(
      (lp) => lp.slug === "sleep-reset",
    )!.blocks;
    expect(Object.keys(landing.page)).toEqual(["slug", ...SECTIONS]);
    expect(landing.page.slug).toBe("evenings-back");
    // Replaced sections are the campaign's, whole; the others are the sales page's own.
    expect(landing.page.hero).toEqual(blocks.hero);
    expect(landing.page.warning).toBe(blocks.warning);
    expect(landing.page.start_label).toBe(blocks.start_label);
    expect(landing.page.method).toEqual(base.method);
    expect(landing.page.triangle).toEqual(base.triangle);
  });

  it("answers the second campaign, on the promo checkout in the green theme", async () => {
    const res = await get("/api/v1/lp/five-minute-calm");
    expect(res.statusCode, res.body).toBe(200);
    const landing = res.json().data;
    expect(landing).toMatchObject({ checkout_id: 3, theme: "green-main" });
    expect(landing.page.slug).toBe("calm-in-five");
    expect(landing.page.hero.title).not.toBe(shippedPage("calm-in-five").hero.title);
    expect(landing.page.warning).toBe(shippedPage("calm-in-five").warning);
    expect(JSON.stringify(landing)).not.toContain("{product}");
  });

  it("answers 404 'Page not found.' for a campaign that does not exist", async () => {
    for (const lp of ["no-such-campaign", "calm-in-five", "Sleep-Reset", "sleep-reset.json", "0"]) {
      const res = await get(`/api/v1/lp/${lp}`);
      expect(res.statusCode, lp).toBe(404);
      expect(res.json(), lp).toEqual({ message: "Page not found." });
    }
  });
});

describe("bad input on both routes", () => {
  // [what, status, path segment, whether the 422 names the parameter]
  const cases: [string, number, string, boolean][] = [
    ["a slug of 65 characters", 422, "a".repeat(65), true],
    ["a slug longer than any path parameter", 414, "a".repeat(300), false],
    ["a NUL character", 422, "%00", true],
    ["a path climbing out", 404, "..%2F..%2Fetc%2Fpasswd", false],
    ["spaces", 404, "calm%20in%20five", false],
    ["an emoji", 404, "%F0%9F%98%8C", false],
    ["markup", 404, "%3Cscript%3E", false],
    ["broken percent-encoding", 400, "%E0%A4%A", false],
  ];
  it.each(cases)("%s answers %i", async (_what, status, segment, namesParam) => {
    for (const [base, param] of [
      ["/api/v1/sales-page/", "slug"],
      ["/api/v1/lp/", "lp"],
    ] as const) {
      const res = await get(`${base}${segment}`);
      expect(res.statusCode, `${base}${segment} ${res.body}`).toBe(status);
      expect(res.json().message, base).toEqual(expect.any(String));
      if (namesParam) expect(Object.keys(res.json().errors), base).toEqual([param]);
      expect(res.headers["cache-control"], base).not.toBe(SALES_PAGE_CACHE_CONTROL);
    }
  });

  it("answers 422 naming t for an overlong cache buster", async () => {
    const res = await get(`/api/v1/sales-page/calm-in-five?t=${"9".repeat(33)}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["t"]);
  });
});

describe("content that does not fit stops start-up", () => {
  const brand = { product: "Serene", email: "support@serene.test" };
  const pages = loadSalesPages() as SalesPage[];
  const videoPages = ["a-quieter-mind", "evenings-that-wind-down"];
  const build =
    (pagesFile: unknown, landings: unknown, videos = videoPages) =>
    () =>
      createSalesPagesService({ pages: pagesFile, landings, videoPages: videos, brand });

  it("refuses a page without its 11 method items, a repeated slug, and a campaign naming a missing page or an unknown section", () => {
    const short = { ...pages[0]!, method: { ...pages[0]!.method, items: pages[0]!.method.items.slice(1) } };
    expect(build([short], [])).toThrow();
    expect(build([pages[0], pages[0]], [])).toThrow(/defined twice/);
    const landing = { slug: "x", checkout_id: 3, theme: "default", title: "X", sales_page: "gone", blocks: {} };
    expect(build(pages, [landing])).toThrow(/does not exist/);
    expect(build(pages, [{ ...landing, sales_page: "calm-in-five", blocks: { banner: "Hi" } }])).toThrow();
    expect(build(pages, [{ ...landing, sales_page: "calm-in-five", blocks: { hero: { title: "{name}" } } }])).toThrow();
    expect(
      build(
        pages,
        [landing, landing].map((lp) => ({ ...lp, sales_page: "calm-in-five" })),
      ),
    ).toThrow(/defined twice/);
  });

  it("refuses a hero, the page's own or a campaign's, that plays a video page that does not exist", () => {
    expect(build(pages, [], ["a-quieter-mind"])).toThrow(/evenings-that-wind-down/);
    const hero = { ...pages[0]!.hero, video_vsl: "gone" };
    const landing = { slug: "x", checkout_id: 3, theme: "default", title: "X", sales_page: "calm-in-five", blocks: { hero } };
    expect(build(pages, [landing])).toThrow(/Landing page "x" plays the video page "gone"/);
  });

  it("builds from the shipped files", () => {
    expect(build(loadSalesPages(), loadLandingPages())).not.toThrow();
  });
});
