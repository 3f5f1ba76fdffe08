import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { KeptOfferClock, OfferClock } from "@serene/domain";
import { checkoutOffers, checkoutPackages, checkouts, leads, packages, users, type Database } from "@serene/db";

export type PackageRow = typeof packages.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;

/** Whose offer clocks: a member, or a lead not claimed yet (docs/decisions/051-one-offer-clock-per-person.md). */
export type OfferPerson = { userId: string } | { leadId: string };

type Runner = Pick<Database, "select" | "insert" | "execute">;

/** The first key of the per-person advisory lock under which a clock is kept (decision 051); the second is the address's hash. */
const OFFER_CLOCK_LOCK = 51_001;

/** The person's e-mail address (stored normalised, for members and leads alike): what ties their identities together. */
const addressOf = (person: OfferPerson) =>
  "userId" in person
    ? sql`(select ${users.email} from ${users} where ${users.id} = ${person.userId})`
    : sql`(select ${leads.email} from ${leads} where ${leads.id} = ${person.leadId})`;

/**
 * Every clock of the person, in one statement: the identity's own, those of the member with the person's
 * address, and those of every lead with that address or claimed by that member; each with the offer
 * packages of its checkout and whether it is the identity's own. The identities are gathered first, as
 * arrays computed once (`array(select …)`), so each branch is an index lookup (users_email_key,
 * leads_email_idx, leads_user_idx, then the clocks' member and lead indexes) rather than a scan.
 */
async function personClocksOf(x: Runner, person: OfferPerson): Promise<KeptOfferClock[]> {
  const address = addressOf(person);
  const members = sql`array(select ${users.id} from ${users} where ${users.email} = ${address})`;
  const theirLeads = sql`array(select ${leads.id} from ${leads} where ${leads.email} = ${address} or ${leads.userId} = any(${members}))`;
  const offerLinks = x
    .select({ checkoutId: checkoutPackages.checkoutId, packageId: checkoutPackages.packageId })
    .from(checkoutPackages)
    .innerJoin(packages, and(eq(packages.id, checkoutPackages.packageId), eq(packages.offerOnly, true)))
    .as("offer_links");
  const own = "userId" in person ? eq(checkoutOffers.userId, person.userId) : eq(checkoutOffers.leadId, person.leadId);
  const rows = await x
    .select({
      id: checkoutOffers.id,
      checkoutId: checkoutOffers.checkoutId,
      startedAt: checkoutOffers.startedAt,
      endsAt: checkoutOffers.endsAt,
      own: sql<boolean>`${own}`,
      packageId: offerLinks.packageId,
    })
    .from(checkoutOffers)
    .leftJoin(offerLinks, eq(offerLinks.checkoutId, checkoutOffers.checkoutId))
    .where(or(own, sql`${checkoutOffers.userId} = any(${members})`, sql`${checkoutOffers.leadId} = any(${theirLeads})`));
  const byClock = new Map<string, KeptOfferClock & { offerPackageIds: number[] }>();
  for (const row of rows) {
    const clock = byClock.get(row.id) ?? {
      checkoutId: row.checkoutId,
      startedAt: row.startedAt,
      endsAt: row.endsAt,
      own: row.own,
      offerPackageIds: [],
    };
    if (row.packageId !== null) clock.offerPackageIds.push(row.packageId);
    byClock.set(row.id, clock);
  }
  return [...byClock.values()];
}

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

    /** Every clock the person has kept, of all their identities (`personClocksQuery`). */
    personClocks: (person: OfferPerson): Promise<KeptOfferClock[]> => personClocksOf(db, person),

    /**
     * Keeps the clock `choose` picks from the person's clocks for the viewing identity on this checkout,
     * unless it picks none, and answers the person's clocks afterwards. Under the person's lock (their
     * e-mail address's), so two first visits at once, from two checkouts, two routes or a lead and its
     * member, keep one clock: the second sees the first's and copies it.
     */
    async keepOffer(
      person: OfferPerson,
      checkoutId: number,
      choose: (clocks: KeptOfferClock[]) => OfferClock | null,
    ): Promise<KeptOfferClock[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${OFFER_CLOCK_LOCK}, hashtext(coalesce(${addressOf(person)}, '')))`);
        const clocks = await personClocksOf(tx, person);
        const clock = choose(clocks);
        if (!clock) return clocks;
        const owner = "userId" in person ? { userId: person.userId } : { leadId: person.leadId };
        const target =
          "userId" in person ? [checkoutOffers.checkoutId, checkoutOffers.userId] : [checkoutOffers.checkoutId, checkoutOffers.leadId];
        await tx
          .insert(checkoutOffers)
          .values({ checkoutId, ...owner, ...clock })
          .onConflictDoNothing({ target });
        return personClocksOf(tx, person);
      });
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
