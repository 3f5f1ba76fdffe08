import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { accessTokens, accountCodes, leads, socialIdentities, users, type AccountCodePurpose, type Database } from "@serene/db";
import { leadWrites } from "../leads/leads.repository.ts";
import { outboxWrites } from "../mail/outbox.repository.ts";
import { quizAnswerWrites } from "../quiz/quiz.repository.ts";

export type UserRow = typeof users.$inferSelect;
type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

/**
 * The changes other modules make to a member's row (decision 059: the accounts module is the one writer
 * of `users`), each in the transaction (or database) they pass in.
 */
export const memberWrites = {
  /** A goal answered in the quiz or on a lead becomes the member's goal. */
  async setGoal(x: Pick<Database, "update">, userId: string, goal: string): Promise<void> {
    await x.update(users).set({ goal, updatedAt: new Date() }).where(eq(users.id, userId));
  },
  /** Remembers the zone the member's browser sent. */
  async setTimeZone(x: Pick<Database, "update">, userId: string, timeZone: string): Promise<void> {
    await x.update(users).set({ timeZone }).where(eq(users.id, userId));
  },
};
export type MemberWrites = typeof memberWrites;

/** A code of this kind with this hash, not used yet and not expired. */
const liveCode = (codeHash: string, purpose: AccountCodePurpose, now: Date) =>
  and(eq(accountCodes.codeHash, codeHash), eq(accountCodes.purpose, purpose), isNull(accountCodes.usedAt), gt(accountCodes.expiresAt, now));

