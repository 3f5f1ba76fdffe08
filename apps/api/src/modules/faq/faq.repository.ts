import { asc, count } from "drizzle-orm";
import { faqItems, type Database } from "@serene/db";

export type FaqRow = typeof faqItems.$inferSelect;
export type NewFaqRow = typeof faqItems.$inferInsert;

export function createFaqRepository(db: Database) {
  return {
    async page(offset: number, limit: number): Promise<{ rows: FaqRow[]; total: number }> {
      const [rows, [totals]] = await Promise.all([
        db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.slug)).limit(limit).offset(offset),
        db.select({ total: count() }).from(faqItems),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}
export type FaqRepository = ReturnType<typeof createFaqRepository>;
