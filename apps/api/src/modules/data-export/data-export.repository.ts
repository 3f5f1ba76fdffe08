import { asc, count, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  accessTokens,
  accountCodes,
  checkoutOffers,
  comingSoonLeads,
  contentItems,
  contentShares,
  contentViews,
  favorites,
  leads,
  listeningDays,
  listeningPositions,
  listeningSessions,
  memberAchievements,
  mixerPresets,
  notes,
  outboxEmails,
  paymentCustomers,
  payments,
  refunds,
  playHistory,
  purchases,
  quizAnswers,
  socialIdentities,
  subscriptions,
  users,
  workbookEntries,
  type Database,
} from "@serene/db";
import type { ExportSectionName } from "@serene/contracts";

/**
 * What "Download my data" reads (decision 037): one registry of sections, each a table and the rows of it that
 * belong to the member. A section exports every column of its table (in snake_case, as the database names it)
 * except the owner's id and the columns it withholds, each with the reason the file gives. A new table that
 * belongs to members is one line here (and its shape in contracts' ExportSections); `data-export.test.ts` fails
 * while a table with a `user_id` column is neither here nor in DATA_EXPORT_EXCLUSIONS.
 */
interface Section {
  table: PgTable;
  /** Which rows are the member's; by default the table's user_id is theirs. */
  owned?: (userId: string) => SQL | undefined;
  /** Columns (by their key in the drizzle table) the product holds but the file leaves out: the reason given. */
  withhold?: Record<string, string>;
  /** The order of the rows (oldest first, so a file reads as a history); by default created_at, then the key. */
  order?: PgColumn[];
}

const SECRET_HASH =
  "A one-way hash of a secret: nobody, the product included, can turn it back into the secret, so it stays on the server.";
const E_MAIL_BODY =
  "The text of an e-mail sent to you, which may hold a single-use sign-in or reset link; a copy went to your inbox, and the subject, address and dates are in the file.";
const REPLAY_KEY = "A random key the app made so a retried purchase is never charged twice; it says nothing about you.";

/** The ids of the leads the member claimed, as a subquery. */
const leadsOf = (userId: string) => sql`(select ${leads.id} from ${leads} where ${leads.userId} = ${userId})`;

const section = (table: PgTable, options: Omit<Section, "table"> = {}): Section => ({ table, ...options });

export const DATA_EXPORT_SECTIONS = {
  access_tokens: section(accessTokens, { withhold: { tokenHash: SECRET_HASH } }),
  account_codes: section(accountCodes, { withhold: { codeHash: SECRET_HASH } }),
  social_identities: section(socialIdentities),
  subscriptions: section(subscriptions, { order: [subscriptions.startedAt, subscriptions.id] }),
  payment_customers: section(paymentCustomers),
  purchases: section(purchases, {
    withhold: {
      idempotencyKey: REPLAY_KEY,
      fingerprint: "A hash of what a purchase call asked for, kept to refuse the same key with another request.",
      response: "The answer given to a purchase call, kept to replay it to a retry; it may hold a processor's client secret.",
    },
  }),
  payments: section(payments, { withhold: { idempotencyKey: REPLAY_KEY } }),
  refunds: section(refunds, {
    withhold: {
      staffId: "Which member of our staff gave the refund: an internal account, not part of your data.",
      requestKey: "A hash of a random key the console made so a refund is never given twice; it says nothing about you.",
      fingerprint: "A hash of what the refund asked for, kept to refuse the same key with another request.",
    },
  }),
  checkout_offers: section(checkoutOffers, { order: [checkoutOffers.startedAt, checkoutOffers.id] }),
  favorites: section(favorites),
  play_history: section(playHistory, { order: [playHistory.playedAt, playHistory.itemId] }),
  content_views: section(contentViews, { order: [contentViews.viewedAt, contentViews.id] }),
  listening_sessions: section(listeningSessions, { order: [listeningSessions.startedAt, listeningSessions.id] }),
  listening_days: section(listeningDays, { order: [listeningDays.timeZone, listeningDays.day] }),
  listening_positions: section(listeningPositions, { order: [listeningPositions.updatedAt, listeningPositions.itemId] }),
  member_achievements: section(memberAchievements, { order: [memberAchievements.receivedAt, memberAchievements.machineName] }),
  content_shares: section(contentShares),
  notes: section(notes),
  workbook_entries: section(workbookEntries),
  mixer_presets: section(mixerPresets),
  // Answers sent while signed in, and those of a lead the member claimed by opening its e-mailed link. Answers
  // sent anonymously with the same address are not proven to be theirs, so they are not in the file.
  quiz_answers: section(quizAnswers, {
    owned: (userId) => or(eq(quizAnswers.userId, userId), inArray(quizAnswers.leadId, leadsOf(userId))),
  }),
  leads: section(leads, { withhold: { tokenHash: SECRET_HASH, linkTokenHash: SECRET_HASH } }),
  coming_soon_leads: section(comingSoonLeads),
  outbox_emails: section(outboxEmails, { withhold: { text: E_MAIL_BODY, html: E_MAIL_BODY } }),
} satisfies Record<ExportSectionName, Section>;

