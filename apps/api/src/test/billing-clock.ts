import type { FastifyInstance } from "fastify";
import { createDatabase, type DatabaseHandle } from "@serene/db";
import { expect } from "vitest";
import { buildApp, createServices, type Services } from "../app.ts";
import { jobDefinitions } from "../jobs/index.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { CHARGE_DUE_JOB, createBillingService } from "../modules/payments/billing.service.ts";
import { createPaymentsRepository } from "../modules/payments/payments.repository.ts";
import { createPurchasesService } from "../modules/payments/purchases.service.ts";
import { createReceiptsService } from "../modules/payments/receipts.service.ts";
import { createRefundsService } from "../modules/payments/refunds.service.ts";
import { createPlansRepository } from "../modules/plans/plans.repository.ts";
import { createSubscriptionsRepository } from "../modules/subscriptions/subscriptions.repository.ts";
import { createSubscriptionsService } from "../modules/subscriptions/subscriptions.service.ts";
import { bearer, registerMember, type Member } from "./accounts.ts";
import { getAs } from "./content.ts";
import { createTestDatabase, testConfig } from "./test-app.ts";

export const RETRIES = 3;
export const CARDS = { ok: "4242424242424242", approval: "4000002760003184" };
export const PKG = { monthly: 1, quarterly: 2, halfYear: 3, yearlyTrial: 4, lifetime: 5, walletMonthly: 11, walletYearlyTrial: 14 };

