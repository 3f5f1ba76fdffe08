import { inArray } from "drizzle-orm";
import { leads, users, type Database } from "@serene/db";
import { hashPassword } from "../modules/accounts/passwords";

/** Accounts for trying the product, created only when demo data is on (never in production by default). */
export const DEMO_ACCOUNTS = [{ name: "Robin", email: "member@serene.example", password: "quiet-lake-morning" }] as const;

/** A pre-registered lead, for the lead sign-up link /create-account?u=lead&statistic_id=demo-lead. */
export const DEMO_LEAD = { statisticId: "demo-lead", name: "Jamie", email: "jamie.lead@serene.example" } as const;

export async function seedDemoAccounts(db: Database): Promise<number> {
  let created = 0;
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((account) => account.email)));
  const known = new Set(existing.map((row) => row.email));
  // Hashing costs tens of milliseconds, so only accounts that are missing are made.
  for (const account of DEMO_ACCOUNTS.filter((candidate) => !known.has(candidate.email))) {
    const rows = await db
      .insert(users)
      .values({ name: account.name, email: account.email, passwordHash: await hashPassword(account.password), emailVerifiedAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    created += rows.length;
  }
  await db.insert(leads).values(DEMO_LEAD).onConflictDoNothing({ target: leads.statisticId });
  return created;
}
