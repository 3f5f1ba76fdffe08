import { DAY_MS, normalizeEmail } from "@serene/domain";
import type { ResetPasswordBody } from "@serene/contracts";
import { FieldErrors, invalidField, notFound } from "../../domain-errors";
import type { JobQueue } from "../../jobs/queue";
import { emails } from "../mail/templates";
import type { AccountsContext } from "./accounts.service";
import { hashPassword, newPasswordProblems } from "./passwords";
import { hashSecret, newSecret } from "./secrets";

export const DELETE_DUE_ACCOUNTS_JOB = "accounts.delete-due";

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
}

/**
 * Password recovery and account removal. Requests always answer the same, whether or not the
 * address has an account; the e-mailed links carry single-use codes kept only as hashes.
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

  return {
    async requestPasswordReset(rawEmail: string, ip: string) {
      const email = normalizeEmail(rawEmail);
      await ctx.limiter.consume("recovery", ip, email);
      const user = await ctx.repo.findUserByEmail(email);
      if (user && !user.deletionDueAt) {
        const code = await sendCode(user.id, "password_reset", options.passwordResetMs);
        const url = `${ctx.appUrl}/password/reset?${new URLSearchParams({ token: code, email })}`;
        const minutes = Math.round(options.passwordResetMs / 60_000);
        await ctx.mailer.send({ to: user.email, userId: user.id, ...emails.passwordReset(ctx.brand, user.name, url, minutes) });
      }
      return { message: RECOVERY_MESSAGE };
    },

    /** Sets the new password, signs out every device and returns a fresh access token. */
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
        await tx.updateUser(user.id, { passwordHash });
        await tx.deleteTokens(user.id);
        await tx.expireCodes(user.id, "password_reset", now());
        return ctx.accessTokens.issue(user.id, body.device_name ?? "web", tx);
      });
      await ctx.mailer.send({ to: user.email, userId: user.id, ...emails.passwordChanged(ctx.brand, user.name) });
      return { message: "Your password has been reset.", token };
    },

    async requestRemoval(rawEmail: string, ip: string) {
      const email = normalizeEmail(rawEmail);
      await ctx.limiter.consume("removal", ip, email);
      const user = await ctx.repo.findUserByEmail(email);
      if (user && !user.deletionDueAt) {
        const code = await sendCode(user.id, "account_removal", REMOVAL_LINK_MS);
        const url = `${ctx.appUrl}/confirm-remove/${code}`;
        await ctx.mailer.send({ to: user.email, userId: user.id, ...emails.confirmRemoval(ctx.brand, user.name, url) });
      }
      return { message: REMOVAL_REQUESTED_MESSAGE };
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
}
export type AccountRecoveryService = ReturnType<typeof createAccountRecoveryService>;
