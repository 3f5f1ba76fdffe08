import { describe, expect, it } from "vitest";
import { contentState, isLive, nextGoingLive, scheduleRefusal } from "./content-publishing.ts";

const NOW = new Date("2026-11-29T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("publishing an item", () => {
  it("is live only when published and its moment has come", () => {
    expect(isLive({ status: "published", publishAt: null }, NOW)).toBe(true);
    expect(isLive({ status: "published", publishAt: at("2026-11-29T12:00:00Z") }, NOW)).toBe(true);
    expect(isLive({ status: "published", publishAt: at("2026-11-29T12:00:01Z") }, NOW)).toBe(false);
    expect(isLive({ status: "draft", publishAt: null }, NOW)).toBe(false);
    expect(isLive({ status: "withdrawn", publishAt: null }, NOW)).toBe(false);
  });

  it("calls a publication still ahead scheduled", () => {
    expect(contentState({ status: "published", publishAt: at("2026-12-01T08:00:00Z") }, NOW)).toBe("scheduled");
    expect(contentState({ status: "published", publishAt: at("2026-11-01T08:00:00Z") }, NOW)).toBe("published");
    expect(contentState({ status: "withdrawn", publishAt: at("2026-12-01T08:00:00Z") }, NOW)).toBe("withdrawn");
  });

  it("knows the next moment the members' catalogue changes by itself", () => {
    const items = [
      { status: "published", publishAt: at("2026-12-03T08:00:00Z") },
      { status: "published", publishAt: at("2026-12-01T08:00:00Z") },
      { status: "draft", publishAt: at("2026-11-30T08:00:00Z") },
      { status: "published", publishAt: at("2026-11-01T08:00:00Z") },
      { status: "published", publishAt: null },
    ];
    expect(nextGoingLive(items, NOW)).toEqual(at("2026-12-01T08:00:00Z"));
    expect(nextGoingLive(items.slice(2), NOW)).toBeNull();
  });

  it("refuses a moment in the past or more than a year ahead", () => {
    expect(scheduleRefusal(at("2026-11-29T11:59:30Z"), NOW)).toBeNull();
    expect(scheduleRefusal(at("2026-11-29T11:58:00Z"), NOW)).toBe("The moment to publish must not be in the past.");
    expect(scheduleRefusal(at("2027-12-01T00:00:00Z"), NOW)).toBe("A publication may be scheduled at most 366 days ahead.");
    expect(scheduleRefusal(new Date("nope"), NOW)).toBe("Give the moment as a date and time.");
  });
});
