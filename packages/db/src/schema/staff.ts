import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The people who run Serene (decision 067): separate from members, so a member's token never opens an
 * admin call and a staff token never opens a member's. `role` is owner, support, editor or analyst
 * (packages/domain staff-roles). A staff account is made by an owner's invitation, and holds a password
 * (argon2id) and a TOTP secret (sealed with STAFF_SECRETS_KEY) once the invitation is accepted.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased. */
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    passwordHash: text(),
    /** The TOTP secret, sealed (AES-256-GCM); null until the invitation is accepted. */
    totpSecret: text(),
    /** When the first code proved the authenticator app holds the secret: sign-in works from then on. */
    totpConfirmedAt: timestamp({ withTimezone: true }),
    /** The last TOTP time step used: a code is good once. */
    totpLastStep: bigint({ mode: "number" }),
    disabledAt: timestamp({ withTimezone: true }),
    invitedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_members_email_key").on(t.email)],
);

/** An owner's invitation: the link's token kept as a SHA-256, good for a few days and once. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: uuid()
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_invitations_token_key").on(t.tokenHash), index("staff_invitations_staff_idx").on(t.staffId)],
);

/**
 * A staff sign-in. `kind` "challenge": the password was right and the second factor is awaited (minutes);
 * "session": signed in (short-lived, revocable). Tokens kept as a SHA-256.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: uuid()
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    tokenHash: text().notNull(),
    /** Wrong second-factor codes sent with a challenge: it ends after a few. */
    attempts: integer().notNull().default(0),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("staff_sessions_token_key").on(t.tokenHash), index("staff_sessions_staff_idx").on(t.staffId)],
);

/** One-time recovery codes (for a lost authenticator), kept as SHA-256; a used one is marked. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: uuid()
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("staff_recovery_codes_staff_idx").on(t.staffId)],
);

/**
 * Every change a staff member made (decision 067): who, when, what (an action and its target), the
 * state before and after, and from where. Rows are only ever added: the database refuses to change or
 * delete them (a trigger), whoever asks.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** Null for a change made from the command line (`npm run admin:invite`). */
    staffId: uuid(),
    /** Kept as written, so the entry still says who after the account is gone. */
    staffEmail: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    userAgent: text(),
    at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc()), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);
