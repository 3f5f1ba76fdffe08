import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { loadComingSoon, loadLandingPages, loadQuizzes, loadQuotes, loadSalesPages, loadVsl, loadWorkbooks } from "@serene/content";
import { VslDefinitions, type SalesPage } from "@serene/contracts";
import { formatCount, heroTitle } from "@serene/domain";
import { DomainError } from "./domain-errors";
import type { DatabaseHandle } from "@serene/db";
import { fastifyTrustProxy, type Config } from "./config";
import { createBackgroundWork } from "./jobs/background";
import type { JobQueue } from "./jobs/queue";
import { loggerOptions } from "./logger";
import { createAccountRecoveryService } from "./modules/accounts/account-recovery.service";
import { createAccountsRepository, memberWrites } from "./modules/accounts/accounts.repository";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { createAccountsService } from "./modules/accounts/accounts.service";
import { createProfileService } from "./modules/accounts/profile.service";
import { createAccessTokens } from "./modules/accounts/access-tokens";
import { createIdentityVerifier } from "./modules/identity/identity-verifier";
import { createSandboxIdentity } from "./modules/identity/sandbox-identity";
import { appleCallbackRoute, sandboxIdentityRoutes } from "./modules/identity/sandbox-identity.routes";
import { createMailer } from "./modules/mail/mailer";
import { createOutboxRepository } from "./modules/mail/outbox.repository";
import { outboxRoutes } from "./modules/mail/outbox.routes";
import { createRateLimiter } from "./plugins/rate-limit";
import { createAchievementsRepository } from "./modules/achievements/achievements.repository";
import { achievementsRoutes } from "./modules/achievements/achievements.routes";
import { createAchievementsService } from "./modules/achievements/achievements.service";
import { createQuotesService } from "./modules/quotes/quotes.service";
import { quotesRoutes } from "./modules/quotes/quotes.routes";
import { createAnalyticsRepository } from "./modules/analytics/analytics.repository";
import { analyticsRoutes } from "./modules/analytics/analytics.routes";
import { createAnalyticsService } from "./modules/analytics/analytics.service";
import { createCatalogueCache } from "./modules/content/catalogue-snapshot";
import { createCatalogueRepository } from "./modules/content/catalogue.repository";
import { createCatalogueService } from "./modules/content/catalogue.service";
import { createContentPresenter } from "./modules/content/content.presenter";
import { contentRoutes } from "./modules/content/content.routes";
import { createLibraryRepository } from "./modules/content/library.repository";
import { libraryRoutes } from "./modules/content/library.routes";
import { createLibraryService } from "./modules/content/library.service";
import { createPositionsRepository } from "./modules/content/positions.repository";
import { positionsRoutes } from "./modules/content/positions.routes";
import { createPositionsService } from "./modules/content/positions.service";
import { createMediaAccess } from "./modules/media/media-access.service";
import { registerMediaFiles, signedCookieRoutes } from "./modules/media/media.routes";
import { loadSigningKey } from "./modules/media/signing-key";
import { createPlansRepository } from "./modules/plans/plans.repository";
import { plansRoutes } from "./modules/plans/plans.routes";
import { createPlansService } from "./modules/plans/plans.service";
import { createSubscriptionsRepository } from "./modules/subscriptions/subscriptions.repository";
import { subscriptionsRoutes } from "./modules/subscriptions/subscriptions.routes";
import { createSubscriptionsService } from "./modules/subscriptions/subscriptions.service";
import { createBillingService } from "./modules/payments/billing.service";
import { createPaymentsRepository } from "./modules/payments/payments.repository";
import { paymentsRoutes } from "./modules/payments/payments.routes";
import { receiptsRoutes } from "./modules/payments/receipts.routes";
import { createReceiptsService } from "./modules/payments/receipts.service";
import { createPaymentProcessors } from "./modules/payments/processors";
import { createPurchasesService } from "./modules/payments/purchases.service";
import { createWalletReconciliation } from "./modules/payments/wallet-reconciliation.service";
import { sandboxApprovalPages, sandboxCardApiRoutes } from "./modules/payments/sandbox-payments.routes";
import { createFaqRepository } from "./modules/faq/faq.repository";
import { faqRoutes } from "./modules/faq/faq.routes";
import { createFaqService } from "./modules/faq/faq.service";
import { createComingSoonRepository } from "./modules/coming-soon/coming-soon.repository";
import { comingSoonRoutes } from "./modules/coming-soon/coming-soon.routes";
import { createComingSoonService } from "./modules/coming-soon/coming-soon.service";
import { createDataExportRepository } from "./modules/data-export/data-export.repository";
import { dataExportRoutes } from "./modules/data-export/data-export.routes";
import { createDataExportService } from "./modules/data-export/data-export.service";
import { createMixerRepository } from "./modules/mixer/mixer.repository";
import { mixerRoutes } from "./modules/mixer/mixer.routes";
import { createMixerService } from "./modules/mixer/mixer.service";
import { createNotesRepository } from "./modules/notes/notes.repository";
import { notesRoutes } from "./modules/notes/notes.routes";
import { createNotesService } from "./modules/notes/notes.service";
import { createQuizRepository } from "./modules/quiz/quiz.repository";
import { quizRoutes } from "./modules/quiz/quiz.routes";
import { createQuizService } from "./modules/quiz/quiz.service";
import { createLeadsRepository } from "./modules/leads/leads.repository";
import { leadsRoutes } from "./modules/leads/leads.routes";
import { createLeadsService } from "./modules/leads/leads.service";
import { salesPagesRoutes } from "./modules/sales-pages/sales-pages.routes";
import { createSalesPagesService } from "./modules/sales-pages/sales-pages.service";
import { vslRoutes } from "./modules/vsl/vsl.routes";
import { createWorkbooksRepository } from "./modules/workbooks/workbooks.repository";
import { workbooksRoutes } from "./modules/workbooks/workbooks.routes";
import { createWorkbooksService } from "./modules/workbooks/workbooks.service";
import { createVslService } from "./modules/vsl/vsl.service";
import { createHealthChecks } from "./modules/system/health.service";
import { healthRoutes, pingRoutes } from "./modules/system/system.routes";
import { authPlugin } from "./plugins/auth";
import { answerFrameworkError, registerErrorHandler, sendError } from "./plugins/errors";
import { registerFormData } from "./plugins/form-data";
import { registerNulCharacterCheck } from "./plugins/nul-characters";
import { registerOpenApi } from "./plugins/openapi";
import { registerSecurityHeaders } from "./plugins/security";
import { serializerCompiler } from "./plugins/serializer";
import { registerWebApp, type SalesFrameSource, type SalesFrameWords } from "./plugins/web";

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The job queue when one runs; health checks report on it. */
  jobs?: JobQueue | null;
  /** The process logger to share, or false for none (tests); by default the app makes its own. */
  logger?: FastifyBaseLogger | false;
  /** The process's services when it already made them (server.ts shares them with its jobs; it closes them). */
  services?: Services;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The services of the product, built once per app from its dependencies. */
