import type { Services } from "../app.ts";
import { deleteDueAccountsJob, passwordResetMailJob, pruneAccessTokensJob, removalMailJob } from "./accounts.jobs.ts";
import { chargeDueJob, finishRefundsJob, renewalSweepJob, trialReminderJob, walletReconciliationJob } from "./billing.jobs.ts";
import { packageUploadJob, retryStalledUploadsJob } from "./content.jobs.ts";
import { deliverEmailJob } from "./deliver-email.job.ts";
import { pruneAnalyticsJob } from "./prune-analytics.job.ts";
import { pruneReplaysJob } from "./prune-replays.job.ts";
import type { JobDefinition } from "./queue.ts";

/** Every background job of the product, bound to the services it runs on. */
export function jobDefinitions(services: Services): JobDefinition[] {
  return [
    pruneAnalyticsJob(services.analytics),
    deliverEmailJob(services.mailer),
    deleteDueAccountsJob(services.recovery),
    passwordResetMailJob(services.recovery),
    removalMailJob(services.recovery),
    pruneAccessTokensJob(services.accounts),
    pruneReplaysJob(services.db, services.now),
    trialReminderJob(services.billing),
    chargeDueJob(services.billing),
    renewalSweepJob(services.billing),
    walletReconciliationJob(services.walletReconciliation),
    finishRefundsJob(services.refunds),
    packageUploadJob(services.editor),
    retryStalledUploadsJob(services.editor),
  ];
}
