import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { loadQuizzes } from "@serene/content";
import type { SalesPage } from "@serene/contracts";
import { formatCount, heroTitle } from "@serene/domain";
import { DomainError } from "./domain-errors.ts";
import type { DatabaseHandle } from "@serene/db";
import { fastifyTrustProxy, type Config } from "./config.ts";
import { createBackgroundWork } from "./jobs/background.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { ApiModule, ServicesOf } from "./http/module.ts";
import { loggerOptions } from "./logger.ts";
import { createMetrics, registerMetrics, type Metrics } from "./metrics.ts";
import { createChangeFeed } from "./change-feed.ts";
import { createAccessTokens } from "./modules/accounts/access-tokens.ts";
import { accountsModule } from "./modules/accounts/accounts.module.ts";
import { createAccountsRepository, memberWrites } from "./modules/accounts/accounts.repository.ts";
import { achievementsModule } from "./modules/achievements/achievements.module.ts";
import { createAchievementsRepository } from "./modules/achievements/achievements.repository.ts";
import { createAchievementsService } from "./modules/achievements/achievements.service.ts";
import { analyticsModule } from "./modules/analytics/analytics.module.ts";
import { comingSoonModule } from "./modules/coming-soon/coming-soon.module.ts";
import { createCatalogueCache } from "./modules/content/catalogue-snapshot.ts";
import { createCatalogueRepository } from "./modules/content/catalogue.repository.ts";
import { createCatalogueService } from "./modules/content/catalogue.service.ts";
import { contentModule } from "./modules/content/content.module.ts";
import { createContentPresenter } from "./modules/content/content.presenter.ts";
import { createLibraryRepository } from "./modules/content/library.repository.ts";
import { dataExportModule } from "./modules/data-export/data-export.module.ts";
import { faqModule } from "./modules/faq/faq.module.ts";
import { identityModule } from "./modules/identity/identity.module.ts";
import { leadsModule } from "./modules/leads/leads.module.ts";
import { createLeadsRepository } from "./modules/leads/leads.repository.ts";
import { mailModule } from "./modules/mail/mail.module.ts";
import { createMailer } from "./modules/mail/mailer.ts";
import { createOutboxRepository } from "./modules/mail/outbox.repository.ts";
import { createMediaAccess } from "./modules/media/media-access.service.ts";
import { mediaModule } from "./modules/media/media.module.ts";
import { loadSigningKey } from "./modules/media/signing-key.ts";
import { mixerModule } from "./modules/mixer/mixer.module.ts";
import { notesModule } from "./modules/notes/notes.module.ts";
import { paymentsModule } from "./modules/payments/payments.module.ts";
import { plansModule } from "./modules/plans/plans.module.ts";
import { createPlansRepository } from "./modules/plans/plans.repository.ts";
import { quizModule } from "./modules/quiz/quiz.module.ts";
import { createQuizRepository } from "./modules/quiz/quiz.repository.ts";
import { createQuizService } from "./modules/quiz/quiz.service.ts";
import { quotesModule } from "./modules/quotes/quotes.module.ts";
import { salesPagesModule } from "./modules/sales-pages/sales-pages.module.ts";
import { subscriptionsModule } from "./modules/subscriptions/subscriptions.module.ts";
import { createSubscriptionsRepository } from "./modules/subscriptions/subscriptions.repository.ts";
import { createSubscriptionsService } from "./modules/subscriptions/subscriptions.service.ts";
import { systemModule } from "./modules/system/system.module.ts";
import { vslModule } from "./modules/vsl/vsl.module.ts";
import { workbooksModule } from "./modules/workbooks/workbooks.module.ts";
import { createRateLimiter } from "./plugins/rate-limit.ts";
import { staffModule } from "./modules/staff/staff.module.ts";
import { createStaffService } from "./modules/staff/staff.service.ts";
import { supportModule } from "./modules/support/support.module.ts";
import { dashboardsModule } from "./modules/dashboards/dashboards.module.ts";
import { createHealthChecks } from "./modules/system/health.service.ts";
import { healthRoutes } from "./modules/system/system.routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import { answerFrameworkError, registerErrorHandler, sendError } from "./plugins/errors.ts";
import { registerFormData } from "./plugins/form-data.ts";
import { registerGracefulClose } from "./plugins/graceful-close.ts";
import { registerNulCharacterCheck } from "./plugins/nul-characters.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerReplays } from "./plugins/replays.ts";
import { registerSecurityHeaders } from "./plugins/security.ts";
import { serializerCompiler } from "./plugins/serializer.ts";
import { registerWebApp, type SalesFrameSource, type SalesFrameWords } from "./plugins/web.ts";

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