/** A card the member entered and the sandbox card processor confirmed (a setup intent, then its confirm): its payment method id. */
export async function confirmedCard(app: FastifyInstance, token: string, number: string = CARDS.ok): Promise<string> {
  const intent = await getAs(app, token, "/api/v1/stripe/setup-intent");
  expect(intent.statusCode, intent.body).toBe(200);
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/sandbox/card/confirm",
    payload: { client_secret: intent.json().client_secret, number, exp_month: 12, exp_year: 2040, cvc: "123" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment_method;
}

export interface BillingHarness {
  app: FastifyInstance;
  database: DatabaseHandle;
  services: Services;
  /**
   * The billing clock (ms since the epoch): purchases, billing and receipts read it. While `ticking`,
   * each read moves it on by a millisecond (calls at the same moment still overlap).
   */
  clock: { now: number; ticking: boolean };
  queued: { name: string; data: Record<string, unknown>; startAfter: Date; singletonKey: string }[];
  runJob(name: string, data: object): Promise<unknown>;
  chargeJob(subscriptionId: string, periodStart: Date, attempt?: number): Promise<{ outcome: string }>;
  /** A member who bought the package by card at the clock's time (approving at the bank when asked). */
  cardMember(pkg: number, number?: string): Promise<{ member: Member; subscriptionId: string }>;
  /** A member who bought the package through the sandbox wallet. */
  walletMember(pkg: number): Promise<{ member: Member; subscriptionId: string }>;
  close(): Promise<void>;
}

export interface BillingHarnessOptions {
  /** RATE_LIMIT_FACTOR: 100 unless said (model tests that make thousands of calls raise it). */
  rateLimitFactor?: number;
  /** Whether billing sends its jobs to the recording queue (`queued`); without one, billing queues nothing. Default true. */
  recordJobs?: boolean;
  /**
   * Another node of the same deployment: its database (a handle of its own on the same PostgreSQL
   * database, or PGlite's one handle) and the first node's clock. Closing it leaves both alone.
   */
  nodeOf?: Pick<BillingHarness, "database" | "clock">;
}

/**
 * The app with billing, purchases and receipts on a clock the test moves and a job queue that
 * only records; a job is run by calling its handler, as the worker does.
 */
export async function createBillingHarness({
  rateLimitFactor = 100,
  recordJobs = true,
  nodeOf,
}: BillingHarnessOptions = {}): Promise<BillingHarness> {
  const shared = nodeOf?.database;
  const database = !shared
    ? await createTestDatabase()
    : shared.driver === "postgres"
      ? await createDatabase({ driver: "postgres", url: shared.connectionString!, poolMax: 4 })
      : shared;
  const config = testConfig({ RATE_LIMIT_FACTOR: String(rateLimitFactor), PAYMENT_RETRY_ATTEMPTS: String(RETRIES) });
  const base = createServices({ config, database });
  const queued: BillingHarness["queued"] = [];
  const jobs = recordJobs
    ? ({
        send: async (name: string, data: Record<string, unknown>, options: { startAfter: Date; singletonKey: string }) => {
          queued.push({ name, data, startAfter: options.startAfter, singletonKey: options.singletonKey });
          return `job-${queued.length}`;
        },
      } as unknown as JobQueue)
    : null;
  const clock = nodeOf?.clock ?? { now: Date.now(), ticking: false };
  const now = () => new Date(clock.ticking ? ++clock.now : clock.now);
  const repository = createPaymentsRepository(database.db);
  const subscriptions = createSubscriptionsService(createSubscriptionsRepository(database.db), now);
  const billing = createBillingService({
    repository,
    subscriptions: createSubscriptionsRepository(database.db),
    card: base.processors.card,
    wallet: base.processors.wallet,
    mailer: base.mailer,
    brand: { product: config.appName, supportEmail: config.supportEmail },
    appUrl: config.appUrl,
    jobs,
    retryAttempts: config.payments.retryAttempts,
    now,
    onCharge: base.metrics.payment,
  });
  const refunds = createRefundsService({
    repository,
    card: base.processors.card,
    wallet: base.processors.wallet,
    mailer: base.mailer,
    brand: { product: config.appName, supportEmail: config.supportEmail },
    appUrl: config.appUrl,
    database,
    logger: base.logger,
    now,
  });
  const purchases = createPurchasesService({
    repository,
    subscriptions,
    plans: createPlansRepository(database.db),
    billing,
    refunds,
    card: base.processors.card,
    wallet: base.processors.wallet,
    appUrl: config.appUrl,
    product: config.appName,
    now,
  });
  const services: Services = { ...base, billing, refunds, purchases, receipts: createReceiptsService({ repository, subscriptions, now }) };
  const app = await buildApp({ config, database, services, logger: false });
  await app.ready();

  const runJob = (name: string, data: object) =>
    jobDefinitions(services)
      .find((job) => job.name === name)!
      .handler(data) as Promise<unknown>;

  const latestSubscription = async (member: Member) => {
    const rows = await subscriptions.history(member.id);
    expect(rows.length).toBeGreaterThan(0);
    return rows[0]!.id;
  };

  return {
    app,
    database,
    services,
    clock,
    queued,
    runJob,
    chargeJob: (subscriptionId, periodStart, attempt = 0) =>
      runJob(CHARGE_DUE_JOB, { subscriptionId, periodStart: periodStart.toISOString(), attempt }) as Promise<{ outcome: string }>,
    async cardMember(pkg, number = CARDS.ok) {
      const member = await registerMember(app, database);
      const res = await app.inject({
        method: "POST",
        url: "/api/v1/stripe/payment-method",
        headers: bearer(member.token),
        payload: { payment_method: await confirmedCard(app, member.token, number), package_id: pkg },
      });
      expect(res.statusCode, res.body).toBe(200);
      if (res.json().message === "need approve") {
        const page = new URL(res.json().redirect_url, "http://x");
        const decided = await app.inject({
          method: "POST",
          url: page.pathname,
          payload: `decision=approve&return_url=${encodeURIComponent(page.searchParams.get("return_url")!)}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        expect((await app.inject({ url: decided.headers.location as string })).headers.location).toBe("/thank-you");
      }
      const subscriptionId = await latestSubscription(member);
      clock.now += 1000;
      return { member, subscriptionId };
    },
    async walletMember(pkg) {
      const member = await registerMember(app, database);
      const url = (await getAs(app, member.token, `/api/v1/paypal/subscription?package_id=${pkg}`)).json().url_to_redirect;
      const back = await app.inject({
        method: "POST",
        url,
        payload: "decision=approve",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      const query = Object.fromEntries(new URL(back.headers.location as string, "http://x").searchParams);
      const done = await app.inject({
        method: "POST",
        url: "/api/v1/paypal/success-transaction",
        headers: bearer(member.token),
        payload: query,
      });
      expect(done.statusCode, done.body).toBe(200);
      const subscriptionId = await latestSubscription(member);
      clock.now += 1000;
      return { member, subscriptionId };
    },
    async close() {
      await app.close();
      await services.close();
      if (database !== shared) await database.close();
    },
  };
}

/** One service of several nodes, its every call sent to the next node's in turn (a load balancer's round robin). */
export function inTurn<T extends object>(perNode: T[]): T {
  let next = 0;
  return new Proxy(perNode[0]!, {
    get(_target, key) {
      const node = perNode[next++ % perNode.length]!;
      const value = Reflect.get(node, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(node) : value;
    },
  });
}
