import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { schema } from "@serene/db";
import { describe, expect, it } from "vitest";

/**
 * One writer per table (decision 059): every table of the schema is inserted into, updated and deleted
 * from by one repository file, its module's. Another module that needs the table changed calls a function
 * of that repository, inside the transaction it passes in. Reads (joins, subqueries) are anyone's.
 * `null`: nothing in the running API writes the table; only the seed loaders do.
 * Files outside the rule: tests (`*.test.ts`, `src/test/**`) and the seed loaders (`src/seed/**`).
 */
const TABLE_OWNERS: Record<string, string | null> = {
  users: "modules/accounts/accounts.repository.ts",
  access_tokens: "modules/accounts/accounts.repository.ts",
  account_codes: "modules/accounts/accounts.repository.ts",
  social_identities: "modules/accounts/accounts.repository.ts",
  leads: "modules/leads/leads.repository.ts",
  quiz_answers: "modules/quiz/quiz.repository.ts",
  outbox_emails: "modules/mail/outbox.repository.ts",
  analytics_events: "modules/analytics/analytics.repository.ts",
  coming_soon_leads: "modules/coming-soon/coming-soon.repository.ts",
  checkout_offers: "modules/plans/plans.repository.ts",
  subscriptions: "modules/subscriptions/subscriptions.repository.ts",
  payment_customers: "modules/payments/payments.repository.ts",
  purchases: "modules/payments/payments.repository.ts",
  payments: "modules/payments/payments.repository.ts",
  webhook_events: "modules/payments/payments.repository.ts",
  refunds: "modules/payments/payments.repository.ts",
  sandbox_refunds: "modules/payments/processors/sandbox-card.repository.ts",
  sandbox_payments: "modules/payments/processors/sandbox-card.repository.ts",
  sandbox_setup_intents: "modules/payments/processors/sandbox-card.repository.ts",
  sandbox_wallet_checkouts: "modules/payments/processors/sandbox-wallet.repository.ts",
  favorites: "modules/content/library.repository.ts",
  play_history: "modules/content/library.repository.ts",
  content_views: "modules/content/library.repository.ts",
  listening_sessions: "modules/content/library.repository.ts",
  listening_days: "modules/content/library.repository.ts",
  listening_summaries: "modules/content/library.repository.ts",
  content_shares: "modules/content/library.repository.ts",
  listening_positions: "modules/content/positions.repository.ts",
  member_achievements: "modules/achievements/achievements.repository.ts",
  mixer_presets: "modules/mixer/mixer.repository.ts",
  notes: "modules/notes/notes.repository.ts",
  workbook_entries: "modules/workbooks/workbooks.repository.ts",
  request_replays: "plugins/replays.repository.ts",
  staff_members: "modules/staff/staff.repository.ts",
  staff_invitations: "modules/staff/staff.repository.ts",
  staff_sessions: "modules/staff/staff.repository.ts",
  staff_recovery_codes: "modules/staff/staff.repository.ts",
  audit_log: "modules/staff/staff.repository.ts",
  // The catalogue, the plans and the settings ship as data: the seed loaders write them.
  app_settings: null,
  tags: "modules/content/editor.repository.ts",
  content_items: "modules/content/editor.repository.ts",
  content_item_tags: "modules/content/editor.repository.ts",
  content_uploads: "modules/content/editor.repository.ts",
  collections: null,
  collection_items: "modules/content/editor.repository.ts",
  screen_sections: null,
  section_items: "modules/content/editor.repository.ts",
  plan_steps: null,
  packages: null,
  checkouts: null,
  checkout_packages: null,
  faq_items: null,
};

interface Source {
  /** The path under apps/api/src, with forward slashes. */
  file: string;
  text: string;
}
interface Write {
  file: string;
  line: number;
  table: string;
  statement: string;
}

/** The schema's tables by the name they are exported under (`quizAnswers` → `quiz_answers`). */
const tablesByExport = new Map(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])),
);
const tableNames = new Set<string>(tablesByExport.values());

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/**
 * Every write in the sources: Drizzle's `.insert(t)`, `.update(t)` and `.delete(t)` of a schema table, and
 * `insert into t`, `update t` and `delete from t` in raw SQL (`sql` templates, `sql.raw` and `executeSql` strings).
 */