/**
 * The modules of the API, in the order their routes are registered. Adding a module is one line here: its
 * services are built from the shared ones, its routes registered under /api/v1 (and outside, for `root`).
 */
const MODULES = [
  systemModule,
  accountsModule,
  faqModule,
  quizModule,
  comingSoonModule,
  leadsModule,
  vslModule,
  salesPagesModule,
  analyticsModule,
  contentModule,
  achievementsModule,
  quotesModule,
  notesModule,
  mixerModule,
  workbooksModule,
  dataExportModule,
  mediaModule,
  subscriptionsModule,
  plansModule,
  paymentsModule,
  identityModule,
  mailModule,
  staffModule,
  supportModule,
  dashboardsModule,
] as const;

type ServiceOptions = Pick<AppDependencies, "config" | "database" | "jobs"> & {
  logger?: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Node's own process metrics too (a real process; tests leave them out). */
  processMetrics?: boolean;
  /** The clock of purchases, billing and checkout offers (a test moves it). */
  now?: () => Date;
};

/**
 * What every module builds its services from: the app's dependencies (database, configuration, queue,
 * logger, clock), the mailer and rate limiter, and the services that several modules use.
 */
export function createSharedServices({
  config,
  database,
  jobs = null,
  logger = silentLogger,
  now = () => new Date(),
  processMetrics = false,
}: ServiceOptions) {
  const db = database.db;
  const metrics = createMetrics(database, { process: processMetrics });
  const mailer = createMailer(createOutboxRepository(db), {
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    logger,
    jobs,
    onOutcome: metrics.email,
  });
  const accountsRepository = createAccountsRepository(db);
  const limiter = createRateLimiter({
    redisUrl: config.redisUrl,
    factor: config.rateLimitFactor,
    logger: { warn: (message) => logger.warn(message), info: (message) => logger.info(message) },
  });
  const background = createBackgroundWork(logger, database.afterCommit);
  // The one owner of entitlement: content, media and payments ask it.
  const subscriptionsRepository = createSubscriptionsRepository(db);
  const subscriptions = createSubscriptionsService(subscriptionsRepository, now);
  // The catalogue: content, library, the mixer, quizzes and badges read it.
  const catalogueRepository = createCatalogueRepository(db);
  const catalogueCache = createCatalogueCache(catalogueRepository);
  // A change committed on any node (an item added or changed) empties this node's catalogue at once.
  const changes = createChangeFeed(database, logger);
  changes.on("catalogue", () => catalogueCache.invalidate());
  const presenter = createContentPresenter(config.media.publicUrl);
  const libraryRepository = createLibraryRepository(db);
  const catalogue = createCatalogueService({
    cache: catalogueCache,
    repository: catalogueRepository,
    library: libraryRepository,
    presenter,
    subscriptions,
  });
  // Badges, awarded after each write that could earn one (favourites, sessions, shares, notes, workbook entries).
  const achievements = createAchievementsService({
    repository: createAchievementsRepository(db),
    items: async () => (await catalogueCache.get()).items.values(),
  });
  // The write is kept whatever happens to its badges: a failed award answers no `earned` (and is logged); the next
  // write evaluates the rules again, so a badge that was due is not lost.
  const awards: Pick<typeof achievements, "award"> = {
    award: (userId, at, hint) =>
      achievements.award(userId, at, hint).catch((error: unknown) => {
        logger.error({ err: error, userId }, "awarding badges failed");
        return [];
      }),
  };
  return {
    config,
    db,
    /** The database handle: one transaction that every query of a piece of work joins (`inOneTransaction`, decision 066). */
    database,
    jobs,
    logger,
    now,
    brand: { product: config.appName, supportEmail: config.supportEmail },
    metrics,
    changes,
    mailer,
    limiter,
    background,
    accountsRepository,
    accessTokens: createAccessTokens(accountsRepository, config.session),
    subscriptionsRepository,
    subscriptions,
    catalogueCache,
    presenter,
    libraryRepository,
    catalogue,
    media: createMediaAccess(config.media, loadSigningKey(config.media), subscriptions),
    achievements,
    awards,
    // Quizzes: a lead carries a quiz's answers.
    quiz: createQuizService(createQuizRepository(db, memberWrites), loadQuizzes()),
    // Plans and leads are read by purchases and checkout offers as well as their own modules.
    plansRepository: createPlansRepository(db),
    leadsRepository: createLeadsRepository(db, memberWrites),
    // Staff sign-ins: every console module checks its staff session (decision 067).
    staff: createStaffService({
      db,
      mailer,
      brand: { product: config.appName, supportEmail: config.supportEmail },
      appUrl: config.appUrl,
      secretsKey: config.staff.secretsKey,
      now,
    }),
    async close() {
      await changes.close();
      await background.settled();
      mailer.close();
      await limiter.close();
    },
  };
}
export type SharedServices = ReturnType<typeof createSharedServices>;

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;
export type Services = SharedServices & Intersection<ServicesOf<(typeof MODULES)[number]>>;

