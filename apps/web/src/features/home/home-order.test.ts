import type { Section } from "@serene/contracts";
import { describe, expect, it } from "vitest";
import { withWorkbooks } from "./home-order";

const section = (id: number, section_type: string): Section =>
  ({ id, name: `Section ${id}`, section_type, content: [], collection_id: null, day: null }) as unknown as Section;

const shape = (list: ReturnType<typeof withWorkbooks>) => list.map((item) => (item === "workbooks" ? "workbooks" : item.section_type));

describe("home's Workbooks section", () => {
  it("goes after the personal plan when the home data has no place for it", () => {
    const sections = [section(1, "Collection"), section(2, "Personal Plan"), section(3, "Daily Meditation"), section(4, "Featured")];
    expect(shape(withWorkbooks(sections))).toEqual(["Daily Meditation", "Collection", "Personal Plan", "workbooks", "Featured"]);
  });

  it("goes after the daily meditation without a plan, and first without either", () => {
    expect(shape(withWorkbooks([section(1, "Collection"), section(3, "Daily Meditation")]))).toEqual([
      "Daily Meditation",
      "workbooks",
      "Collection",
    ]);
    expect(shape(withWorkbooks([section(1, "Collection")]))).toEqual(["workbooks", "Collection"]);
  });

  it("takes the place the home data gives it", () => {
    const sections = [section(3, "Daily Meditation"), section(1, "Collection"), section(5, "Workbooks"), section(2, "Personal Plan")];
    expect(shape(withWorkbooks(sections))).toEqual(["Daily Meditation", "Collection", "workbooks", "Personal Plan"]);
  });
});
