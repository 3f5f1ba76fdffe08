import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentItems, contentItemTags, tags, type DatabaseHandle } from "@serene/db";
import { createTestDatabase } from "../apps/api/src/test/test-app.ts";
import { FIRST_INGESTED_ID, nextItemId, registerIngestedItem, slugInUse, type IngestedItem } from "./ingest.repository.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const item = (slug: string, tagSlugs: string[]): IngestedItem => ({
  slug,
  model: "meditation-sleep",
  type: "Meditations",
  name: "Evening Wind-down",
  description: "A recorded talk.",
  free: true,
  tags: tagSlugs,
  media: { audio_female: `free/${slug}/audio-female` },
  streams: { [`free/${slug}/audio-female`]: { duration: 184.6, kind: "audio", bytes: 740_000 } },
});

describe("registering an ingested item", () => {
  it("writes the item in the ingested id range, with its duration, cover and tags", async () => {
    const expected = await nextItemId(database);
    const id = await registerIngestedItem(database, item("evening-wind-down-talk", ["sleep"]));
    expect(id).toBe(expected);
    expect(id).toBeGreaterThanOrEqual(FIRST_INGESTED_ID);
    const [row] = await database.db.select().from(contentItems).where(eq(contentItems.id, id));
    expect(row).toMatchObject({
      slug: "evening-wind-down-talk",
      durationSeconds: 185,
      cover: "covers/evening-wind-down-talk.svg",
      free: true,
    });
    expect(row!.tagText).toContain("Meditations");
    const links = await database.db.select().from(contentItemTags).where(eq(contentItemTags.itemId, id));
    expect(links).toHaveLength(1);
    expect(await slugInUse(database, "evening-wind-down-talk")).toBe(true);
    expect(await nextItemId(database)).toBe(id + 1);
  });

  it("creates a tag it does not know yet", async () => {
    const id = await registerIngestedItem(database, item("harbour-lights", ["harbour-walks"]));
    const [tag] = await database.db.select().from(tags).where(eq(tags.slug, "harbour-walks"));
    expect(tag?.name).toBe("Harbour Walks");
    const links = await database.db.select().from(contentItemTags).where(eq(contentItemTags.itemId, id));
    expect(links.map((link) => link.tagId)).toEqual([tag!.id]);
  });

  it("refuses a slug that is taken, changing nothing", async () => {
    const before = await nextItemId(database);
    await expect(registerIngestedItem(database, item("harbour-lights", []))).rejects.toThrow();
    expect(await nextItemId(database)).toBe(before);
  });
});
