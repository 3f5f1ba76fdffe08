import { randomUUID } from "node:crypto";
import { DAY_MS, normalizeEmail } from "@serene/domain";
import type { ResetPasswordBody } from "@serene/contracts";
import { FieldErrors, invalidField, notFound } from "../../domain-errors.ts";
import type { BackgroundWork } from "../../jobs/background.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { emails } from "../mail/templates.ts";
import type { AccountsContext } from "./accounts.service.ts";
import { hashPassword, newPasswordProblems } from "./passwords.ts";
import { proveOwnership } from "./ownership.ts";
import { hashSecret, newSecret } from "./secrets.ts";

export const DELETE_DUE_ACCOUNTS_JOB = "accounts.delete-due";
/** The jobs that look an address up and e-mail its link (or nothing): the request only queues them. */
export const PASSWORD_RESET_MAIL_JOB = "accounts.password-reset-mail";
export const REMOVAL_MAIL_JOB = "accounts.removal-mail";
export type AccountLinkJob = typeof PASSWORD_RESET_MAIL_JOB | typeof REMOVAL_MAIL_JOB;

const RECOVERY_MESSAGE = "If an account exists for this e-mail address, we have sent it a link to reset the password.";
const REMOVAL_REQUESTED_MESSAGE =
  "We have sent you an email. Please click on the link in the email to confirm your account removal request.";
const REMOVAL_CONFIRMED_MESSAGE = "Your request has been successfully confirmed";
const REMOVAL_FAILED_MESSAGE = "An error occurred while confirming your request";
const RESET_LINK_MESSAGE = "This password reset link is invalid or has expired. Please ask for a new one.";
const REMOVAL_LINK_MS = DAY_MS;

export interface RecoveryOptions {
  passwordResetMs: number;
  deletionDelayMs: number;
  jobs?: JobQueue | null;
  /** Where the link e-mails are written after the answer when no queue runs. */
  background: BackgroundWork;
}

/**
 * Password recovery and account removal. Requests always answer the same, whether or not the
 * address has an account, after the same work: they count the rate limit and queue one job with
 * the address; the job looks the address up and e-mails the link, or nothing. The e-mailed links
 * carry single-use codes kept only as hashes.
 */
