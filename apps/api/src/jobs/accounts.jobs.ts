import { z } from "zod";
import {
  DELETE_DUE_ACCOUNTS_JOB,
  PASSWORD_RESET_MAIL_JOB,
  REMOVAL_MAIL_JOB,
  type AccountRecoveryService,
} from "../modules/accounts/account-recovery.service.ts";
import { PRUNE_ACCESS_TOKENS_JOB, type AccountsService } from "../modules/accounts/accounts.service.ts";
import { defineJob } from "./job.ts";
import { PROMPT_QUEUE_POLICY } from "./queue.ts";

/** Accounts whose removal was confirmed are deleted when due. Each confirmation also queues this job for its due time; the hourly run is the safety net. */
export const deleteDueAccountsJob = (recovery: AccountRecoveryService) =>
  defineJob({
    name: DELETE_DUE_ACCOUNTS_JOB,
    cron: "7 * * * *",
    payload: z.object({}),
    run: async () => ({ deleted: await recovery.deleteDueAccounts() }),
  });

/** Every night, expired access tokens and spent one-time codes are deleted. */
export const pruneAccessTokensJob = (accounts: AccountsService) =>
  defineJob({ name: PRUNE_ACCESS_TOKENS_JOB, cron: "37 3 * * *", payload: z.object({}), run: () => accounts.pruneExpired() });

/** The address a recovery or removal request named, as queued whether or not it has an account, and the request's id. */
const AccountLinkPayload = z.object({ email: z.string().min(3).max(254), request: z.uuid().optional() });

/** A password recovery request: the reset link goes to the address if it has an open account. */
export const passwordResetMailJob = (recovery: AccountRecoveryService) =>
  defineJob({
    name: PASSWORD_RESET_MAIL_JOB,
    policy: PROMPT_QUEUE_POLICY,
    payload: AccountLinkPayload,
    run: ({ email, request }) => recovery.sendPasswordResetLink(email, request),
  });

/** An account removal request: the confirmation link goes to the address if it has an open account. */
export const removalMailJob = (recovery: AccountRecoveryService) =>
  defineJob({
    name: REMOVAL_MAIL_JOB,
    policy: PROMPT_QUEUE_POLICY,
    payload: AccountLinkPayload,
    run: ({ email, request }) => recovery.sendRemovalLink(email, request),
  });
