import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export type OutboxStatus = "logged" | "queued" | "sent" | "failed";

/** Every e-mail the product sends: the record of what went out, and the queue for SMTP delivery. */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    toAddress: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text().$type<OutboxStatus>().notNull(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * What the message is about, for messages sent once per event (a receipt per payment, the
     * trial start per subscription): a second send with the same key writes nothing.
     */
    dedupeKey: text(),
  },
  (t) => [
    index("outbox_emails_created_idx").on(t.createdAt),
    index("outbox_emails_user_idx").on(t.userId),
    uniqueIndex("outbox_emails_dedupe_idx").on(t.dedupeKey),
  ],
);
