import { appSettings, faqItems, type DatabaseHandle } from "@serene/db";
import { loadCatalogue, loadFaq, loadMediaManifest, loadPlans } from "@serene/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-app.ts";
import { catalogueFingerprint } from "./catalogue-seed.ts";
import { CONTENT_VERSION, seedContent } from "./seed.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe("seedContent", () => {
  it("loads once and skips later starts", async () => {
    // The template database was seeded already: a normal start loads nothing.
    expect(await seedContent(database.db)).toEqual({ loaded: false, faq: 0, items: 0 });
    const [marker] = await database.db.select().from(appSettings);
    expect(marker?.value).toBe(`${CONTENT_VERSION}:${catalogueFingerprint(loadCatalogue(), loadMediaManifest(), loadPlans())}`);
  });

  it("changes nothing when forced again: every write is an upsert", async () => {
    const before = await database.db.select().from(faqItems);
    const result = await seedContent(database.db, { force: true });
    expect(result).toEqual({ loaded: true, faq: loadFaq().length, items: loadCatalogue().items.length });
    const after = await database.db.select().from(faqItems);
    expect(after.length).toBe(before.length);
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
  });
});