/** The services of the product, built once per app from its dependencies: the shared ones, then each module's. */
export function createServices(options: ServiceOptions): Services {
  const shared = createSharedServices(options);
  return Object.assign({}, shared, ...MODULES.map((module: ApiModule) => module.services?.(shared) ?? {})) as Services;
}

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
  registerGracefulClose(app);
  registerNulCharacterCheck(app);
  await app.register(cookie);
  // HTML forms post url-encoded bodies (Apple's form_post answer, the sandbox pages).
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Before compression: a keyed write's answer is kept as it was written (decision 066).
  registerReplays(app, database);
  // Brotli or gzip for text responses (HTML, scripts, styles, JSON) above 1 KiB.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  registerSecurityHeaders(app, config);
  await registerOpenApi(app, config);

  const services = deps.services ?? createServices({ ...deps, logger: app.log });
  if (!deps.services) app.addHook("onClose", () => services.close());
  registerMetrics(app, services.metrics, config.metrics);
  await services.changes.start();
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
      for (const module of MODULES as readonly ApiModule[]) await module.api?.(api, services);
    },
    { prefix: "/api/v1" },
  );
  for (const module of MODULES as readonly ApiModule[]) await module.root?.(app, services);
  app.get("/api", { schema: { hide: true } }, (_request, reply) => sendError(reply, 404, { message: "Not found." }));
  await registerWebApp(app, config, { salesFrame: salesFrameWords(services) });
  return app;
}

/**
 * What a job worker (ROLE=worker) answers on its port: the health probes and /metrics, nothing of the API. A
 * worker is ready while its database and job queue answer.
 */
export async function buildProbeApp(
  deps: Pick<AppDependencies, "config" | "database" | "jobs"> & { logger: FastifyBaseLogger; metrics: Metrics },
) {
  const app = Fastify({ loggerInstance: deps.logger, return503OnClosing: true, forceCloseConnections: "idle" });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerGracefulClose(app);
  registerMetrics(app, deps.metrics, deps.config.metrics);
  const jobs = deps.jobs;
  const jobChecks: Record<string, () => Promise<boolean>> = jobs ? { jobs: async () => (await jobs.isInstalled()) === true } : {};
  await app.register(healthRoutes(createHealthChecks(deps.database.db, jobChecks)));
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, { message: "Not found." }));
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
