import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@serene/db";
import { DAY_MS } from "@serene/domain";
import { buildApp, createServices, type Services } from "../../app.ts";
import { jobDefinitions } from "../../jobs/index.ts";
import { bearer, registerMember, rows, type Member } from "../../test/accounts.ts";
import { startPayPalEndpoint, type PayPalEndpoint } from "../../test/paypal-endpoint.ts";
import { createTestDatabase, testConfig } from "../../test/test-app.ts";
import { WALLET_RECONCILIATION_JOB } from "./wallet-reconciliation.service.ts";

/**
 * The wallet reconciliation job: agreements approved at the wallet that no subscription owns are
 * cancelled there, once; agreements a subscription owns are never touched. Run through its job
 * definition (payload read by its schema) on the sandbox wallet, then against a PayPal stand-in.
 */

const MONTHLY = 11;
const HOUR = 60 * 60_000;

interface Running {
  app: FastifyInstance;
  database: DatabaseHandle;
  services: Services;
}
async function start(env: Record<string, string> = {}): Promise<Running> {
  const database = await createTestDatabase();
  const config = testConfig({ RATE_LIMIT_FACTOR: "100", ...env });
  const services = createServices({ config, database });
  const app = await buildApp({ config, database, services, logger: false });
  await app.ready();
  return { app, database, services };
}
const runJob = (services: Services) =>
  jobDefinitions(services)
    .find((job) => job.name === WALLET_RECONCILIATION_JOB)!
    .handler({});

/** Moves a purchase's start (and its last change) into the past, as if it was made `ms` ago. */
const age = (database: DatabaseHandle, reference: string, ms: number) =>
  rows(database, "update purchases set created_at = $2, updated_at = $2 where provider_reference = $1", [
    reference,
    new Date(Date.now() - ms),
  ]);

