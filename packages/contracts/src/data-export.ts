import { z } from "zod";
import { CacheBuster } from "./common.ts";

/**
 * "Download my data" (issue 15, decision 037): everything the product holds about the signed-in member, as one
 * JSON file, and the notes, listening sessions and worksheet answers as CSV files. Each section is one table's
 * rows of this member, named after the table, with the table's columns in snake_case; the member's own id is left
 * out of every row (it is `account.id`). Secrets (the password hash, hashes of sign-in tokens and e-mailed codes)
 * never leave the server: `withheld` says which ones the product holds and why they are not in the file.
 * Times are ISO 8601 in UTC; money is in minor units (cents) with its currency.
 */

export const DATA_EXPORT_FORMAT = "serene-data-export";
export const DATA_EXPORT_VERSION = 1;

const time = z.string();
const timeOrNull = z.string().nullable();
const id = z.string();
/** A JSON value the member or the product wrote (quiz and workbook answers, a subscription's lifecycle). */
const json = z.record(z.string(), z.unknown());

export const ExportAccount = z.object({
  id,
  name: z.string(),
  email: z.string(),
  goal: z.string().nullable(),
  time_zone: z.string().nullable(),
  email_verified_at: timeOrNull,
  deletion_due_at: timeOrNull,
  created_at: time,
  updated_at: time,
});
export type ExportAccount = z.infer<typeof ExportAccount>;

/** Rows of each section, by section name (the table's name). Every section is a list, empty when there is nothing. */
export const ExportSections = z.object({
  access_tokens: z.array(z.object({ id, device_name: z.string(), created_at: time, last_used_at: time, expires_at: time })),
  account_codes: z.array(
    z.object({ id, purpose: z.string(), new_email: z.string().nullable(), expires_at: time, used_at: timeOrNull, created_at: time }),
  ),
  social_identities: z.array(
    z.object({
      id,
      provider: z.string(),
      subject: z.string(),
      email: z.string().nullable(),
      opened_account: z.boolean(),
      created_at: time,
    }),
  ),
  subscriptions: z.array(
    z.object({
      id,
      status: z.string(),
      plan_type: z.string(),
      provider: z.string(),
      started_at: time,
      current_period_end: timeOrNull,
      package_id: z.number().int().nullable(),
      customer_id: z.string().nullable(),
      payment_method_id: z.string().nullable(),
      payment_method_label: z.string().nullable(),
      provider_subscription_id: z.string().nullable(),
      amount_cents: z.number().int().nullable(),
      currency: z.string().nullable(),
      lifecycle: json.nullable(),
      created_at: time,
      updated_at: time,
    }),
  ),
  payment_customers: z.array(z.object({ processor: z.string(), customer_id: z.string(), created_at: time })),
  purchases: z.array(
    z.object({
      id,
      kind: z.string(),
      provider: z.string(),
      package_id: z.number().int(),
      checkout_id: z.number().int().nullable(),
      status: z.string(),
      provider_reference: z.string().nullable(),
      subscription_id: z.string().nullable(),
      response_status: z.number().int().nullable(),
      created_at: time,
      updated_at: time,
    }),
  ),
  payments: z.array(
    z.object({
      id,
      subscription_id: z.string().nullable(),
      purchase_id: z.string().nullable(),
      provider: z.string(),
      provider_payment_id: z.string().nullable(),
      amount_cents: z.number().int(),
      credit_cents: z.number().int(),
      currency: z.string(),
      refunded_cents: z.number().int(),
      status: z.string(),
      period_start: timeOrNull,
      period_end: timeOrNull,
      failure_message: z.string().nullable(),
      created_at: time,
      updated_at: time,
    }),
  ),
  refunds: z.array(
    z.object({
      id,
      payment_id: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      reason: z.string(),
      status: z.string(),
      provider_refund_id: z.string().nullable(),
      failure_message: z.string().nullable(),
      created_at: time,
      updated_at: time,
    }),
  ),
  checkout_offers: z.array(
    z.object({ id, checkout_id: z.number().int(), lead_id: z.string().nullable(), started_at: time, ends_at: time }),
  ),
  favorites: z.array(z.object({ item_id: z.number().int(), created_at: time })),
  play_history: z.array(z.object({ item_id: z.number().int(), played_at: time })),
  content_views: z.array(z.object({ id, item_id: z.number().int(), viewed_at: time })),
  listening_sessions: z.array(
    z.object({ id, item_id: z.number().int().nullable(), started_at: time, ended_at: time, seconds: z.number().int(), created_at: time }),
  ),
  listening_days: z.array(
    z.object({
      time_zone: z.string(),
      day: z.string(),
      seconds: z.number().int(),
      sessions: z.number().int(),
      longest_seconds: z.number().int(),
    }),
  ),
  listening_positions: z.array(z.object({ item_id: z.number().int(), position: z.number(), duration: z.number(), updated_at: time })),
  member_achievements: z.array(z.object({ machine_name: z.string(), received_at: time })),
  content_shares: z.array(z.object({ id, item_id: z.number().int().nullable(), created_at: time })),
  notes: z.array(z.object({ id, title: z.string(), content: z.string(), created_at: time, updated_at: time })),
  workbook_entries: z.array(z.object({ id, workbook_id: z.number().int(), answers: json, created_at: time })),
  /** Saved mixes of the Sounds mixer (decision 044): each sound's catalogue id and its volume, from 0 to 1. */
  mixer_presets: z.array(
    z.object({
      id,
      name: z.string(),
      layers: z.array(z.object({ id: z.number().int(), volume: z.number() })),
      created_at: time,
      updated_at: time,
    }),
  ),
  quiz_answers: z.array(
    z.object({
      id,
      quiz_id: z.number().int(),
      lead_id: z.string().nullable(),
      email: z.string().nullable(),
      answers: json,
      created_at: time,
    }),
  ),
  leads: z.array(
    z.object({
      id,
      statistic_id: z.string(),
      name: z.string(),
      email: z.string(),
      token_expires_at: timeOrNull,
      created_at: time,
      updated_at: time,
    }),
  ),
  coming_soon_leads: z.array(
    z.object({
      id,
      funnel_key: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      created_at: time,
      updated_at: time,
    }),
  ),
  outbox_emails: z.array(
    z.object({
      id,
      to_address: z.string(),
      subject: z.string(),
      status: z.string(),
      error: z.string().nullable(),
      created_at: time,
      sent_at: timeOrNull,
      dedupe_key: z.string().nullable(),
    }),
  ),
});
export type ExportSections = z.infer<typeof ExportSections>;
export type ExportSectionName = keyof ExportSections;

