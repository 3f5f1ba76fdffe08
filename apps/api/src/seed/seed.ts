import { eq, sql } from "drizzle-orm";
import { appSettings, faqItems, type Database } from "@serene/db";
import { loadFaq } from "@serene/content";

/** Raise when the shipped content changes, so existing installations load it once more. */
export const CONTENT_VERSION = 1;
const MARKER = "content_version";

export interface SeedResult {
  loaded: boolean;
  faq: number;
}

/**
 * Loads the shipped content (FAQ) the first time a database is used, and again only when
 * CONTENT_VERSION grows. Every write is an upsert on a natural key, so a repeated run changes nothing.
 */
export async function seedContent(db: Database, options: { force?: boolean } = {}): Promise<SeedResult> {
  const [marker] = await db.select().from(appSettings).where(eq(appSettings.key, MARKER));
  if (!options.force && typeof marker?.value === "number" && marker.value >= CONTENT_VERSION) {
    return { loaded: false, faq: 0 };
  }
  const faq = loadFaq();
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
    await tx
      .insert(appSettings)
      .values({ key: MARKER, value: CONTENT_VERSION })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: CONTENT_VERSION, updatedAt: sql`now()` } });
  });
  return { loaded: true, faq: faq.length };
}