describe("wallet reconciliation on the sandbox wallet", () => {
  let t: Running;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t.app.close();
    await t.services.close();
    await t.database.close();
  });

  /** A member's wallet checkout: its agreement id, approved at the wallet or not, maybe completed by the return page. */
  async function checkout(member: Member, { approve, complete }: { approve: boolean; complete: boolean }) {
    const res = await t.app.inject({ url: `/api/v1/paypal/subscription?package_id=${MONTHLY}`, headers: bearer(member.token) });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().url_to_redirect as string).split("/").at(-1)!;
    if (approve) await t.services.processors.sandboxWallet!.decide(id, true);
    if (complete) {
      const back = await walletReturn(member, id);
      expect(back.statusCode, back.body).toBe(200);
    }
    return id;
  }
  const walletReturn = (member: Member, id: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/paypal/success-transaction",
      headers: bearer(member.token),
      payload: { subscription_id: id, token: id },
    });
  const atWallet = async (ids: string[]) =>
    Object.fromEntries(
      (
        await rows<{ id: string; status: string }>(t.database, "select id, status from sandbox_wallet_checkouts where id = any($1)", [ids])
      ).map((row) => [row.id, row.status]),
    );
  const purchaseStatus = async (ids: string[]) =>
    Object.fromEntries(
      (
        await rows<{ provider_reference: string; status: string }>(
          t.database,
          "select provider_reference, status from purchases where provider_reference = any($1)",
          [ids],
        )
      ).map((row) => [row.provider_reference, row.status]),
    );
  const subscriptionsOf = (member: Member) =>
    rows<{ status: string; provider_subscription_id: string }>(
      t.database,
      "select status, provider_subscription_id from subscriptions where user_id = $1",
      [member.id],
    );

  it("cancels at the wallet what no subscription owns, once, and never an agreement a subscription owns", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t.app, t.database)));
    const [orphanOwner, subscriber, crashed, late, waiting, stalled] = members as [Member, Member, Member, Member, Member, Member];
    // Approved at the wallet two hours ago, and the member never came back.
    const orphan = await checkout(orphanOwner, { approve: true, complete: false });
    await age(t.database, orphan, 2 * HOUR);
    // Completed: the subscription owns its agreement.
    const owned = await checkout(subscriber, { approve: true, complete: true });
    await age(t.database, owned, 2 * HOUR);
    // Completed, but the purchase's last step was lost: the subscription still owns the agreement.
    const half = await checkout(crashed, { approve: true, complete: true });
    await rows(t.database, "update purchases set status = 'failed' where provider_reference = $1", [half]);
    await age(t.database, half, 2 * HOUR);
    // Approved a moment ago: the member may still be on the way back.
    const fresh = await checkout(late, { approve: true, complete: false });
    // Not approved yet, two hours and four days on: the first may still be approved, nobody comes back for the second.
    const pending = await checkout(waiting, { approve: false, complete: false });
    await age(t.database, pending, 2 * HOUR);
    const abandoned = await checkout(stalled, { approve: false, complete: false });
    await age(t.database, abandoned, 4 * DAY_MS);
    const ids = [orphan, owned, half, fresh, pending, abandoned];

    const first = (await runJob(t.services)) as Record<string, number>;
    expect(first).toMatchObject({ cancelled: 2, voided: 2, finished: 0, retry: 0 });
    const wallet = await atWallet(ids);
    expect(wallet).toEqual({
      [orphan]: "cancelled",
      [owned]: "active",
      [half]: "active",
      [fresh]: "approved",
      [pending]: "created",
      [abandoned]: "cancelled",
    });
    const purchases = await purchaseStatus(ids);
    expect(purchases).toEqual({
      [orphan]: "voided",
      [owned]: "succeeded",
      [half]: "failed",
      [fresh]: "awaiting_wallet",
      [pending]: "awaiting_wallet",
      [abandoned]: "voided",
    });

    // A second run changes nothing.
    const second = (await runJob(t.services)) as Record<string, number>;
    expect(second).toMatchObject({ cancelled: 0, voided: 0, finished: 0, retry: 0 });
    expect(await atWallet(ids)).toEqual(wallet);
    expect(await purchaseStatus(ids)).toEqual(purchases);

    // What the members meet afterwards: the voided checkouts are cancelled, the others work as before.
    const back = await walletReturn(orphanOwner, orphan);
    expect(back.statusCode).toBe(402);
    expect(back.json()).toEqual({ message: "The payment was canceled." });
    expect(await subscriptionsOf(orphanOwner)).toEqual([]);
    const approval = await t.app.inject({
      method: "POST",
      url: `/sandbox/wallet/approve/${abandoned}`,
      payload: "decision=approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(approval.statusCode).toBe(303);
    expect((await atWallet([abandoned]))[abandoned]).toBe("cancelled");
    expect((await walletReturn(stalled, abandoned)).statusCode).toBe(402);
    expect((await walletReturn(late, fresh)).statusCode).toBe(200);
    expect(await subscriptionsOf(late)).toEqual([{ status: "active", provider_subscription_id: fresh }]);
    expect(await subscriptionsOf(subscriber)).toEqual([{ status: "active", provider_subscription_id: owned }]);
    expect(await subscriptionsOf(crashed)).toEqual([{ status: "active", provider_subscription_id: half }]);
  });

  it("picks up a completion that stopped half-way: finished when its subscription started, else given back, then cancelled", async () => {
    const [before, after] = [await registerMember(t.app, t.database), await registerMember(t.app, t.database)];
    // Stopped before its subscription started (the process ended while it held the member's purchase).
    const lost = await checkout(before, { approve: true, complete: false });
    await rows(t.database, "update purchases set status = 'processing' where provider_reference = $1", [lost]);
    // Stopped after its subscription started.
    const kept = await checkout(after, { approve: true, complete: true });
    await rows(t.database, "update purchases set status = 'processing', subscription_id = null where provider_reference = $1", [kept]);
    for (const id of [lost, kept]) await age(t.database, id, 20 * 60_000);
    // While it is held, the member cannot buy.
    const blocked = await t.app.inject({ url: `/api/v1/paypal/subscription?package_id=${MONTHLY}`, headers: bearer(before.token) });
    expect(blocked.statusCode).toBe(409);

    expect(await runJob(t.services)).toMatchObject({ cancelled: 0, finished: 1, released: 1 });
    expect(await purchaseStatus([lost, kept])).toEqual({ [lost]: "failed", [kept]: "succeeded" });
    expect(await atWallet([lost, kept])).toEqual({ [lost]: "approved", [kept]: "active" });
    // Given back: coming back completes it, or, an hour on, it is cancelled at the wallet.
    const other = await registerMember(t.app, t.database);
    const resumed = await checkout(other, { approve: true, complete: false });
    await rows(t.database, "update purchases set status = 'processing' where provider_reference = $1", [resumed]);
    await age(t.database, resumed, 20 * 60_000);
    await runJob(t.services);
    expect((await walletReturn(other, resumed)).statusCode).toBe(200);
    await age(t.database, lost, 2 * HOUR);
    expect(await runJob(t.services)).toMatchObject({ cancelled: 1, finished: 0, released: 0 });
    expect(await atWallet([lost, kept, resumed])).toEqual({ [lost]: "cancelled", [kept]: "active", [resumed]: "active" });
    expect(await purchaseStatus([lost])).toEqual({ [lost]: "voided" });
    const again = await checkout(before, { approve: true, complete: true });
    expect(await subscriptionsOf(before)).toEqual([{ status: "active", provider_subscription_id: again }]);
  });

  it("is on the hourly schedule, and its payload is read by its schema", async () => {
    const job = jobDefinitions(t.services).find((item) => item.name === WALLET_RECONCILIATION_JOB)!;
    expect(job.cron).toBe("47 * * * *");
    expect(await job.handler({ unexpected: true })).toMatchObject({ retry: 0 });
    expect(await job.handler("not an object")).toMatchObject({ skipped: "invalid payload" });
  });
});

