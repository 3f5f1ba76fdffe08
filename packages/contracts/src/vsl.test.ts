import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QuizDefinitions } from "./quiz.ts";
import { VslDefinitions } from "./vsl.ts";

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../../content/${path}`, import.meta.url), "utf8")) as unknown;
const shipped = VslDefinitions.parse(read("demo/vsl.json"));
const quizzes = QuizDefinitions.parse(read("demo/quizzes.json"));
const checkouts = (read("demo/plans.json") as { checkouts: { id: number; type: string }[] }).checkouts;

describe("the shipped video-sales pages (content/demo/vsl.json)", () => {
  it("parse, with unique ids and slugs, one leading to a quiz and one to a checkout", () => {
    expect(new Set(shipped.map((vsl) => vsl.id)).size).toBe(shipped.length);
    expect(new Set(shipped.map((vsl) => vsl.slug)).size).toBe(shipped.length);
    expect(shipped.map((vsl) => vsl.next.kind).sort()).toEqual(["checkout", "quiz"]);
  });

  it("lead to a quiz or a checkout that exists: the quiz's page, or the paywall with that checkout", () => {
    for (const { next, slug } of shipped) {
      if (next.kind === "quiz") {
        expect(
          quizzes.some((quiz) => quiz.slug === next.quiz_slug),
          slug,
        ).toBe(true);
        expect(next.path.endsWith(`/${next.quiz_slug}`), slug).toBe(true);
      } else {
        const checkout = checkouts.find((found) => found.id === next.checkout_id);
        expect(checkout, slug).toBeDefined();
        // The paywall with that checkout: a page every visitor can open and buy from.
        expect(next.path, slug).toBe(`/subscription/${checkout!.id}`);
      }
    }
  });

  it("play a free video of the media pack, with the call to action during playback", () => {
    for (const vsl of shipped) {
      expect(existsSync(new URL(`../../../content/media/${vsl.video.path}`, import.meta.url)), vsl.video.path).toBe(true);
      if (vsl.video.poster) expect(existsSync(new URL(`../../../content/media/${vsl.video.poster}`, import.meta.url))).toBe(true);
      expect(vsl.cta_at_seconds).toBeLessThan(vsl.video.duration_seconds);
    }
  });
});