/** The one writer of the account tables (users, access tokens, account codes, social identities; decision 059). */
export function createAccountsRepository(db: Database) {
  // Every authenticated request looks its token up: built once, prepared once per connection.
  // It also brings what every content answer needs about the member (favourites, subscriptions),
  // so a content call costs one round trip before its own work.
  const liveToken = db
    .select({
      token: accessTokens,
      user: users,
      favorites: sql<number[] | null>`(select array_agg(f.item_id) from favorites f where f.user_id = users.id)`,
      subscriptions: sql<
        { status: string; period_end: string | null }[] | null
      >`(select json_agg(json_build_object('status', s.status, 'period_end', s.current_period_end)) from subscriptions s where s.user_id = users.id)`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder("tokenHash")),
        gt(accessTokens.expiresAt, sql.placeholder("now")),
        isNull(users.deletionDueAt),
      ),
    )
    .prepare("accounts_live_token");

  const repo = (x: Executor) => ({
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const [user] = await x.select().from(users).where(eq(users.email, email));
      return user ?? null;
    },
    async findUserById(id: string): Promise<UserRow | null> {
      const [user] = await x.select().from(users).where(eq(users.id, id));
      return user ?? null;
    },
    /** Inserts a user unless the e-mail is taken; null when it is. */
    async insertUser(values: { name: string; email: string; passwordHash: string | null; emailVerifiedAt?: Date | null }) {
      const [user] = await x.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
      return user ?? null;
    },
    async updateUser(
      id: string,
      values: Partial<Pick<UserRow, "name" | "email" | "passwordHash" | "deletionDueAt" | "emailVerifiedAt" | "goal">>,
    ) {
      const [user] = await x
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return user ?? null;
    },
    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await x
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)));
      return Boolean(row);
    },

    async insertToken(values: { userId: string; tokenHash: string; deviceName: string; expiresAt: Date }) {
      await x.insert(accessTokens).values(values);
    },
    /** The live token with its user; an account waiting for deletion has no live tokens. */
    async findLiveToken(tokenHash: string, now: Date) {
      const [row] = await liveToken.execute({ tokenHash, now });
      return row ?? null;
    },
    async touchToken(id: string, now: Date, expiresAt: Date) {
      await x.update(accessTokens).set({ lastUsedAt: now, expiresAt }).where(eq(accessTokens.id, id));
    },
    async deleteToken(id: string, userId: string) {
      await x.delete(accessTokens).where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)));
    },
    /** Revokes every token of the user, or every one but `keepId`. */
    async deleteTokens(userId: string, keepId?: string) {
      await x
        .delete(accessTokens)
        .where(keepId ? and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepId)) : eq(accessTokens.userId, userId));
    },
    /**
     * Ends every way into the account but the session `keepTokenId` (decision 050): its access tokens,
     * trusted browsers, linked sign-in identities and a pending e-mail change.
     */
    async endOtherAccess(userId: string, now: Date, keepTokenId?: string) {
      await x
        .delete(accessTokens)
        .where(keepTokenId ? and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepTokenId)) : eq(accessTokens.userId, userId));
      await x
        .update(accountCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountCodes.userId, userId),
            inArray(accountCodes.purpose, ["trusted_device", "email_change"]),
            isNull(accountCodes.usedAt),
          ),
        );
      await x.delete(socialIdentities).where(eq(socialIdentities.userId, userId));
    },
    async deleteExpiredTokens(now: Date) {
      const rows = await x.delete(accessTokens).where(lte(accessTokens.expiresAt, now)).returning({ id: accessTokens.id });
      return rows.length;
    },

    async insertCode(values: { userId: string; purpose: AccountCodePurpose; codeHash: string; expiresAt: Date; newEmail?: string | null }) {
      await x.insert(accountCodes).values(values);
    },
    /**
     * Marks a live code used and returns it, in one statement, so two requests with the same code
     * cannot both succeed. With `forEmail`, only a code of the account with that e-mail is used: a
     * request naming another address leaves the code as it was.
     */
    async useCode(codeHash: string, purpose: AccountCodePurpose, now: Date, forEmail?: string) {
      const [code] = await x
        .update(accountCodes)
        .set({ usedAt: now })
        .where(
          and(
            liveCode(codeHash, purpose, now),
            forEmail === undefined
              ? undefined
              : inArray(accountCodes.userId, x.select({ id: users.id }).from(users).where(eq(users.email, forEmail))),
          ),
        )
        .returning();
      return code ?? null;
    },
    /** A live code of the kind, without using it up (a trusted-device mark is shown on every sign-in). */
    async findLiveCode(codeHash: string, purpose: AccountCodePurpose, now: Date) {
      const [code] = await x
        .select({ id: accountCodes.id, userId: accountCodes.userId })
        .from(accountCodes)
        .where(liveCode(codeHash, purpose, now));
      return code ?? null;
    },
    /** One-time codes used or expired before `before`: they can no longer do anything. */
    async deleteSpentCodes(before: Date) {
      const rows = await x
        .delete(accountCodes)
        .where(or(lte(accountCodes.usedAt, before), lte(accountCodes.expiresAt, before)))
        .returning({ id: accountCodes.id });
      return rows.length;
    },
    /** The address an e-mail change waits to confirm, if one does. */
    async pendingEmail(userId: string, now: Date): Promise<string | null> {
      const [code] = await x
        .select({ newEmail: accountCodes.newEmail })
        .from(accountCodes)
        .where(
          and(
            eq(accountCodes.userId, userId),
            eq(accountCodes.purpose, "email_change"),
            isNull(accountCodes.usedAt),
            gt(accountCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(accountCodes.createdAt))
        .limit(1);
      return code?.newEmail ?? null;
    },
    /** Older unused codes of the same kind stop working when a new one is sent. */
    async expireCodes(userId: string, purpose: AccountCodePurpose, now: Date) {
      await x
        .update(accountCodes)
        .set({ usedAt: now })
        .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose), isNull(accountCodes.usedAt)));
    },

    async findIdentity(provider: "google" | "apple" | "facebook", subject: string) {
      const [identity] = await x
        .select()
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
      return identity ?? null;
    },
    async insertIdentity(values: {
      userId: string;
      provider: "google" | "apple" | "facebook";
      subject: string;
      email: string | null;
      openedAccount: boolean;
    }) {
      await x.insert(socialIdentities).values(values).onConflictDoNothing();
    },
    /** The account this identity opened (created by signing in with it), else null; a link to an account that already existed does not count. */
    async findAccountOpenedBy(provider: "google" | "apple" | "facebook", subject: string): Promise<UserRow | null> {
      const [row] = await x
        .select({ user: users })
        .from(socialIdentities)
        .innerJoin(users, eq(users.id, socialIdentities.userId))
        .where(
          and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject), eq(socialIdentities.openedAccount, true)),
        );
      return row?.user ?? null;
    },

    async findLeadByStatisticId(statisticId: string) {
      const [lead] = await x.select().from(leads).where(eq(leads.statisticId, statisticId));
      return lead ?? null;
    },
    /**
     * Uses up the sign-in token of an unclaimed lead, in one statement (two requests with the same
     * token cannot both succeed), only when the request names the lead's own address; returns the lead.
     */
    useLeadToken: (tokenHash: string, email: string, now: Date) => leadWrites.useToken(x, tokenHash, email, now),
    /** The unclaimed lead whose own link token has this hash, or null. */
    async findOpenLeadByLinkToken(linkTokenHash: string) {
      const [lead] = await x
        .select()
        .from(leads)
        .where(and(eq(leads.linkTokenHash, linkTokenHash), isNull(leads.userId)));
      return lead ?? null;
    },
    async findLeadById(id: string) {
      const [lead] = await x.select().from(leads).where(eq(leads.id, id));
      return lead ?? null;
    },
    /** Makes an unclaimed lead the member's, in one statement (of two requests only one can); false when it was claimed. */
    takeOpenLead: (id: string, userId: string): Promise<boolean> => leadWrites.takeOpen(x, id, userId),
    /**
     * Links the lead and the answers stored against it to the member (its e-mailed links stop working);
     * answers the answers, newest first. The lead's offer clocks stay the lead's: the member's deadline
     * is read across the leads they claimed (decision 051).
     */
    async claimLead(id: string, userId: string) {
      await leadWrites.claim(x, id, userId);
      const answered = await quizAnswerWrites.claim(x, id, userId);
      return answered.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((row) => row.answers);
    },

    /** Accounts whose removal was confirmed and whose grace period is over. */
    async dueForDeletion(now: Date, limit = 100) {
      return x.select({ id: users.id, email: users.email }).from(users).where(lte(users.deletionDueAt, now)).limit(limit);
    },
    /** Deletes the account; every row that references it goes with it (ON DELETE CASCADE). */
    async deleteUser(id: string, email: string) {
      // The leads of the address (and those the member claimed), with the answers stored against them.
      await leadWrites.deleteOf(x, email, id);
      // E-mails written to the address before it had an account (a lead's result e-mail) name no user.
      await outboxWrites.deleteUnownedTo(x, email);
      // Answers sent before signing in carry only the e-mail; the member's own go with the account.
      await quizAnswerWrites.deleteSentFrom(x, email);
      const rows = await x.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length === 1;
    },
  });

  return {
    ...repo(db),
    /** Runs `work` in one transaction, with a repository bound to it. */
    transaction<T>(work: (tx: ReturnType<typeof repo>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(repo(tx)));
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
