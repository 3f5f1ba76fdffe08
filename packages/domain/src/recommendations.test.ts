import { describe, expect, it } from "vitest";
import { recommendByTags, recommendForMember, tagsInUse, withAnyTag } from "./recommendations.ts";

const items = [
  { id: 1, tags: ["sleep", "rain"], goal: "SLEEP_BETTER" },
  { id: 2, tags: ["sleep"], goal: "SLEEP_BETTER" },
  { id: 3, tags: ["anxiety", "breathwork"], goal: "REDUCE_STRESS" },
  { id: 4, tags: ["rain", "sleep", "ocean"], goal: null },
  { id: 5, tags: ["focus"], goal: "INCREASE_ENERGY" },
];

describe("recommendations by tags", () => {
  it("inclusive: any shared tag, more shared tags first, never the item itself", () => {
    expect(recommendByTags(items, ["sleep", "rain"], { inclusive: true, excludeId: 1 }).map((i) => i.id)).toEqual([4, 2]);
  });
  it("one tag: only items with that tag", () => {
    expect(recommendByTags(items, ["rain"], { inclusive: false, excludeId: 2 }).map((i) => i.id)).toEqual([1, 4]);
  });
  it("not inclusive: items with every tag", () => {
    expect(recommendByTags(items, ["sleep", "ocean"], { inclusive: false }).map((i) => i.id)).toEqual([4]);
    expect(recommendByTags(items, [], { inclusive: false })).toEqual([]);
  });
  it("respects the limit", () => {
    expect(recommendByTags(items, ["sleep"], { inclusive: true, limit: 2 })).toHaveLength(2);
  });
});

describe("recommendations for a member", () => {
  it("prefers the goal and liked tags and skips what was played", () => {
    const ids = recommendForMember(items, { goal: "REDUCE_STRESS", likedTags: ["rain"], playedIds: new Set([1]) }, 3).map((i) => i.id);
    expect(ids).toEqual([3, 4, 2]);
  });
  it("fills up with the catalogue in order for a new member", () => {
    expect(recommendForMember(items, { goal: null, likedTags: [], playedIds: new Set() }, 2).map((i) => i.id)).toEqual([1, 2]);
  });
});

describe("tag filter", () => {
  it("keeps items with any of the tags, or everything without tags", () => {
    expect(withAnyTag(items, ["focus", "ocean"]).map((i) => i.id)).toEqual([4, 5]);
    expect(withAnyTag(items, [])).toHaveLength(5);
  });

  it("counts every chosen tag: items with more of them come first, otherwise the given order stays", () => {
    expect(withAnyTag(items, ["rain"]).map((i) => i.id)).toEqual([1, 4]);
    expect(withAnyTag(items, ["ocean", "sleep"]).map((i) => i.id)).toEqual([4, 1, 2]);
    expect(withAnyTag(items, ["sleep", "rain", "ocean"]).map((i) => i.id)).toEqual([4, 1, 2]);
    // The order given (a search's ranking) decides between items with as many chosen tags.
    expect(withAnyTag([...items].reverse(), ["sleep"]).map((i) => i.id)).toEqual([4, 2, 1]);
  });
});

describe("tags in use", () => {
  const tags = [{ slug: "anxiety" }, { slug: "forest" }, { slug: "ocean" }, { slug: "sleep" }];
  it("offers only tags some item carries, in the order given", () => {
    expect(tagsInUse(tags, items).map((t) => t.slug)).toEqual(["anxiety", "ocean", "sleep"]);
    expect(tagsInUse(tags, [])).toEqual([]);
  });
});
