import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { auditLog, staffInvitations, staffMembers, staffRecoveryCodes, staffSessions, type Database } from "@serene/db";

export type StaffRow = typeof staffMembers.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Omit<typeof auditLog.$inferInsert, "id" | "at">;

/**
 * Staff accounts, their invitations, sign-ins and recovery codes, and the audit log (decision 067).
 * Built on a transaction (`db.transaction((tx) => createStaffRepository(tx))`) for a change and its
 * audit entry to commit together.
 */
export function createStaffRepository(db: Database) {
  return {
    findById: async (id: string): Promise<StaffRow | null> =>
      (await db.select().from(staffMembers).where(eq(staffMembers.id, id)).limit(1))[0] ?? null,
    findByEmail: async (email: string): Promise<StaffRow | null> =>
      (await db.select().from(staffMembers).where(eq(staffMembers.email, email)).limit(1))[0] ?? null,
    list: () => db.select().from(staffMembers).orderBy(asc(staffMembers.createdAt), asc(staffMembers.email)),
    countOwners: async (): Promise<number> =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffMembers)
          .where(and(eq(staffMembers.role, "owner"), isNull(staffMembers.disabledAt)))
      )[0]!.n,

    /** A new staff account waiting for its invitation to be accepted; null when the address has one. */
    insertInvited: async (values: { email: string; name: string; role: string; invitedBy: string | null }): Promise<StaffRow | null> =>
      (await db.insert(staffMembers).values(values).onConflictDoNothing().returning())[0] ?? null,
    update: async (id: string, values: Partial<typeof staffMembers.$inferInsert>): Promise<StaffRow | null> =>
      (
        await db
          .update(staffMembers)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(staffMembers.id, id))
          .returning()
      )[0] ?? null,
    /** Takes a TOTP time step once: false when it (or a later one) was used already. */
    takeTotpStep: async (id: string, step: number): Promise<boolean> =>
      (
        await db
          .update(staffMembers)
          .set({ totpLastStep: step })
          .where(and(eq(staffMembers.id, id), sql`coalesce(${staffMembers.totpLastStep}, -1) < ${step}`))
          .returning({ id: staffMembers.id })
      ).length === 1,

    insertInvitation: async (values: { staffId: string; tokenHash: string; expiresAt: Date }) => {
      await db.insert(staffInvitations).values(values);
    },
    /** The open invitation of this token (not accepted, not expired) and its account. */
    openInvitation: async (tokenHash: string, now: Date) =>
      (
        await db
          .select({ invitation: staffInvitations, staff: staffMembers })
          .from(staffInvitations)
          .innerJoin(staffMembers, eq(staffMembers.id, staffInvitations.staffId))
          .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, now)))
          .limit(1)
      )[0] ?? null,
    acceptInvitation: async (id: string, at: Date): Promise<boolean> =>
      (
        await db
          .update(staffInvitations)
          .set({ acceptedAt: at })
          .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
          .returning({ id: staffInvitations.id })
      ).length === 1,
    closeInvitationsOf: async (staffId: string, at: Date) => {
      await db
        .update(staffInvitations)
        .set({ acceptedAt: at })
        .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.acceptedAt)));
    },

    insertSession: async (values: typeof staffSessions.$inferInsert): Promise<StaffSessionRow> =>
      (await db.insert(staffSessions).values(values).returning())[0]!,
    /** A live sign-in of this kind with its account. */
    liveSession: async (tokenHash: string, kind: "challenge" | "session", now: Date) =>
      (
        await db
          .select({ session: staffSessions, staff: staffMembers })
          .from(staffSessions)
          .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
          .where(and(eq(staffSessions.tokenHash, tokenHash), eq(staffSessions.kind, kind), gt(staffSessions.expiresAt, now)))
          .limit(1)
      )[0] ?? null,
    touchSession: async (id: string, at: Date, expiresAt: Date) => {
      await db.update(staffSessions).set({ lastUsedAt: at, expiresAt }).where(eq(staffSessions.id, id));
    },
    /** Counts a wrong code against a challenge; the number of wrong codes so far. */
    countAttempt: async (id: string): Promise<number> =>
      (
        await db
          .update(staffSessions)
          .set({ attempts: sql`${staffSessions.attempts} + 1` })
          .where(eq(staffSessions.id, id))
          .returning({ attempts: staffSessions.attempts })
      )[0]?.attempts ?? 0,
    deleteSession: async (id: string, staffId: string): Promise<boolean> =>
      (
        await db
          .delete(staffSessions)
          .where(and(eq(staffSessions.id, id), eq(staffSessions.staffId, staffId)))
          .returning({ id: staffSessions.id })
      ).length === 1,
    deleteSessionsOf: async (staffId: string): Promise<number> =>
      (await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId)).returning({ id: staffSessions.id })).length,
    sessionsOf: (staffId: string, now: Date) =>
      db
        .select()
        .from(staffSessions)
        .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.kind, "session"), gt(staffSessions.expiresAt, now)))
        .orderBy(desc(staffSessions.lastUsedAt)),
    pruneSessions: async (now: Date): Promise<number> =>
      (await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now)).returning({ id: staffSessions.id })).length,

    replaceRecoveryCodes: async (staffId: string, codeHashes: string[]) => {
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
      await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
    },
    /** Uses a recovery code once: false when it is unknown or used. */
    useRecoveryCode: async (staffId: string, codeHash: string, at: Date): Promise<boolean> =>
      (
        await db
          .update(staffRecoveryCodes)
          .set({ usedAt: at })
          .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
          .returning({ id: staffRecoveryCodes.id })
      ).length === 1,
    unusedRecoveryCodes: async (staffId: string): Promise<number> =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffRecoveryCodes)
          .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)))
      )[0]!.n,

    /** Adds an entry to the audit log (the database refuses any other change to it). */
    audit: async (entry: AuditEntry) => {
      await db.insert(auditLog).values(entry);
    },
    auditPage: async (limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> => {
      const rows = await db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset);
      const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      return { rows, total: counted?.n ?? 0 };
    },
    auditAll: () => db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id)),
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