export function createServices({
  config,
  database,
  jobs = null,
  logger,
  now = () => new Date(),
}: Pick<AppDependencies, "config" | "database" | "jobs"> & {
  logger?: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** The clock of purchases, billing and checkout offers (a test moves it). */
  now?: () => Date;
}) {
  const brand = { product: config.appName, email: config.supportEmail };
  const shippedVsl = loadVsl();
  const analytics = createAnalyticsService(createAnalyticsRepository(database.db), {
    retentionDays: config.analyticsRetentionDays,
  });
  const mailer = createMailer(createOutboxRepository(database.db), {
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    logger: logger ?? silentLogger,
    jobs,
  });
  const repo = createAccountsRepository(database.db);
  const accessTokens = createAccessTokens(repo, config.session);
  const limiter = createRateLimiter({
    redisUrl: config.redisUrl,
    factor: config.rateLimitFactor,
    logger: { warn: (message) => (logger ?? silentLogger).warn(message), info: (message) => (logger ?? silentLogger).info(message) },
  });
  const background = createBackgroundWork(logger ?? silentLogger);
  const context = {
    repo,
    accessTokens,
    mailer,
    limiter,
    identity: createIdentityVerifier(config.identity),
    brand: { product: config.appName, supportEmail: config.supportEmail },
    appUrl: config.appUrl,
    tmpTokenMs: config.tmpTokenMs,
  };
  // The one owner of entitlement: content, media and payments ask it.
  const subscriptionsRepository = createSubscriptionsRepository(database.db);
  const subscriptions = createSubscriptionsService(subscriptionsRepository, now);
  const catalogueRepository = createCatalogueRepository(database.db);
  const cache = createCatalogueCache(catalogueRepository);
  const presenter = createContentPresenter(config.media.publicUrl);
  const libraryRepository = createLibraryRepository(database.db);
  const catalogue = createCatalogueService({
    cache,
    repository: catalogueRepository,
    library: libraryRepository,
    presenter,
    subscriptions,
  });
  const media = createMediaAccess(config.media, loadSigningKey(config.media), subscriptions);
  const processors = createPaymentProcessors(config, database.db);
  const paymentsRepository = createPaymentsRepository(database.db);
  const plansRepository = createPlansRepository(database.db);
  const leadsRepository = createLeadsRepository(database.db, memberWrites);
  const billing = createBillingService({
    repository: paymentsRepository,
    subscriptions: subscriptionsRepository,
    card: processors.card,
    wallet: processors.wallet,
    mailer,
    brand: context.brand,
    appUrl: config.appUrl,
    jobs,
    retryAttempts: config.payments.retryAttempts,
    now,
    logger: logger ?? silentLogger,
  });
  const purchases = createPurchasesService({
    repository: paymentsRepository,
    subscriptions,
    plans: plansRepository,
    billing,
    card: processors.card,
    wallet: processors.wallet,
    appUrl: config.appUrl,
    product: config.appName,
    now,
  });
  const quiz = createQuizService(createQuizRepository(database.db, memberWrites), loadQuizzes());
  // Badges, awarded after each write that could earn one (favourites, sessions, shares, notes, workbook entries).
  const achievements = createAchievementsService({
    repository: createAchievementsRepository(database.db),
    items: async () => (await cache.get()).items.values(),
  });
  // The write is kept whatever happens to its badges: a failed award answers no `earned` (and is logged); the next
  // write evaluates the rules again, so a badge that was due is not lost.
  const awards: Pick<typeof achievements, "award"> = {
    award: (userId, at, hint) =>
      achievements.award(userId, at, hint).catch((error: unknown) => {
        (logger ?? silentLogger).error({ err: error, userId }, "awarding badges failed");
        return [];
      }),
  };
  return {
    processors,
    billing,
    purchases,
    receipts: createReceiptsService({ repository: paymentsRepository, subscriptions, now }),
    walletReconciliation: createWalletReconciliation({
      repository: paymentsRepository,
      subscriptions: subscriptionsRepository,
      wallet: processors.wallet,
      logger: logger ?? silentLogger,
      now,
    }),
    analytics,
    catalogue,
    catalogueCache: cache,
    library: createLibraryService({ cache, library: libraryRepository, catalogue, presenter, awards, subscriptions }),
    positions: createPositionsService({ cache, positions: createPositionsRepository(database.db), catalogue, presenter, now }),
    achievements,
    quotes: createQuotesService(loadQuotes()),
    media,
    subscriptions,
    plans: createPlansService({
      repository: plansRepository,
      leadIsOpen: async (leadId) => {
        const lead = await leadsRepository.find(leadId);
        return lead !== null && lead.userId === null;
      },
      now,
    }),
    faq: createFaqService(createFaqRepository(database.db), brand),
    comingSoon: createComingSoonService(createComingSoonRepository(database.db), loadComingSoon()),
    notes: createNotesService(createNotesRepository(database.db), awards),
    // Covers addressed the way the content presenter addresses them.
    mixer: createMixerService({
      repository: createMixerRepository(database.db),
      cache,
      coverUrl: (mediaPath) => `${config.media.publicUrl}/${mediaPath}`,
    }),
    workbooks: createWorkbooksService({
      repository: createWorkbooksRepository(database.db),
      workbooks: loadWorkbooks(),
      subscriptions,
      logger: logger ?? silentLogger,
      // The badges a saved worksheet earned (first_worksheet).
      onCompleted: (userId) => awards.award(userId),
    }),
    dataExport: createDataExportService({ repository: createDataExportRepository(database.db), product: config.appName, now }),
    quiz,
    leads: createLeadsService({
      repository: leadsRepository,
      quiz,
      mailer,
      limiter,
      brand: context.brand,
      appUrl: config.appUrl,
      tmpTokenMs: config.tmpTokenMs,
    }),
    vsl: createVslService({ shipped: shippedVsl, media, mediaUrl: config.media.publicUrl }),
    salesPages: createSalesPagesService({
      pages: loadSalesPages(),
      landings: loadLandingPages(),
      videoPages: VslDefinitions.parse(shippedVsl).map((vsl) => vsl.slug),
      brand,
    }),
    mailer,
    limiter,
    accessTokens,
    accounts: createAccountsService(context),
    recovery: createAccountRecoveryService(context, {
      passwordResetMs: config.passwordResetMs,
      deletionDelayMs: config.accountDeletionDelayMs,
      jobs,
      background,
    }),
    profile: createProfileService(context),
    background,
    async close() {
      await background.settled();
      mailer.close();
      await limiter.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;

/** Builds the whole HTTP application. It never listens; server.ts and tests decide that. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger }
        : { logger: loggerOptions(config.logLevel) }),
    bodyLimit: config.bodyLimit,
    // A path parameter as long as the longest the contracts accept (a 256-character code); longer is a 414.
    routerOptions: { maxParamLength: 256 },
    frameworkErrors: answerFrameworkError,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: "idle",
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a body in any other type is refused with 415 instead of being half-read.
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  registerErrorHandler(app);
  registerNulCharacterCheck(app);
  await app.register(cookie);
  // HTML forms post url-encoded bodies (Apple's form_post answer, the sandbox pages).
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Brotli or gzip for text responses (HTML, scripts, styles, JSON) above 1 KiB.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  registerSecurityHeaders(app, config);
  await registerOpenApi(app, config);

  const services = deps.services ?? createServices({ ...deps, logger: app.log });
  if (!deps.services) app.addHook("onClose", () => services.close());
  const jobs = deps.jobs;
  const jobChecks: Record<string, () => Promise<boolean>> = jobs ? { jobs: async () => (await jobs.isInstalled()) === true } : {};

  await app.register(authPlugin, { accessTokens: services.accessTokens });
  // Without Redis the limits still hold on each node (in memory): readiness says degraded, not unavailable.
  const degradableChecks: Record<string, () => Promise<boolean>> = config.redisUrl
    ? { redis: async () => (await services.limiter.sharedStoreAnswers()) === true }
    : {};
  await app.register(healthRoutes(createHealthChecks(database.db, jobChecks, degradableChecks)));
  await app.register(
    async (api) => {
      // Registration and profile updates also arrive as multipart form data (fields only, no files).
      await registerFormData(api);
      await api.register(pingRoutes);
      await api.register(
        accountsRoutes({ accounts: services.accounts, recovery: services.recovery, profile: services.profile, media: services.media }),
      );
      await api.register(faqRoutes(services.faq));
      await api.register(quizRoutes(services.quiz, services.limiter, services.catalogue));
      await api.register(comingSoonRoutes(services.comingSoon, services.limiter));
      await api.register(leadsRoutes(services.leads));
      await api.register(vslRoutes(services.vsl));
      await api.register(salesPagesRoutes(services.salesPages));
      await api.register(analyticsRoutes(services.analytics, services.limiter));
      await api.register(contentRoutes({ catalogue: services.catalogue }));
      await api.register(libraryRoutes({ library: services.library, limiter: services.limiter }));
      await api.register(positionsRoutes({ positions: services.positions }));
      await api.register(achievementsRoutes(services.achievements));
      await api.register(quotesRoutes(services.quotes));
      await api.register(notesRoutes(services.notes, services.limiter));
      await api.register(mixerRoutes(services.mixer, services.limiter));
      await api.register(workbooksRoutes(services.workbooks, services.limiter));
      await api.register(dataExportRoutes(services.dataExport, services.limiter));
      await api.register(signedCookieRoutes({ media: services.media }));
      await api.register(subscriptionsRoutes({ subscriptions: services.subscriptions }));
      await api.register(plansRoutes({ plans: services.plans }));
      await api.register(paymentsRoutes({ purchases: services.purchases, limiter: services.limiter }));
      await api.register(receiptsRoutes({ receipts: services.receipts }));
      if (services.processors.sandboxCard) await api.register(sandboxCardApiRoutes(services.processors.sandboxCard, services.limiter));
    },
    { prefix: "/api/v1" },
  );
  if (config.media.serve) await registerMediaFiles(app, { media: services.media, config: config.media });
  await app.register(appleCallbackRoute);
  if (config.sandboxProviders) {
    await app.register(sandboxIdentityRoutes(await createSandboxIdentity(config.appUrl, config.identity), config.appUrl));
  }
  await app.register(sandboxApprovalPages({ card: services.processors.sandboxCard, wallet: services.processors.sandboxWallet }));
  if (!config.isProduction) await app.register(outboxRoutes(services.mailer));
  app.get("/api", { schema: { hide: true } }, (_request, reply) => sendError(reply, 404, { message: "Not found." }));
  await registerWebApp(app, config, { salesFrame: salesFrameWords(services) });
  return app;
}

/**
 * The words of a sales page's painted top, as a visitor sees them: a checkout's sales page and theme
 * (/promo/{id}) or a campaign's (/lp/{lp}). Null for an unknown or removed one.
 */
function salesFrameWords(services: Services): SalesFrameSource {
  const words = (page: SalesPage, theme: string): SalesFrameWords => ({
    theme,
    seenOn: page.as_seen_on,
    warning: page.warning,
    title: heroTitle(page.hero.title, null),
    subtitle: page.hero.subtitle,
    participants: formatCount(page.participants.count),
    participantsLabel: page.participants.label,
    startLabel: page.start_label,
  });
  return async (kind, key) => {
    try {
      if (kind === "lp") {
        const landing = services.salesPages.landing(key).data;
        // A campaign whose checkout is gone is not painted as an offer: the app says it is no longer available.
        await services.plans.checkout(landing.checkout_id);
        return words(landing.page, landing.theme);
      }
      if (!/^[1-9]\d{0,8}$/.test(key)) return null;
      const checkout = (await services.plans.checkout(Number(key))).data;
      return words(services.salesPages.page(checkout.sales_page).data, checkout.theme);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  };
}
