import { asc, eq } from "drizzle-orm";
import { loadCatalogue, type Catalogue, type CatalogueItem, type MediaManifest } from "@serene/content";
import {
  collectionItems,
  collections,
  contentItems,
  contentItemTags,
  favorites,
  planSteps,
  screenSections,
  sectionItems,
  tags,
  users,
  type DatabaseHandle,
} from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../test/accounts.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { captionedVariants, catalogueFingerprint, itemDurations, writeCatalogue } from "./catalogue-seed.ts";
import { seedContent } from "./seed.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const shipped = loadCatalogue();
const TABLES = { contentItems, contentItemTags, tags, collections, collectionItems, screenSections, sectionItems, planSteps } as const;

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) result[name] = (await database.db.select().from(table)).length;
  return result;
}
const items = () =>
  database.db
    .select({
      id: contentItems.id,
      slug: contentItems.slug,
      name: contentItems.name,
      parentId: contentItems.parentId,
      position: contentItems.position,
      durationSeconds: contentItems.durationSeconds,
      media: contentItems.media,
    })
    .from(contentItems)
    .orderBy(asc(contentItems.id));

describe("the catalogue seed", () => {
  it("holds the shipped catalogue: every item, tag, collection, section and plan step", async () => {
    const c = await counts();
    expect(c.contentItems).toBeGreaterThanOrEqual(shipped.items.length);
    expect(c.tags).toBe(shipped.tags.length);
    expect(c.collections).toBe(shipped.collections.length);
    expect(c.screenSections).toBe(Object.values(shipped.screens).flat().length);
    expect(c.planSteps).toBe(shipped.plan.flatMap((day) => day.items).length);
    expect(c.contentItemTags).toBe(shipped.items.flatMap((item) => item.tags).length);
    const course = shipped.items.find((item) => item.children?.length)!;
    const sessions = (await items()).filter((row) => row.parentId === course.id);
    expect(sessions.map((row) => [row.id, row.position])).toEqual(course.children!.map((id, index) => [id, index + 1]));
  });

  it("changes nothing when run again, forced or not", async () => {
    await seedContent(database.db);
    const before = { counts: await counts(), items: await items() };
    expect(await seedContent(database.db)).toMatchObject({ loaded: false });
    const forced = await seedContent(database.db, { force: true });
    expect(forced).toMatchObject({ loaded: true, items: shipped.items.length });
    expect(await counts()).toEqual(before.counts);
    expect(await items()).toEqual(before.items);
  });

  it("keeps items added by content ingest, and members' favourites, through a forced reseed", async () => {
    const extra = {
      id: 900_001,
      slug: "ingested-evening-bells",
      model: "meditation-sleep",
      type: "Meditations",
      name: "Evening Bells",
      description: "Ingested after the seed.",
      free: true,
      cover: "covers/ingested-evening-bells.svg",
    };
    await database.db.insert(contentItems).values(extra);
    const [tag] = await database.db.select().from(tags).where(eq(tags.slug, shipped.tags[0]!.slug));
    await database.db.insert(contentItemTags).values({ itemId: extra.id, tagId: tag!.id, position: 0 });
    const [user] = await database.db
      .insert(users)
      .values({ name: "Keeper", email: uniqueEmail("keeper") })
      .returning();
    await database.db.insert(favorites).values([
      { userId: user!.id, itemId: shipped.items[0]!.id },
      { userId: user!.id, itemId: extra.id },
    ]);
    const before = await counts();

    await seedContent(database.db, { force: true });

    const [kept] = await database.db.select().from(contentItems).where(eq(contentItems.id, extra.id));
    expect(kept).toMatchObject({ slug: extra.slug, name: extra.name });
    expect(await database.db.select().from(contentItemTags).where(eq(contentItemTags.itemId, extra.id))).toHaveLength(1);
    expect(
      (await database.db.select().from(favorites).where(eq(favorites.userId, user!.id))).map((row) => row.itemId).sort((a, b) => a - b),
    ).toEqual([shipped.items[0]!.id, extra.id].sort((a, b) => a - b));
    expect(await counts()).toEqual(before);
  });

  it("writes each item's length from the media manifest", async () => {
    const course = shipped.items.find((item) => item.model === "meditation-sleep-course" && item.children?.length)!;
    const [firstSession, secondSession] = course.children!.map((id) => shipped.items.find((item) => item.id === id)!);
    const single = shipped.items.find(
      (item) => !item.children && item.media && Object.keys(item.media).length >= 2 && !course.children!.includes(item.id),
    )!;
    const [shortPath, longPath] = Object.values(single.media!) as string[];
    const manifest: MediaManifest = {
      [shortPath!]: { duration: 300.2, kind: "audio", bytes: 1 },
      [longPath!]: { duration: 412.6, kind: "audio", bytes: 1 },
      [Object.values(firstSession!.media!)[0]!]: { duration: 120, kind: "audio", bytes: 1 },
      [Object.values(secondSession!.media!)[0]!]: { duration: 240, kind: "audio", bytes: 1 },
    };
    await database.db.transaction((tx) => writeCatalogue(tx, shipped, manifest));
    const byId = new Map((await items()).map((row) => [row.id, row.durationSeconds]));
    expect(byId.get(single.id)).toBe(413);
    expect(byId.get(firstSession!.id)).toBe(120);
    expect(byId.get(secondSession!.id)).toBe(240);
    expect(byId.get(course.id)).toBe(360);
    const untouched = shipped.items.find(
      (item) => item.id !== single.id && !course.children!.includes(item.id) && !item.children && item.id !== course.id,
    )!;
    expect(byId.get(untouched.id)).toBeNull();
    // Back to the manifest on disk for whatever runs after.
    await seedContent(database.db, { force: true });
  });

  it("writes which variants have captions from the manifest's flag", async () => {
    const voiced = shipped.items.find((item) => item.media?.audio_male && item.media.audio_female)!;
    const manifest: MediaManifest = {
      [voiced.media!.audio_female!]: { duration: 60, kind: "audio", bytes: 1, captions: true },
      [voiced.media!.audio_male!]: { duration: 60, kind: "audio", bytes: 1 },
    };
    await database.db.transaction((tx) => writeCatalogue(tx, shipped, manifest));
    const rows = await database.db.select({ id: contentItems.id, captions: contentItems.captions }).from(contentItems);
    expect(rows.filter((row) => row.captions.length > 0)).toEqual([{ id: voiced.id, captions: ["audio_female"] }]);
    await seedContent(database.db, { force: true });
  });
});

