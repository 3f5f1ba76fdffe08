import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../index";
import { coverSvg, hashString, seededRandom } from "./cover";

describe("cover art", () => {
  it("is the same for the same slug and differs between slugs", () => {
    expect(coverSvg("morning-light")).toBe(coverSvg("morning-light"));
    expect(coverSvg("morning-light")).not.toBe(coverSvg("morning-light-2"));
  });

  it("is a 600x600 SVG of a few kilobytes for every catalogue item, all different", () => {
    const covers = loadCatalogue().items.map((item) => coverSvg(item.slug, { title: item.name }));
    for (const svg of covers) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"')).toBe(true);
      expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
      expect(svg.length).toBeGreaterThan(1500);
      expect(svg.length).toBeLessThan(5000);
    }
    expect(new Set(covers).size).toBe(covers.length);
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