/** A field the product holds but does not put in the file (a secret, or the body of an e-mail with a sign-in link). */
export const WithheldField = z.object({
  /** "users.password_hash". */
  field: z.string(),
  /** How many of the member's rows hold a value in it (0: the product holds none for them). */
  rows_with_value: z.number().int(),
  reason: z.string(),
});
export type WithheldField = z.infer<typeof WithheldField>;

/** A catalogue item the sections name by `item_id`, so the file reads without the app. */
export const ExportItem = z.object({ id: z.number().int(), name: z.string(), type: z.string(), model: z.string() });

// GET /user/export
export const DataExport = z
  .object({
    format: z.literal(DATA_EXPORT_FORMAT),
    version: z.literal(DATA_EXPORT_VERSION),
    product: z.string(),
    /** When the file was made, ISO 8601 UTC. */
    generated_at: time,
    account: ExportAccount,
    sections: ExportSections,
    withheld: z.array(WithheldField),
    items: z.array(ExportItem),
  })
  .meta({ id: "DataExport" });
export type DataExport = z.infer<typeof DataExport>;

export const DataExportQuery = CacheBuster;

/** The CSV files: GET /user/export/{name}.csv. */
export const DATA_EXPORT_CSV_FILES = ["notes", "sessions", "worksheets"] as const;
export type DataExportCsvFile = (typeof DATA_EXPORT_CSV_FILES)[number];
/** The columns of each CSV file, in order (the first line of the file). */
export const DATA_EXPORT_CSV_COLUMNS: Record<DataExportCsvFile, readonly string[]> = {
  notes: ["id", "title", "content", "created_at", "updated_at"],
  sessions: ["id", "item_id", "item_name", "started_at", "ended_at", "seconds"],
  worksheets: ["entry_id", "workbook_id", "created_at", "question_id", "value"],
};
