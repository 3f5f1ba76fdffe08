import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { leads } from "./leads.ts";
import { users } from "./users.ts";

/**
 * One finished (or partly finished) quiz: the answers by field key, against the member when signed
 * in, else anonymous with the e-mail given, or a lead. Quiz definitions are content (content/demo/quizzes.json),
 * so `quizId` names one of those, not a row.
 */
export const quizAnswers = pgTable(
  "quiz_answers",
  {
    id: uuid().primaryKey().defaultRandom(),
    quizId: integer().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    leadId: uuid().references(() => leads.id, { onDelete: "set null" }),
    email: text(),
    answers: jsonb().$type<Record<string, string | number | string[]>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("quiz_answers_user_idx").on(table.userId), index("quiz_answers_lead_idx").on(table.leadId)],
);
