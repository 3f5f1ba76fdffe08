import { and, asc, eq, inArray } from "drizzle-orm";
import { checkoutPackages, checkouts, packages, type Database } from "@serene/db";

export type PackageRow = typeof packages.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;

/** The only place packages and checkouts are read. */
export function createPlansRepository(db: Database) {
  return {
    activePackages: (platform: string): Promise<PackageRow[]> =>
      db
        .select()
        .from(packages)
        .where(and(eq(packages.active, true), eq(packages.platform, platform)))
        .orderBy(asc(packages.position), asc(packages.id)),
    async packageById(id: number): Promise<PackageRow | null> {
      const [row] = await db
        .select()
        .from(packages)
        .where(and(eq(packages.id, id), eq(packages.active, true)));
      return row ?? null;
    },
    async checkout(id: number): Promise<{ checkout: CheckoutRow; packages: PackageRow[] } | null> {
      const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, id));
      if (!checkout) return null;
      const links = await db
        .select()
        .from(checkoutPackages)
        .where(eq(checkoutPackages.checkoutId, id))
        .orderBy(asc(checkoutPackages.position));
      const ids = links.map((link) => link.packageId);
      const rows =
        ids.length > 0
          ? await db
              .select()
              .from(packages)
              .where(and(inArray(packages.id, ids), eq(packages.active, true)))
          : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { checkout, packages: ids.map((packageId) => byId.get(packageId)).filter((row): row is PackageRow => Boolean(row)) };
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
