import { sql } from "drizzle-orm";
import type { Database } from "@serene/db";

/** The database as a whole: whether it answers. */
export function createSystemRepository(db: Database) {
  return {
    async ping(): Promise<true> {
      await db.execute(sql`select 1`);
      return true;
    },
  };
}
