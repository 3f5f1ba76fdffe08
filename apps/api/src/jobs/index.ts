import type { Services } from "../app";
import { deleteDueAccountsJob, passwordResetMailJob, pruneAccessTokensJob, removalMailJob } from "./accounts.jobs";
import { chargeDueJob, renewalSweepJob, trialReminderJob, walletReconciliationJob } from "./billing.jobs";
import { deliverEmailJob } from "./deliver-email.job";
import { pruneAnalyticsJob } from "./prune-analytics.job";
import type { JobDefinition } from "./queue";

/** Every background job of the product, bound to the services it runs on. */
export function jobDefinitions(services: Services): JobDefinition[] {
  return [
    pruneAnalyticsJob(services.analytics),
    deliverEmailJob(services.mailer),
    deleteDueAccountsJob(services.recovery),
    passwordResetMailJob(services.recovery),
    removalMailJob(services.recovery),
    pruneAccessTokensJob(services.accounts),
    trialReminderJob(services.billing),
    chargeDueJob(services.billing),
    renewalSweepJob(services.billing),
    walletReconciliationJob(services.walletReconciliation),
  ];
}
