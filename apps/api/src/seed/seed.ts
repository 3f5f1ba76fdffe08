import { eq, sql } from "drizzle-orm";
import { appSettings, faqItems, notifyChange, type Database } from "@serene/db";
import { loadCatalogue, loadFaq, loadMediaManifest, loadPlans } from "@serene/content";
import { catalogueFingerprint, writeCatalogue } from "./catalogue-seed.ts";
import { writePlans } from "./plans-seed.ts";

/** Raise when the way content is loaded changes; a change of the content itself is noticed by its fingerprint. */
export const CONTENT_VERSION = 2;
const MARKER = "content_version";

export interface SeedResult {
  loaded: boolean;
  faq: number;
  items: number;
}

/**
 * Loads the shipped content (FAQ, catalogue) the first time a database is used, and again when it
 * changes. Every write is an upsert on a natural key, so a repeated run changes nothing.
 */
export async function seedContent(db: Database, options: { force?: boolean } = {}): Promise<SeedResult> {
  const catalogue = loadCatalogue();
  const manifest = loadMediaManifest();
  const plans = loadPlans();
  const stamp = `${CONTENT_VERSION}:${catalogueFingerprint(catalogue, manifest, plans)}`;
  const [marker] = await db.select().from(appSettings).where(eq(appSettings.key, MARKER));
  if (!options.force && marker?.value === stamp) {
    return { loaded: false, faq: 0, items: 0 };
  }
  const faq = loadFaq();
  let items = 0;
  await db.transaction(async (tx) => {
    for (const [position, entry] of faq.entries()) {
      await tx
        .insert(faqItems)
        .values({ slug: entry.slug, question: entry.name, answer: entry.answer, position })
        .onConflictDoUpdate({
          target: faqItems.slug,
          set: { question: entry.name, answer: entry.answer, position, updatedAt: sql`now()` },
        });
    }
    items = await writeCatalogue(tx, catalogue, manifest);
    await writePlans(tx, plans);
    await tx
      .insert(appSettings)
      .values({ key: MARKER, value: stamp })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: stamp, updatedAt: sql`now()` } });
    // Nodes already running (a rolling deploy of new content) drop their catalogue when this commits.
    await notifyChange(tx, "catalogue");
  });
  return { loaded: true, faq: faq.length, items };
}
