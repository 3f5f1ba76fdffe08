import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../index.ts";
import { coverMotif, coverSvg, hashString, seededRandom } from "./cover.ts";

describe("cover art", () => {
  it("is the same for the same slug and differs between slugs", () => {
    expect(coverSvg("morning-light")).toBe(coverSvg("morning-light"));
    expect(coverSvg("morning-light")).not.toBe(coverSvg("morning-light-2"));
  });

  it("is a 600x600 SVG of a few kilobytes for every catalogue item, all different", () => {
    const covers = loadCatalogue().items.map((item) => coverSvg(item.slug, { title: item.name, motif: coverMotif(item) }));
    for (const svg of covers) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"')).toBe(true);
      expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
      expect(svg.length).toBeGreaterThan(1000);
      expect(svg.length).toBeLessThan(5000);
    }
    expect(new Set(covers).size).toBe(covers.length);
  });

  it("shows what the item is of: rain, waves, pines, a night sky, a sunrise", () => {
    const motif = (slug: string, tags: string[], name = slug.replace(/-/g, " "), type = "Meditations") =>
      coverMotif({ slug, name, type, tags });
    expect(motif("rain-on-the-tin-roof", ["rain", "sleep"])).toEqual({ sky: "rain", ground: "hills" });
    expect(motif("the-greenhouse-in-the-rain", ["sleep", "rain"], "The Greenhouse in the Rain", "Sleepcasts")).toEqual({
      sky: "rain",
      ground: "pines",
    });
    expect(motif("shoreline", ["ocean", "morning"])).toEqual({ sky: "sunrise", ground: "waves" });
    expect(motif("tide-at-dusk", ["ocean", "sleep", "evening"])).toEqual({ sky: "night", ground: "waves" });
    expect(motif("brook-in-the-pines", ["forest", "focus"])).toEqual({ sky: "day", ground: "pines" });
    expect(motif("evening-unwind", ["evening", "stress", "sleep"])).toEqual({ sky: "night", ground: "hills" });
    expect(motif("night-train-to-the-north", ["sleep", "evening"], "Night Train to the North", "Sleepcasts").sky).toBe("night");
    expect(motif("morning-light", ["morning", "beginners"]).sky).toBe("sunrise");
    // The name speaks first: waking up is a morning even in a sleep course.
    expect(motif("settling-into-sleep-4-waking-rested", ["sleep", "morning"], "Waking Rested", "Sleepcasts").sky).toBe("sunrise");
    expect(motif("four-sided-breath", ["breathwork", "anxiety"])).toEqual({ sky: "day", ground: "hills" });
  });

  it("draws the motif: streaks for rain, a crescent and stars at night, pines and waves below", () => {
    const rain = coverSvg("x", { motif: { sky: "rain", ground: "hills" } });
    const night = coverSvg("x", { motif: { sky: "night", ground: "waves" } });
    const pines = coverSvg("x", { motif: { sky: "day", ground: "pines" } });
    expect(rain).toContain('stroke-linecap="round" opacity=".45"');
    expect(rain).not.toContain("<mask");
    expect(night).toContain("<mask");
    expect(night).toContain('height="3" rx="1.5"');
    expect(pines.match(/Z/g)!.length).toBeGreaterThan(coverSvg("x", { motif: { sky: "day", ground: "hills" } }).match(/Z/g)!.length + 10);
  });

  it("escapes the title", () => {
    expect(coverSvg("x", { title: 'Rain & "Thunder" <soft>' })).toContain("<title>Rain &amp; &quot;Thunder&quot; &lt;soft&gt;</title>");
  });

  it("seeds a stable random sequence", () => {
    expect(hashString("serene")).toBe(hashString("serene"));
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    for (const value of first) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of first) expect(value).toBeLessThan(1);
  });
});
