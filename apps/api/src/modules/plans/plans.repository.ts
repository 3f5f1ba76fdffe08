import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { OfferClock } from "@serene/domain";
import { checkoutOffers, checkoutPackages, checkouts, leads, packages, type Database } from "@serene/db";

export type PackageRow = typeof packages.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;

/** The only place packages, checkouts and the people's offer clocks (checkout_offers) are read and written. */
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

    /**
     * A member's offer clocks for a checkout: their own and those of the leads they claimed (the
     * earliest wins, docs/decisions/030-honest-offers.md).
     */
    memberOffers: (checkoutId: number, userId: string): Promise<OfferClock[]> =>
      db
        .select({ startedAt: checkoutOffers.startedAt, endsAt: checkoutOffers.endsAt })
        .from(checkoutOffers)
        .where(
          and(
            eq(checkoutOffers.checkoutId, checkoutId),
            or(
              eq(checkoutOffers.userId, userId),
              inArray(checkoutOffers.leadId, db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId))),
            ),
          ),
        ),

    /** Starts the member's clock unless it has started (two first visits at once keep one clock). */
    async startMemberOffer(checkoutId: number, userId: string, clock: OfferClock): Promise<void> {
      await db
        .insert(checkoutOffers)
        .values({ checkoutId, userId, ...clock })
        .onConflictDoNothing({ target: [checkoutOffers.checkoutId, checkoutOffers.userId] });
    },

    /** An unclaimed lead's clock for a checkout, or null before its first visit. */
    async leadOffer(checkoutId: number, leadId: string): Promise<OfferClock | null> {
      const [row] = await db
        .select({ startedAt: checkoutOffers.startedAt, endsAt: checkoutOffers.endsAt })
        .from(checkoutOffers)
        .where(and(eq(checkoutOffers.checkoutId, checkoutId), eq(checkoutOffers.leadId, leadId)));
      return row ?? null;
    },

    /** Starts the lead's clock unless it has started. */
    async startLeadOffer(checkoutId: number, leadId: string, clock: OfferClock): Promise<void> {
      await db
        .insert(checkoutOffers)
        .values({ checkoutId, leadId, ...clock })
        .onConflictDoNothing({ target: [checkoutOffers.checkoutId, checkoutOffers.leadId] });
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