function writesIn(sources: Source[]): Write[] {
  const writes: Write[] = [];
  for (const { file, text } of sources) {
    for (const match of text.matchAll(/\.(insert|update|delete)\(\s*(?:schema\.)?([A-Za-z_$][\w$]*)\s*\)/g)) {
      const table = tablesByExport.get(match[2]!);
      if (table) writes.push({ file, line: lineOf(text, match.index), table, statement: match[1]! });
    }
    // Raw SQL: `sql` templates, and the strings handed to `sql.raw` or to the driver's `executeSql`.
    const rawSql = /\bsql`((?:[^`\\]|\\.)*)`|\b(?:sql\.raw|executeSql)\(\s*(["'`])((?:(?!\2)[^\\]|\\.)*)\2/g;
    for (const template of text.matchAll(rawSql)) {
      const body = template[1] ?? template[3]!;
      const start = template.index + template[0].indexOf(body);
      for (const match of body.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
        const table = match[2]!.toLowerCase();
        if (!tableNames.has(table)) continue;
        const statement = match[1]!.toLowerCase().replace(/\s+/g, " ");
        writes.push({ file, line: lineOf(text, start + match.index), table, statement });
      }
    }
  }
  return writes;
}

/** The writes made from a file that is not the table's owner. */
function strayWrites(sources: Source[], owners: Record<string, string | null> = TABLE_OWNERS): Write[] {
  return writesIn(sources).filter((write) => owners[write.table] !== write.file);
}

const apiSrc = fileURLToPath(new URL(".", import.meta.url));

/** The API's own sources: not the tests, the test helpers or the seed loaders (they may write anything). */
function apiSources(): Source[] {
  return readdirSync(apiSrc, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("seed/") && !file.startsWith("test/"))
    .map((file) => ({ file, text: readFileSync(path.join(apiSrc, file), "utf8") }));
}

const describeWrite = (write: Write) => `${write.file}:${write.line} ${write.statement} ${write.table}`;

describe("one writer per table", () => {
  it("declares an owner (or the seed alone) for every table of the schema, and no other name", () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tableNames].sort());
  });

  it("finds every write in the API in its table's owner", () => {
    const sources = apiSources();
    expect(strayWrites(sources).map(describeWrite)).toEqual([]);
    // Each owner named still writes its table, so the map cannot go stale.
    const written = new Set(writesIn(sources).map((write) => `${write.table} ${write.file}`));
    const owned = Object.entries(TABLE_OWNERS).flatMap(([table, file]) => (file ? [`${table} ${file}`] : []));
    expect(owned.filter((entry) => !written.has(entry))).toEqual([]);
  });

  it("reports a write from another module, through Drizzle or raw SQL", () => {
    const planted: Source[] = [
      {
        file: "modules/quiz/quiz.repository.ts",
        text: [
          "await tx.insert(quizAnswers).values(answer);",
          "await tx",
          "  .update(users)",
          "  .set({ goal });",
          "await db.select().from(leads).where(eq(leads.id, id));",
          "createHash('sha256').update(secret);",
        ].join("\n"),
      },
      {
        file: "modules/content/library.repository.ts",
        text: "await db.execute(sql`\n  delete from leads where id = ${id}`);\nawait db.execute(sql`update listening_summaries set version = 1`);",
      },
      { file: "seedless/loader.ts", text: "await db.delete(schema.faqItems);" },
      { file: "jobs/cleanup.ts", text: "await database.executeSql('delete from access_tokens where expires_at < now()');" },
    ];
    expect(writesIn(planted).map(describeWrite)).toEqual([
      "modules/quiz/quiz.repository.ts:1 insert quiz_answers",
      "modules/quiz/quiz.repository.ts:3 update users",
      "modules/content/library.repository.ts:2 delete from leads",
      "modules/content/library.repository.ts:3 update listening_summaries",
      "seedless/loader.ts:1 delete faq_items",
      "jobs/cleanup.ts:1 delete from access_tokens",
    ]);
    expect(strayWrites(planted).map(describeWrite)).toEqual([
      "modules/quiz/quiz.repository.ts:3 update users",
      "modules/content/library.repository.ts:2 delete from leads",
      "seedless/loader.ts:1 delete faq_items",
      "jobs/cleanup.ts:1 delete from access_tokens",
    ]);
  });
});
