import QRCode from "qrcode";
import { generate as generateTotp, generateSecret, generateURI, verify as verifyTotp } from "otplib";
import {
  isStaffRole,
  normalizeEmail,
  permissionsOf,
  STAFF_INVITATION_DAYS,
  STAFF_RECOVERY_CODES,
  STAFF_SESSION,
  staffSessionExpiry,
  type StaffRole,
} from "@serene/domain";
import type { Database } from "@serene/db";
import { conflict, invalid, invalidField, notFound, unauthenticated } from "../../domain-errors.ts";
import { isUuid } from "../../http/ids.ts";
import { seal, unseal } from "../../sealing.ts";
import { hashPassword, newPasswordProblems, verifyPassword } from "../accounts/passwords.ts";
import { hashSecret, newSecret, temporaryPassword } from "../accounts/secrets.ts";
import { toCsv } from "../data-export/data-export.presenter.ts";
import type { Mailer } from "../mail/mailer.ts";
import { emails, type Brand } from "../mail/templates.ts";
import { createStaffRepository, type AuditRow, type StaffRepository, type StaffRow } from "./staff.repository.ts";

/** Where a staff request came from, for the audit log and the sessions list. */
export interface From {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The audit log's entry for a change a member of staff (or the command line, `actor` null) made: every
 * console module writes it with `createStaffRepository(tx).audit(...)` in the change's own transaction.
 */
export function auditEntry(
  actor: Pick<StaffRow, "id" | "email"> | null,
  from: From,
  action: string,
  target: { type: string; id: string },
  change: { before?: unknown; after?: unknown },
) {
  return {
    staffId: actor?.id ?? null,
    staffEmail: actor?.email ?? "command line",
    action,
    targetType: target.type,
    targetId: target.id,
    before: change.before ?? null,
    after: change.after ?? null,
    ip: from.ip,
    userAgent: from.userAgent,
  };
}

/** A member of staff signed in with a live session. */
export interface StaffSignIn {
  staff: StaffRow;
  role: StaffRole;
  sessionId: string;
}

export const STAFF_CREDENTIALS_MESSAGE = "These credentials do not match our records.";
export const STAFF_CODE_MESSAGE = "That code is not right. Use the six digits your authenticator app shows now, or a recovery code.";
export const STAFF_CHALLENGE_MESSAGE = "This sign-in has ended. Please sign in again.";
export const STAFF_INVITATION_MESSAGE = "This invitation is not valid any more. Ask an owner for a new one.";
export const STAFF_TAKEN_MESSAGE = "This address already has a staff account.";
export const STAFF_LAST_OWNER_MESSAGE = "Serene needs at least one owner: make someone else an owner first.";

const TOKEN_PREFIX = "staff_";
/** TOTP codes a step either side of now are taken: a phone's clock a little off still signs in. */
const TOTP_TOLERANCE_SECONDS = 30;
const TOTP_STEP_SECONDS = 30;

interface Deps {
  db: Database;
  mailer: Pick<Mailer, "send">;
  brand: Brand;
  appUrl: string;
  secretsKey: Buffer;
  now?: () => Date;
}

/**
 * Staff accounts (decision 067): invitations by an owner, two-factor sign-in (a password, then a TOTP
 * code or a recovery code), short revocable sessions, role changes and the audit log. Every change
 * commits with its audit entry.
 */
export function createStaffService(deps: Deps) {
  const now = deps.now ?? (() => new Date());
  const repo = createStaffRepository(deps.db);
  const inTransaction = <T>(work: (tx: StaffRepository) => Promise<T>) =>
    deps.db.transaction((tx) => work(createStaffRepository(tx as Database)));
  const audit = (
    tx: StaffRepository,
    actor: StaffRow | null,
    from: From,
    action: string,
    target: { type: string; id: string },
    change: { before?: unknown; after?: unknown },
  ) => tx.audit(auditEntry(actor, from, action, target, change));

  const secretOf = (staff: StaffRow) => (staff.totpSecret ? unseal(staff.totpSecret, deps.secretsKey) : null);

  /** The TOTP code's time step when it is right now (a step either way), and not used before. */
  async function takeTotp(tx: StaffRepository, staff: StaffRow, code: string): Promise<boolean> {
    const secret = secretOf(staff);
    if (!secret || !/^\d{6}$/.test(code)) return false;
    const result = await verifyTotp({
      secret,
      token: code,
      epoch: Math.floor(now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
    });
    if (!result.valid) return false;
    const matchedAt = "epoch" in result ? (result.epoch as number) : Math.floor(now().getTime() / 1000);
    return tx.takeTotpStep(staff.id, Math.floor(matchedAt / TOTP_STEP_SECONDS));
  }

  async function openSession(tx: StaffRepository, staff: StaffRow, from: From) {
    const token = `${TOKEN_PREFIX}${newSecret()}`;
    const at = now();
    const expiresAt = staffSessionExpiry(at, at);
    await tx.insertSession({
      staffId: staff.id,
      kind: "session",
      tokenHash: hashSecret(token),
      ip: from.ip,
      userAgent: from.userAgent,
      expiresAt,
    });
    return { token, expiresAt };
  }

  const present = (staff: StaffRow) => ({
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role as StaffRole,
    permissions: permissionsOf(staff.role as StaffRole),
    status: staff.disabledAt ? ("disabled" as const) : staff.totpConfirmedAt ? ("active" as const) : ("invited" as const),
    created_at: staff.createdAt.toISOString(),
  });

  return {
    present,

    /** An owner (or the command line, `actor` null) invites someone by e-mail; the link's token is returned to the command line only. */
    async invite(actor: StaffRow | null, input: { email: string; role: string }, from: From) {
      if (!isStaffRole(input.role)) throw invalidField("role", "The role must be owner, support, editor or analyst.");
      const email = normalizeEmail(input.email);
      const token = newSecret();
      const staff = await inTransaction(async (tx) => {
        const created = await tx.insertInvited({ email, name: email.split("@")[0]!, role: input.role, invitedBy: actor?.id ?? null });
        if (!created) throw invalidField("email", STAFF_TAKEN_MESSAGE);
        await tx.insertInvitation({
          staffId: created.id,
          tokenHash: hashSecret(token),
          expiresAt: new Date(now().getTime() + STAFF_INVITATION_DAYS * 86_400_000),
        });
        await audit(tx, actor, from, "staff.invited", { type: "staff", id: created.id }, { after: { email, role: input.role } });
        return created;
      });
      const link = `${deps.appUrl}/admin/invitation?token=${encodeURIComponent(token)}`;
      await deps.mailer.send({
        to: email,
        ...emails.staffInvitation(deps.brand, actor?.name ?? null, input.role, link, STAFF_INVITATION_DAYS),
        urgent: true,
      });
      return { staff: present(staff), token, link };
    },

    /** What an invitation link is for: its address and role. */
    async invitation(token: string) {
      const open = await repo.openInvitation(hashSecret(token), now());
      if (!open || open.staff.disabledAt) throw notFound(STAFF_INVITATION_MESSAGE);
      return { email: open.staff.email, role: open.staff.role as StaffRole };
    },

    /** The invitee sets a name and a password, and gets a new TOTP secret to add to their authenticator app. */
    async acceptInvitation(token: string, input: { name: string; password: string }) {
      const open = await repo.openInvitation(hashSecret(token), now());
      if (!open || open.staff.disabledAt) throw notFound(STAFF_INVITATION_MESSAGE);
      const problems = newPasswordProblems(input.password, open.staff.email);
      if (problems.length > 0) throw invalid({ password: problems });
      const secret = generateSecret();
      await repo.update(open.staff.id, {
        name: input.name.trim(),
        passwordHash: await hashPassword(input.password),
        totpSecret: seal(secret, deps.secretsKey),
        totpConfirmedAt: null,
        totpLastStep: null,
      });
      const uri = generateURI({ issuer: `${deps.brand.product} console`, label: open.staff.email, secret });
      return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
    },

    /** The first code from the app proves it holds the secret: the account is active, recovery codes are shown once, and the invitee is signed in. */
    async confirmInvitation(token: string, code: string, from: From) {
      return inTransaction(async (tx) => {
        const open = await tx.openInvitation(hashSecret(token), now());
        if (!open || open.staff.disabledAt || !open.staff.passwordHash) throw notFound(STAFF_INVITATION_MESSAGE);
        if (!(await takeTotp(tx, open.staff, code.trim()))) throw invalidField("code", STAFF_CODE_MESSAGE);
        if (!(await tx.acceptInvitation(open.invitation.id, now()))) throw notFound(STAFF_INVITATION_MESSAGE);
        const staff = (await tx.update(open.staff.id, { totpConfirmedAt: now() }))!;
        const codes = Array.from({ length: STAFF_RECOVERY_CODES }, () => temporaryPassword());
        await tx.replaceRecoveryCodes(staff.id, codes.map(hashSecret));
        await audit(tx, staff, from, "staff.joined", { type: "staff", id: staff.id }, { after: { name: staff.name, role: staff.role } });
        const session = await openSession(tx, staff, from);
        return { token: session.token, expires_at: session.expiresAt.toISOString(), recovery_codes: codes, staff: present(staff) };
      });
    },

    /** The password, first: a short challenge for the second factor. One answer for every failure. */
    async signIn(input: { email: string; password: string }, from: From) {
      const staff = await repo.findByEmail(normalizeEmail(input.email));
      const passwordRight = await verifyPassword(staff?.passwordHash, input.password);
      if (!staff || !passwordRight || staff.disabledAt || !staff.totpConfirmedAt) throw invalidField("email", STAFF_CREDENTIALS_MESSAGE);
      const challenge = `${TOKEN_PREFIX}${newSecret()}`;
      await repo.insertSession({
        staffId: staff.id,
        kind: "challenge",
        tokenHash: hashSecret(challenge),
        ip: from.ip,
        userAgent: from.userAgent,
        expiresAt: new Date(now().getTime() + STAFF_SESSION.challengeMinutes * 60_000),
      });
      return { challenge, expires_in: STAFF_SESSION.challengeMinutes * 60 };
    },

    /** The second factor: a TOTP code or an unused recovery code ends the challenge with a session. */
    async verify(challenge: string, code: string, from: From) {
      const outcome = await inTransaction(async (tx) => {
        const live = await tx.liveSession(hashSecret(challenge), "challenge", now());
        if (!live || live.staff.disabledAt) throw unauthenticatedWith(STAFF_CHALLENGE_MESSAGE);
        const given = code.trim().toLowerCase();
        const right = /^\d{6}$/.test(given)
          ? await takeTotp(tx, live.staff, given)
          : await tx.useRecoveryCode(live.staff.id, hashSecret(given), now());
        if (!right) return { wrong: live.session.id };
        await tx.deleteSession(live.session.id, live.staff.id);
        const usedRecovery = !/^\d{6}$/.test(given);
        if (usedRecovery) await audit(tx, live.staff, from, "staff.recovery-code-used", { type: "staff", id: live.staff.id }, {});
        const session = await openSession(tx, live.staff, from);
        return {
          signedIn: {
            token: session.token,
            expires_at: session.expiresAt.toISOString(),
            staff: present(live.staff),
            recovery_codes_left: await tx.unusedRecoveryCodes(live.staff.id),
          },
        };
      });
      if ("signedIn" in outcome) return outcome.signedIn;
      // Counted outside the answer's transaction, so a wrong code is never forgotten.
      const attempts = await repo.countAttempt(outcome.wrong);
      if (attempts >= STAFF_SESSION.challengeAttempts) {
        const live = await repo.liveSession(hashSecret(challenge), "challenge", now());
        if (live) await repo.deleteSession(live.session.id, live.staff.id);
        throw unauthenticatedWith(STAFF_CHALLENGE_MESSAGE);
      }
      throw invalidField("code", STAFF_CODE_MESSAGE);
    },

    /** The signed-in member of staff of a bearer token, its idle time started again; null for anything else. */
    async authenticate(token: string): Promise<StaffSignIn | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
      const at = now();
      const live = await repo.liveSession(hashSecret(token), "session", at);
      if (!live || live.staff.disabledAt || !isStaffRole(live.staff.role)) return null;
      await repo.touchSession(live.session.id, at, staffSessionExpiry(live.session.createdAt, at));
      return { staff: live.staff, role: live.staff.role, sessionId: live.session.id };
    },

    signOut: (signIn: StaffSignIn) => repo.deleteSession(signIn.sessionId, signIn.staff.id),

    async sessions(signIn: StaffSignIn) {
      const rows = await repo.sessionsOf(signIn.staff.id, now());
      return rows.map((row) => ({
        id: row.id,
        current: row.id === signIn.sessionId,
        ip: row.ip,
        user_agent: row.userAgent,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
      }));
    },

    async endSession(signIn: StaffSignIn, id: string) {
      if (!isUuid(id) || !(await repo.deleteSession(id, signIn.staff.id))) throw notFound("Session not found.");
      return { message: "The session has ended." };
    },

    list: async () => (await repo.list()).map(present),

    /** An owner changes someone's role; the last owner stays one. */
    async changeRole(actor: StaffRow, id: string, role: string, from: From) {
      if (!isStaffRole(role)) throw invalidField("role", "The role must be owner, support, editor or analyst.");
      return inTransaction(async (tx) => {
        const staff = isUuid(id) ? await tx.findById(id) : null;
        if (!staff) throw notFound("Staff member not found.");
        if (staff.role === role) return present(staff);
        if (staff.role === "owner" && !staff.disabledAt && (await tx.countOwners()) <= 1) throw conflict(STAFF_LAST_OWNER_MESSAGE);
        const changed = (await tx.update(id, { role }))!;
        await audit(tx, actor, from, "staff.role-changed", { type: "staff", id }, { before: { role: staff.role }, after: { role } });
        return present(changed);
      });
    },

    /** An owner disables an account: its sessions end at once; the last owner stays. */
    async disable(actor: StaffRow, id: string, from: From) {
      return inTransaction(async (tx) => {
        const staff = isUuid(id) ? await tx.findById(id) : null;
        if (!staff) throw notFound("Staff member not found.");
        if (staff.disabledAt) return present(staff);
        if (staff.role === "owner" && (await tx.countOwners()) <= 1) throw conflict(STAFF_LAST_OWNER_MESSAGE);
        const changed = (await tx.update(id, { disabledAt: now() }))!;
        const ended = await tx.deleteSessionsOf(id);
        await tx.closeInvitationsOf(id, now());
        await audit(
          tx,
          actor,
          from,
          "staff.disabled",
          { type: "staff", id },
          { before: { status: present(staff).status }, after: { status: "disabled", sessions_ended: ended } },
        );
        return present(changed);
      });
    },

    async auditPage(page: number, perPage: number) {
      const { rows, total } = await repo.auditPage(perPage, (page - 1) * perPage);
      return {
        data: rows.map(presentAudit),
        meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
      };
    },

    /** The whole log as CSV, oldest first. */
    async auditCsv(): Promise<string> {
      const columns = ["id", "at", "staff_email", "action", "target_type", "target_id", "before", "after", "ip", "user_agent"] as const;
      const rows = (await repo.auditAll()).map(presentAudit);
      return toCsv(
        columns,
        rows.map((entry) =>
          columns.map((column) => (column === "before" || column === "after" ? json(entry[column]) : (entry[column] ?? null))),
        ),
      );
    },

    /** A code as the authenticator app shows it now (the demo owner's first sign-in, and tests). */
    currentCode: (secret: string) => generateTotp({ secret }),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;

const presentAudit = (row: AuditRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  staff_id: row.staffId,
  staff_email: row.staffEmail,
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
  user_agent: row.userAgent,
});

const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

function unauthenticatedWith(message: string) {
  const error = unauthenticated();
  error.message = message;
  return error;
}