export function createAccountRecoveryService(ctx: AccountsContext, options: RecoveryOptions) {
  const now = ctx.now ?? (() => new Date());

  async function sendCode(userId: string, purpose: "password_reset" | "account_removal", lifetimeMs: number) {
    const code = newSecret();
    const at = now();
    await ctx.repo.expireCodes(userId, purpose, at);
    await ctx.repo.insertCode({ userId, purpose, codeHash: hashSecret(code), expiresAt: new Date(at.getTime() + lifetimeMs) });
    return code;
  }

  /**
   * One job per request, with the address as typed (normalised), whether or not it has an
   * account, and the request's own id: a job run again (its worker died) sends its link once.
   * Without a queue the same job runs in this process once the answer is on its way.
   */
  async function queueLinkMail(job: AccountLinkJob, email: string) {
    const request = randomUUID();
    if (options.jobs) {
      await options.jobs.send(job, { email, request }, { retryLimit: 3, retryBackoff: true });
    } else {
      options.background.run(job, () =>
        job === PASSWORD_RESET_MAIL_JOB ? service.sendPasswordResetLink(email, request) : service.sendRemovalLink(email, request),
      );
    }
  }

  /** The key of a request's link e-mail; true when a run of its job already wrote it. */
  const linkKey = (kind: string, request: string | undefined) => (request ? `${kind}:${request}` : undefined);
  const alreadyWritten = async (key: string | undefined) => (key ? ctx.mailer.wrote(key) : false);

  const service = {
    async requestPasswordReset(rawEmail: string, ip: string) {
      const email = normalizeEmail(rawEmail);
      await ctx.limiter.consume("recovery", ip, email);
      await queueLinkMail(PASSWORD_RESET_MAIL_JOB, email);
      return { message: RECOVERY_MESSAGE };
    },

    /** The job behind a recovery request: the reset link to an open account, nothing otherwise; once per request. */
    async sendPasswordResetLink(email: string, request?: string): Promise<{ sent: boolean }> {
      const user = await ctx.repo.findUserByEmail(normalizeEmail(email));
      if (!user || user.deletionDueAt) return { sent: false };
      const dedupeKey = linkKey("password-reset", request);
      if (await alreadyWritten(dedupeKey)) return { sent: true };
      const code = await sendCode(user.id, "password_reset", options.passwordResetMs);
      const url = `${ctx.appUrl}/password/reset?${new URLSearchParams({ token: code, email: user.email })}`;
      const minutes = Math.round(options.passwordResetMs / 60_000);
      await ctx.mailer.send({
        to: user.email,
        userId: user.id,
        ...emails.passwordReset(ctx.brand, user.name, url, minutes),
        urgent: true,
        ...(dedupeKey ? { dedupeKey } : {}),
      });
      return { sent: true };
    },

    /**
     * Sets the new password, signs out every device and returns a fresh access token. The link
     * reached the address's inbox, so the reset also proves the address (decision 050): on an
     * account not proven before, linked sign-in identities and a pending e-mail change end too.
     */
    async resetPassword(body: ResetPasswordBody, ip: string) {
      const email = normalizeEmail(body.email);
      // Counted as a code attempt, not against the three reset e-mails a quarter hour allows.
      await ctx.limiter.consume("code", ip, email);
      const errors = new FieldErrors();
      errors.addAll("password", newPasswordProblems(body.password, email));
      errors.throwIfAny();

      const code = await ctx.repo.useCode(hashSecret(body.token), "password_reset", now(), email);
      const user = code ? await ctx.repo.findUserById(code.userId) : null;
      if (!user || user.email !== email || user.deletionDueAt) throw invalidField("token", RESET_LINK_MESSAGE);

      const passwordHash = await hashPassword(body.password);
      const token = await ctx.repo.transaction(async (tx) => {
        await proveOwnership(tx, user, { kind: "password_reset", passwordHash }, now());
        await tx.deleteTokens(user.id);
        await tx.expireCodes(user.id, "password_reset", now());
        // Browsers trusted before the reset (perhaps someone else's) are trusted no longer.
        await tx.expireCodes(user.id, "trusted_device", now());
        return ctx.accessTokens.issue(user.id, body.device_name ?? "web", tx);
      });
      await ctx.mailer.send({ to: user.email, userId: user.id, ...emails.passwordChanged(ctx.brand, user.name) });
      return { message: "Your password has been reset.", token };
    },

    async requestRemoval(rawEmail: string, ip: string) {
      const email = normalizeEmail(rawEmail);
      await ctx.limiter.consume("removal", ip, email);
      await queueLinkMail(REMOVAL_MAIL_JOB, email);
      return { message: REMOVAL_REQUESTED_MESSAGE };
    },

    /** The job behind a removal request: the confirmation link to an open account, nothing otherwise; once per request. */
    async sendRemovalLink(email: string, request?: string): Promise<{ sent: boolean }> {
      const user = await ctx.repo.findUserByEmail(normalizeEmail(email));
      if (!user || user.deletionDueAt) return { sent: false };
      const dedupeKey = linkKey("account-removal", request);
      if (await alreadyWritten(dedupeKey)) return { sent: true };
      const code = await sendCode(user.id, "account_removal", REMOVAL_LINK_MS);
      const url = `${ctx.appUrl}/confirm-remove/${code}`;
      await ctx.mailer.send({
        to: user.email,
        userId: user.id,
        ...emails.confirmRemoval(ctx.brand, user.name, url),
        urgent: true,
        ...(dedupeKey ? { dedupeKey } : {}),
      });
      return { sent: true };
    },

    /** Closes the account at once (every token revoked) and deletes it after the grace period. */
    async confirmRemoval(code: string, ip: string) {
      await ctx.limiter.consume("code", ip, code);
      const used = await ctx.repo.useCode(hashSecret(code), "account_removal", now());
      if (!used) throw notFound(REMOVAL_FAILED_MESSAGE);
      const dueAt = new Date(now().getTime() + options.deletionDelayMs);
      await ctx.repo.transaction(async (tx) => {
        await tx.updateUser(used.userId, { deletionDueAt: dueAt });
        await tx.deleteTokens(used.userId);
      });
      if (options.jobs) {
        await options.jobs.send(DELETE_DUE_ACCOUNTS_JOB, {}, { startAfter: dueAt, retryLimit: 5, retryBackoff: true });
      }
      return { message: REMOVAL_CONFIRMED_MESSAGE };
    },

    /** Deletes every account whose grace period is over, with every row that belongs to it. */
    async deleteDueAccounts(): Promise<number> {
      let deleted = 0;
      for (;;) {
        const due = await ctx.repo.dueForDeletion(now());
        if (due.length === 0) return deleted;
        for (const user of due) if (await ctx.repo.deleteUser(user.id, user.email)) deleted++;
      }
    },
  };
  return service;
}
export type AccountRecoveryService = ReturnType<typeof createAccountRecoveryService>;