describe("itemDurations", () => {
  const item = (id: number, extra: Partial<CatalogueItem> = {}): CatalogueItem => ({
    id,
    slug: `item-${id}`,
    model: "meditation-sleep",
    type: "Meditations",
    name: `Item ${id}`,
    description: "",
    free: true,
    tags: [],
    ...extra,
  });
  const entry = (duration: number) => ({ duration, kind: "audio" as const, bytes: 1 });
  const catalogueOf = (list: CatalogueItem[]): Catalogue => ({
    tags: [],
    items: list,
    collections: [],
    screens: { home: [], meditation: [], music: [], sleep: [], therapy: [] },
    plan: [],
  });

  it("takes the longest variant, in whole seconds", () => {
    const durations = itemDurations(
      catalogueOf([
        item(1, { media: { audio_male: "free/a/audio-male", audio_female: "free/a/audio-female", video_male: "free/a/video-male" } }),
      ]),
      {
        "free/a/audio-male": entry(300.4),
        "free/a/audio-female": entry(412.6),
        "free/a/video-male": entry(100),
      },
    );
    expect(durations.get(1)).toBe(413);
  });

  it("is null without media, or when the manifest does not know the media", () => {
    const durations = itemDurations(
      catalogueOf([item(1), item(2, { media: { audio: "free/b/audio" } }), item(3, { media: { audio: "free/c/audio" } })]),
      { "free/c/audio": entry(0) },
    );
    expect(durations.get(1)).toBeNull();
    expect(durations.get(2)).toBeNull();
    expect(durations.get(3)).toBeNull();
  });

  it("adds up a course's or playlist's sessions, skipping unknown ones", () => {
    const list = [
      item(10, { model: "meditation-sleep-course", children: [11, 12, 13, 99] }),
      item(11, { media: { audio_male: "p/11/m", audio_female: "p/11/f" } }),
      item(12, { media: { audio_male: "p/12/m" } }),
      item(13),
      item(20, { model: "music-soundscape-playlist", children: [13] }),
    ];
    const durations = itemDurations(catalogueOf(list), { "p/11/m": entry(60), "p/11/f": entry(90), "p/12/m": entry(30.2) });
    expect(durations.get(10)).toBe(120);
    expect(durations.get(11)).toBe(90);
    expect(durations.get(12)).toBe(30);
    expect(durations.get(20)).toBeNull();
  });

  it("names the variants whose streams the manifest says have captions", () => {
    const captioned = item(1, {
      media: { audio_male: "free/a/audio-male", audio_female: "free/a/audio-female", video_male: "free/a/video-male" },
    });
    expect(
      captionedVariants(captioned, {
        "free/a/audio-male": { ...entry(60), captions: true },
        "free/a/audio-female": { ...entry(60), captions: false },
        "free/a/video-male": { ...entry(60), captions: true },
      }),
    ).toEqual(["audio_male", "video_male"]);
    expect(captionedVariants(captioned, { "free/a/audio-male": entry(60) })).toEqual([]);
    expect(captionedVariants(item(2), { "free/a/audio-male": { ...entry(60), captions: true } })).toEqual([]);
  });

  it("changes the content fingerprint when the manifest changes, so the seed loads again", () => {
    const manifest: MediaManifest = { "free/a/audio": entry(60) };
    expect(catalogueFingerprint(shipped, manifest)).toBe(catalogueFingerprint(loadCatalogue(), { "free/a/audio": entry(60) }));
    expect(catalogueFingerprint(shipped, manifest)).not.toBe(catalogueFingerprint(shipped, { "free/a/audio": entry(61) }));
    expect(catalogueFingerprint(shipped, manifest)).not.toBe(catalogueFingerprint(shipped, {}));
  });
});
