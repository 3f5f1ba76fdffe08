import { generateSecret, generateURI } from "otplib";
import { eq, inArray, isNull } from "drizzle-orm";
import { DAY_MS, isEntitled } from "@serene/domain";
import { leads, subscriptions, users, type Database } from "@serene/db";
import { hashPassword } from "../modules/accounts/passwords.ts";
import { hashSecret } from "../modules/accounts/secrets.ts";
import { createStaffRepository } from "../modules/staff/staff.repository.ts";
import { seal } from "../sealing.ts";

/** Accounts for trying the product, created only when demo data is on (never in production by default). */
export const DEMO_ACCOUNTS = [
  { name: "Robin", email: "member@serene.example", password: "quiet-lake-morning", premium: false },
  { name: "Sam", email: "premium@serene.example", password: "still-water-evening", premium: true },
] as const;

const YEAR_MS = 365 * DAY_MS;

/**
 * A pre-registered lead, for the lead sign-up link `DEMO_LEAD_LINK`. A lead's link carries the lead's
 * own link token, which only its inbox receives (decision 050); the demo's is published like the demo
 * passwords.
 */
const DEMO_LEAD = { statisticId: "demo-lead", name: "Jamie", email: "jamie.lead@serene.example" } as const;
export const DEMO_LEAD_TOKEN = "demo-lead-invitation";
export const DEMO_LEAD_LINK = `/create-account?u=lead&statistic_id=${DEMO_LEAD.statisticId}&token=${DEMO_LEAD_TOKEN}`;

export async function seedDemoAccounts(db: Database): Promise<number> {
  let created = 0;
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
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
  await db
    .insert(leads)
    .values({ ...DEMO_LEAD, linkTokenHash: hashSecret(DEMO_LEAD_TOKEN) })
    .onConflictDoUpdate({ target: leads.statisticId, set: { linkTokenHash: hashSecret(DEMO_LEAD_TOKEN) }, where: isNull(leads.userId) });
  await keepDemoSubscriptions(db);
  return created;
}

/** The premium demo member always holds a current annual subscription (renewed here when it lapsed). */
async function keepDemoSubscriptions(db: Database) {
  const now = new Date();
  for (const account of DEMO_ACCOUNTS.filter((candidate) => candidate.premium)) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (!user) continue;
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    if (rows.some((row) => isEntitled(row, now))) continue;
    await db.insert(subscriptions).values({
      userId: user.id,
      status: "active",
      planType: "Annual",
      provider: "demo",
      startedAt: now,
      currentPeriodEnd: new Date(now.getTime() + YEAR_MS),
    });
  }
}

/** The operator console's demo owner (decision 067), published like the demo members' passwords. */
export const DEMO_OWNER = { name: "Morgan", email: "owner@serene.example", password: "calm-harbour-console" } as const;

/**
 * Makes the demo owner when there is none: an active account whose TOTP secret is new and returned
 * (the start-up log shows it once, to add to an authenticator app). Null when it exists already.
 */
export async function seedDemoOwner(db: Database, secretsKey: Buffer): Promise<{ secret: string; uri: string } | null> {
  const staff = createStaffRepository(db);
  if (await staff.findByEmail(DEMO_OWNER.email)) return null;
  const secret = generateSecret();
  const created = await staff.insertInvited({ email: DEMO_OWNER.email, name: DEMO_OWNER.name, role: "owner", invitedBy: null });
  if (!created) return null;
  await staff.update(created.id, {
    passwordHash: await hashPassword(DEMO_OWNER.password),
    totpSecret: seal(secret, secretsKey),
    totpConfirmedAt: new Date(),
  });
  await staff.audit({
    staffId: null,
    staffEmail: "demo data",
    action: "staff.created",
    targetType: "staff",
    targetId: created.id,
    before: null,
    after: { email: DEMO_OWNER.email, role: "owner" },
    ip: null,
    userAgent: null,
  });
  return { secret, uri: generateURI({ issuer: "Serene console", label: DEMO_OWNER.email, secret }) };
}