/**
 * Tables with a `user_id` column that the file leaves out, each with its reason: only sums worked out from what
 * the file already holds. (Analytics events have no user_id: they are kept against a browser session id, never
 * against an account, so nothing links them to a member; decision 037.)
 */
export const DATA_EXPORT_EXCLUSIONS: Record<string, string> = {
  request_replays:
    "The answers to the member's own requests, kept for a day so a request sent twice is done once; sealed with a key only their browser held.",
  listening_summaries:
    "Totals and streaks worked out from listening_days (kept so the dashboard answers quickly); the file has listening_days itself.",
};

/** The account itself: the users row, whose own id is the member's. */
export const DATA_EXPORT_ACCOUNT = section(users, {
  owned: (userId) => eq(users.id, userId),
  withhold: { passwordHash: SECRET_HASH },
});

/** `createdAt` → `created_at`: the column's name in the database (drizzle's snake_case casing). */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The columns a section puts in the file, by their snake_case name, and those it withholds. */
export function sectionColumns(definition: Section) {
  const all = getTableColumns(definition.table) as Record<string, PgColumn>;
  const withheld = definition.withhold ?? {};
  const exported: Record<string, PgColumn> = {};
  for (const [key, column] of Object.entries(all)) {
    if (definition.table !== users && key === "userId") continue;
    if (key in withheld) continue;
    exported[snakeCase(key)] = column;
  }
  return { all, exported, withheld };
}

/** Dates leave as ISO 8601 in UTC; everything else as the database gave it. */
const plain = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));

export type ExportRow = Record<string, unknown>;
export type WithheldCount = { field: string; rowsWithValue: number; reason: string };

export function createDataExportRepository(db: Database) {
  const ownedBy = (definition: Section, userId: string) => {
    const owner = (getTableColumns(definition.table) as Record<string, PgColumn>).userId;
    return definition.owned ? definition.owned(userId) : eq(owner!, userId);
  };

  const orderOf = (definition: Section): PgColumn[] => {
    if (definition.order) return definition.order;
    const columns = getTableColumns(definition.table) as Record<string, PgColumn>;
    return [columns.createdAt, columns.id ?? columns.itemId].filter((column): column is PgColumn => column !== undefined);
  };

  async function rowsOf(executor: Database, definition: Section, userId: string): Promise<ExportRow[]> {
    const { exported } = sectionColumns(definition);
    const found = await executor
      .select(exported)
      .from(definition.table)
      .where(ownedBy(definition, userId))
      .orderBy(...orderOf(definition).map((column) => asc(column)));
    return found.map(plain);
  }

  async function withheldOf(executor: Database, name: string, definition: Section, userId: string): Promise<WithheldCount[]> {
    const { all, withheld } = sectionColumns(definition);
    const keys = Object.keys(withheld);
    if (keys.length === 0) return [];
    const counts = Object.fromEntries(keys.map((key) => [key, count(all[key]!)]));
    const [counted] = await executor.select(counts).from(definition.table).where(ownedBy(definition, userId));
    return keys.map((key) => ({
      field: `${name}.${snakeCase(key)}`,
      rowsWithValue: Number((counted as Record<string, unknown> | undefined)?.[key] ?? 0),
      reason: withheld[key]!,
    }));
  }

  return {
    /**
     * Everything of the member, read in one read-only transaction so the file is one moment's picture. Null when
     * the account does not exist (any more).
     */
    async everything(userId: string) {
      return db.transaction(
        async (tx) => {
          const executor = tx as unknown as Database;
          const [account] = await rowsOf(executor, DATA_EXPORT_ACCOUNT, userId);
          if (!account) return null;
          const sections = {} as Record<ExportSectionName, ExportRow[]>;
          const withheld = await withheldOf(executor, "users", DATA_EXPORT_ACCOUNT, userId);
          for (const [name, definition] of Object.entries(DATA_EXPORT_SECTIONS) as [ExportSectionName, Section][]) {
            sections[name] = await rowsOf(executor, definition, userId);
            withheld.push(...(await withheldOf(executor, name, definition, userId)));
          }
          return { account, sections, withheld };
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
    },

    /** One section's rows of the member (the CSV files). */
    section: (name: ExportSectionName, userId: string) => rowsOf(db, DATA_EXPORT_SECTIONS[name], userId),

    /** The names, types and models of catalogue items, for the ids a file names. */
    async items(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: contentItems.id, name: contentItems.name, type: contentItems.type, model: contentItems.model })
        .from(contentItems)
        .where(inArray(contentItems.id, ids))
        .orderBy(asc(contentItems.id));
    },

    /** The member's time zone (for the date in the file's name); null when they never sent one. */
    timeZoneOf: async (userId: string): Promise<string | null> =>
      (await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1))[0]?.timeZone ?? null,
  };
}
export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
