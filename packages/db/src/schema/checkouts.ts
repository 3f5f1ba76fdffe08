import { boolean, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { packages } from "./packages.ts";

/** A sales page's set of packages: /subscription/{id} (checkout) or the promo checkout page (promo). */
export const checkouts = pgTable("checkouts", {
  id: integer().primaryKey(),
  /** checkout or promo. */
  type: text().notNull(),
  /** green-main, white-main, default, vsl-type-2. */
  theme: text().notNull().default("default"),
  name: text().notNull(),
  /** The sales page copy it is sold with (content/demo/sales-pages.json slug). */
  salesPage: text().notNull().default("calm-in-five"),
  /** After a purchase, show the recommendations carousel. */
  recommendations: boolean().notNull().default(false),
  /** The timed offer's length (docs/decisions/030-honest-offers.md); its offer packages are sold only while it runs. */
  offerHours: integer().notNull().default(4),
});

export const checkoutPackages = pgTable(
  "checkout_packages",
  {
    checkoutId: integer()
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    packageId: integer()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.packageId] })],
);
