import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LandingPageDefinitions, SalesPageDefinitions } from "./sales-pages.ts";
import { VslDefinitions } from "./vsl.ts";

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../../content/${path}`, import.meta.url), "utf8")) as unknown;
const pages = SalesPageDefinitions.parse(read("demo/sales-pages.json"));
const landings = LandingPageDefinitions.parse(read("demo/landing-pages.json"));
const vslSlugs = VslDefinitions.parse(read("demo/vsl.json")).map((vsl) => vsl.slug);
const checkoutIds = (read("demo/plans.json") as { checkouts: { id: number }[] }).checkouts.map((checkout) => checkout.id);

/** Every text of a page, for wording checks. */
const textsOf = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value) || (value && typeof value === "object")
      ? Object.values(value).flatMap(textsOf)
      : [];

describe("the shipped sales pages (content/demo/sales-pages.json)", () => {
  it("parse, with unique slugs, the promo page and the evenings page", () => {
    expect(pages.map((page) => page.slug)).toEqual(["calm-in-five", "evenings-back"]);
  });

  it.each(pages.map((page) => [page.slug, page] as const))("%s: holds the constants of spec 000 section 9", (_slug, page) => {
    expect(page.participants.count).toBe(1249);
    expect(page.method.items).toHaveLength(11);
    for (const item of page.method.items) expect(item.value_cents, item.name).toBe(9786);
    expect(page.method.list_value_cents).toBe(9786);
    expect(page.price.value_cents).toBe(171495);
    expect(page.refund.subject).toBe("Refund request");
    // The text quotes the subject itself, once: the page puts the bare subject in (decision 052).
    expect(page.refund.text.split("'{subject}'")).toHaveLength(2);
    expect(page.refund.text.replace("'{subject}'", "")).not.toContain("{subject}");
    expect(page.refund.text).toContain("{amount}");
    expect(page.footer.copyright_year).toBe(2022);
    expect(page.triangle.parts.map((part) => part.name)).toEqual(["Habit", "Technique", "Transformation"]);
    expect(page.five_minutes.title).toContain("5 minutes a day");
    expect(page.people_helped.figure).toContain("2000 people a day");
    expect(page.panic_stats.items.map((item) => item.figure).sort()).toEqual(["18.1%", "45%", "6.2%"]);
  });

  it.each(pages.map((page) => [page.slug, page] as const))(
    "%s: greets by name (or 'This') and plays an existing video page",
    (_slug, page) => {
      expect(page.hero.title).toMatch(/^\{name\} /);
      expect(vslSlugs).toContain(page.hero.video_vsl);
    },
  );

  it.each(pages.map((page) => [page.slug, page] as const))(
    "%s: FAQ, reviews and testimonials of the agreed size, named by first name and initial",
    (_slug, page) => {
      expect(page.faq.length).toBeGreaterThanOrEqual(6);
      expect(page.faq.length).toBeLessThanOrEqual(8);
      expect(page.reviews.items.length).toBeGreaterThanOrEqual(4);
      expect(page.reviews.items.length).toBeLessThanOrEqual(6);
      expect(page.short_testimonials).toHaveLength(3);
      for (const person of [page.testimonial, ...page.short_testimonials, ...page.reviews.items])
        expect(person.name).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\.$/u);
    },
  );

  it.each(pages.map((page) => [page.slug, page] as const))("%s: never promises a cure and never calls itself treatment", (_slug, page) => {
    for (const text of textsOf(page)) {
      expect(text, text).not.toMatch(/\b(cures?|cured|guarantee[sd]? (?:results|to)|diagnos\w*|clinically proven)\b/i);
    }
    // The only placeholders are the ones the API or the page fills in.
    const placeholders = new Set(textsOf(page).flatMap((text) => text.match(/\{\w+\}/g) ?? []));
    for (const placeholder of placeholders) expect(["{name}", "{product}", "{email}", "{amount}", "{subject}"]).toContain(placeholder);
  });
});

describe("the shipped landing pages (content/demo/landing-pages.json)", () => {
  it("parse, with unique slugs, at least two campaigns", () => {
    expect(landings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(landings.map((landing) => landing.slug)).size).toBe(landings.length);
  });

  it.each(landings.map((landing) => [landing.slug, landing] as const))(
    "%s: names a sales page and a checkout that exist",
    (_slug, landing) => {
      expect(pages.map((page) => page.slug)).toContain(landing.sales_page);
      expect(checkoutIds).toContain(landing.checkout_id);
      expect(Object.keys(landing.blocks).length).toBeGreaterThan(0);
      if (landing.blocks.hero) {
        expect(vslSlugs).toContain(landing.blocks.hero.video_vsl);
        expect(landing.blocks.hero.title).toMatch(/^\{name\} /);
      }
    },
  );
});
