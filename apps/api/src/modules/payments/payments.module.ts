import { defineModule } from "../../http/module";
import { createBillingService } from "./billing.service";
import { createPaymentsRepository } from "./payments.repository";
import { paymentsRoutes } from "./payments.routes";
import { createPaymentProcessors } from "./processors";
import { createPurchasesService } from "./purchases.service";
import { receiptsRoutes } from "./receipts.routes";
import { createReceiptsService } from "./receipts.service";
import { sandboxApprovalPages, sandboxCardApiRoutes } from "./sandbox-payments.routes";
import { createWalletReconciliation } from "./wallet-reconciliation.service";

/** Purchases, billing, receipts and the payment processors (their sandboxes outside production). */
export const paymentsModule = defineModule({
  name: "payments",
  services: (shared) => {
    const { db, config, subscriptionsRepository, subscriptions, plansRepository, mailer, brand, jobs, now, logger } = shared;
    const processors = createPaymentProcessors(config, db);
    const repository = createPaymentsRepository(db);
    const billing = createBillingService({
      repository,
      subscriptions: subscriptionsRepository,
      card: processors.card,
      wallet: processors.wallet,
      mailer,
      brand,
      appUrl: config.appUrl,
      jobs,
      retryAttempts: config.payments.retryAttempts,
      now,
      logger,
    });
    return {
      processors,
      billing,
      purchases: createPurchasesService({
        repository,
        subscriptions,
        plans: plansRepository,
        billing,
        card: processors.card,
        wallet: processors.wallet,
        appUrl: config.appUrl,
        product: config.appName,
        now,
      }),
      receipts: createReceiptsService({ repository, subscriptions, now }),
      walletReconciliation: createWalletReconciliation({
        repository,
        subscriptions: subscriptionsRepository,
        wallet: processors.wallet,
        logger,
        now,
      }),
    };
  },
  api: async (api, { purchases, receipts, processors, limiter }) => {
    await api.register(paymentsRoutes({ purchases, limiter }));
    await api.register(receiptsRoutes({ receipts }));
    if (processors.sandboxCard) await api.register(sandboxCardApiRoutes(processors.sandboxCard, limiter));
  },
  root: (app, { processors }) => app.register(sandboxApprovalPages({ card: processors.sandboxCard, wallet: processors.sandboxWallet })),
});