describe("wallet reconciliation through the PayPal adapter", () => {
  const CREDENTIALS = { clientId: "serene-client", clientSecret: "s3cret-value", webhookId: "WH-SERENE-1" };
  let paypal: PayPalEndpoint;
  let t: Running;
  beforeAll(async () => {
    paypal = await startPayPalEndpoint(CREDENTIALS);
    t = await start({
      PAYPAL_CLIENT_ID: CREDENTIALS.clientId,
      PAYPAL_CLIENT_SECRET: CREDENTIALS.clientSecret,
      PAYPAL_WEBHOOK_ID: CREDENTIALS.webhookId,
      PAYPAL_API_URL: paypal.url,
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.services.close();
    await t.database.close();
    await paypal.close();
  });

  async function started(status: string) {
    const member = await registerMember(t.app, t.database);
    const res = await t.app.inject({ url: `/api/v1/paypal/subscription?package_id=${MONTHLY}`, headers: bearer(member.token) });
    expect(res.statusCode, res.body).toBe(200);
    const id = [...paypal.subscriptions.keys()].at(-1)!;
    paypal.subscriptions.get(id)!.status = status;
    await age(t.database, id, 2 * HOUR);
    return id;
  }

  it("cancels an active PayPal subscription nobody completed; one PayPal does not cancel yet is tried again next time", async () => {
    const active = await started("ACTIVE");
    const approved = await started("APPROVED");
    const cancelled = await started("CANCELLED");
    expect(await runJob(t.services)).toMatchObject({ cancelled: 1, voided: 2, retry: 1 });
    expect(paypal.subscriptions.get(active)!.status).toBe("CANCELLED");
    expect(paypal.requestsTo(`POST /v1/billing/subscriptions/${active}/cancel`)).toHaveLength(1);
    expect(paypal.requestsTo(`POST /v1/billing/subscriptions/${cancelled}/cancel`)).toHaveLength(0);
    const status = async (id: string) =>
      (await rows<{ status: string }>(t.database, "select status from purchases where provider_reference = $1", [id]))[0]!.status;
    expect([await status(active), await status(approved), await status(cancelled)]).toEqual(["voided", "voiding", "voided"]);

    // PayPal activated it since: the next run cancels it; the one after asks PayPal about nothing.
    paypal.subscriptions.get(approved)!.status = "ACTIVE";
    expect(await runJob(t.services)).toMatchObject({ cancelled: 1, voided: 1, retry: 0 });
    expect(paypal.subscriptions.get(approved)!.status).toBe("CANCELLED");
    const asked = paypal.requests.length;
    expect(await runJob(t.services)).toMatchObject({ checked: 0 });
    expect(paypal.requests.length).toBe(asked);
  });
});
