import { and, desc, eq, or, sql } from "drizzle-orm";
import {
  checkoutOffers,
  leads,
  listeningSessions,
  memberAchievements,
  outboxEmails,
  payments,
  purchases,
  refunds,
  staffMembers,
  subscriptions,
  users,
  type Database,
} from "@serene/db";

/** Rows a search answers at most: a support question names one person. */
export const MEMBER_SEARCH_LIMIT = 20;
/** The newest e-mails a member's page lists. */
const EMAILS_SHOWN = 50;

/**
 * What support reads about members (decision 067). Reads only: every change to a member goes through
 * the module that owns its table.
 */
export function createSupportRepository(db: Database) {
  return {
    /**
     * Members whose id is `text`, whose address is it, or whose name or address contains it (trigram
     * index): an exact id or address first, then the newest accounts.
     */
    async search(text: string) {
      const needle = text.trim().toLowerCase();
      const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(needle);
      const haystack = sql`(lower(${users.name}) || ' ' || ${users.email})`;
      const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const newest = db
        .select({ subscription: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.userId, users.id))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          createdAt: users.createdAt,
          subscription: sql<string | null>`(${newest})`,
        })
        .from(users)
        .where(or(...(isId ? [eq(users.id, needle)] : []), eq(users.email, needle), sql`${haystack} like ${like}`))
        .orderBy(sql`${users.email} = ${needle} desc`, desc(users.createdAt))
        .limit(MEMBER_SEARCH_LIMIT);
    },

    findUser: async (id: string) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null,

    /** Everything a member's support page shows, newest first. */
    async detail(userId: string, email: string, timeZone: string | null) {
      const zone = timeZone ?? "UTC";
      const [subs, bought, paid, given, offers, leadRows, practice, badges, emails] = await Promise.all([
        db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)),
        db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(desc(purchases.createdAt)),
        db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)),
        db
          .select({
            id: refunds.id,
            paymentId: refunds.paymentId,
            amountCents: refunds.amountCents,
            currency: refunds.currency,
            status: refunds.status,
            reason: refunds.reason,
            staffEmail: staffMembers.email,
            failureMessage: refunds.failureMessage,
            createdAt: refunds.createdAt,
          })
          .from(refunds)
          .leftJoin(staffMembers, eq(staffMembers.id, refunds.staffId))
          .where(eq(refunds.userId, userId))
          .orderBy(desc(refunds.createdAt)),
        db.select().from(checkoutOffers).where(eq(checkoutOffers.userId, userId)).orderBy(desc(checkoutOffers.startedAt)),
        db
          .select()
          .from(leads)
          .where(or(eq(leads.userId, userId), eq(leads.email, email)))
          .orderBy(desc(leads.createdAt)),
        // Every session the player reported, with the days they fell on in the member's zone (UTC without one).
        db
          .select({
            days: sql<number>`count(distinct (${listeningSessions.startedAt} at time zone ${zone})::date)::int`,
            sessions: sql<number>`count(*)::int`,
            seconds: sql<number>`coalesce(sum(${listeningSessions.seconds}), 0)::bigint`,
          })
          .from(listeningSessions)
          .where(eq(listeningSessions.userId, userId)),
        db.select().from(memberAchievements).where(eq(memberAchievements.userId, userId)).orderBy(desc(memberAchievements.receivedAt)),
        db
          .select()
          .from(outboxEmails)
          .where(or(eq(outboxEmails.userId, userId), and(sql`${outboxEmails.userId} is null`, eq(outboxEmails.toAddress, email))))
          .orderBy(desc(outboxEmails.createdAt))
          .limit(EMAILS_SHOWN),
      ]);
      return { subs, bought, paid, given, offers, leadRows, practice, badges, emails };
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
