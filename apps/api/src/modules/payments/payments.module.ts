import { defineModule } from "../../http/module.ts";
import { adminSubscriptionsRoutes } from "./admin-subscriptions.routes.ts";
import { createBillingService } from "./billing.service.ts";
import { createPaymentsRepository } from "./payments.repository.ts";
import { paymentsRoutes } from "./payments.routes.ts";
import { createPaymentProcessors } from "./processors/index.ts";
import { createPurchasesService } from "./purchases.service.ts";
import { receiptsRoutes } from "./receipts.routes.ts";
import { createRefundsService } from "./refunds.service.ts";
import { createReceiptsService } from "./receipts.service.ts";
import { sandboxApprovalPages, sandboxCardApiRoutes } from "./sandbox-payments.routes.ts";
import { createWalletReconciliation } from "./wallet-reconciliation.service.ts";

/** Purchases, billing, receipts and the payment processors (their sandboxes outside production). */
export const paymentsModule = defineModule({
  name: "payments",
  services: (shared) => {
    const { db, config, subscriptionsRepository, subscriptions, plansRepository, mailer, brand, jobs, now, logger, metrics, database } =
      shared;
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
      onCharge: metrics.payment,
    });
    const refunds = createRefundsService({
      repository,
      card: processors.card,
      wallet: processors.wallet,
      mailer,
      brand,
      appUrl: config.appUrl,
      database,
      logger,
      now,
    });
    return {
      processors,
      billing,
      refunds,
      purchases: createPurchasesService({
        repository,
        subscriptions,
        plans: plansRepository,
        billing,
        refunds,
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
  api: async (api, { purchases, refunds, receipts, processors, limiter, subscriptions, staff, database }) => {
    await api.register(paymentsRoutes({ purchases, limiter }));
    await api.register(adminSubscriptionsRoutes({ purchases, refunds, subscriptions, staff, database }));
    await api.register(receiptsRoutes({ receipts }));
    if (processors.sandboxCard) await api.register(sandboxCardApiRoutes(processors.sandboxCard, limiter));
  },
  root: (app, { processors }) => app.register(sandboxApprovalPages({ card: processors.sandboxCard, wallet: processors.sandboxWallet })),
});
