import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** First-party analytics: page views and product events sent by the web app. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    name: text().notNull(),
    path: text().notNull(),
    sessionId: text(),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analytics_events_occurred_at_idx").on(t.occurredAt), index("analytics_events_name_idx").on(t.name)],
);
