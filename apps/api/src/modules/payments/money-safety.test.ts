import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxSetupIntents, users, type DatabaseHandle } from "@serene/db";
import {
  addBillingMonths,
  applyEvents,
  billingPeriodEnd,
  canCancel,
  canUpgradeToAnnual,
  isEntitled,
  nextBillingPeriod,
  type LifecycleEvent,
  type LifecycleState,
  type RecurringPlan,
  DAY_MS,
} from "@serene/domain";
import { DomainError } from "../../domain-errors.ts";
import { statusOf } from "../../plugins/errors.ts";
import { rows } from "../../test/accounts.ts";
import { depth } from "../../test/depth.ts";
import { createBillingHarness, inTurn, PKG, RETRIES, type BillingHarness } from "../../test/billing-clock.ts";
import { createPlansRepository, type PackageRow } from "../plans/plans.repository.ts";
import type { BillingService } from "./billing.service.ts";
import type { ProviderEvent } from "./processors/ports.ts";
import type { PurchasesService } from "./purchases.service.ts";

/**
 * Money safety, as properties over random sequences of what members, banks, providers and the job
 * queue do: purchases (retried, raced, with reused keys), the bank's approval page and the
 * browser's return, webhooks (duplicated, concurrent, reordered), renewal jobs (repeated, stale),
 * upgrades to annual at any hour of the paid period, and cancellations. The members' calls go straight to the purchases service (the API's routes
 * around it are covered call by call in the other payments tests). After each sequence:
 * - the money taken equals the sum over the distinct paid purchases and periods, once each;
 * - at most one succeeded payment per (subscription, period start) and per purchase;
 * - a member has at most one billed recurring subscription;
 * - the same Idempotency-Key answers the same outcome (a purchase waiting at the bank answers its
 *   settled outcome once it is settled);
 * - each subscription is in the state its distinct events give when applied once in time order;
 * - an upgrade to annual never charges more than the annual price, its price less its credit is the
 *   annual price, and the credit is never less than the unused part of what was paid for the period it
 *   cut short: over the whole history the member never pays more than the time they got was worth.
 * Three nodes serve every run, as behind a load balancer: each with its own services (and, on
 * PostgreSQL, its own connections) on one database and one billing clock, every call of the members,
 * the providers and the job queue going to the next node in turn, so raced calls meet on different
 * nodes. Each run has a member of its own and moves the clock.
 */

const PRICES: Record<number, number> = { 1: 1499, 4: 5999, 5: 14999 };
const BUSY_OTHER = "Another purchase is being processed. Please wait a moment.";
const BUSY = new Set([BUSY_OTHER, "This purchase is already being processed."]);

let h: BillingHarness;
const otherNodes: BillingHarness[] = [];
let database: DatabaseHandle;
let billing: BillingService;
let purchases: PurchasesService;
/** The nodes' HTTP apps in turn (the bank's approval page posts to whichever answers). */
let apps: BillingHarness["app"];
const packages = new Map<number, PackageRow>();

beforeAll(async () => {
  // Billing queues no jobs here: the model runs each renewal itself.
  h = await createBillingHarness({ rateLimitFactor: 100_000, recordJobs: false });
  ({ database } = h);
  for (let i = 0; i < 2; i++) otherNodes.push(await createBillingHarness({ rateLimitFactor: 100_000, recordJobs: false, nodeOf: h }));
  const nodes = [h, ...otherNodes];
  billing = inTurn(nodes.map((node) => node.services.billing));
  purchases = inTurn(nodes.map((node) => node.services.purchases));
  apps = inTurn(nodes.map((node) => node.app));
  const plans = createPlansRepository(database.db);
  for (const id of [1, 4, 5, 11, 14]) packages.set(id, (await plans.packageById(id))!);
}, 120_000);
afterAll(async () => {
  for (const node of otherNodes) await node.close();
  await h.close();
});

let memberCount = 0;
/** A member with two confirmed cards (4242 succeeds; 3184 asks the bank at checkout and is declined off session). */
async function freshMember() {
  const n = ++memberCount;
  const [user] = await database.db
    .insert(users)
    .values({ name: `Model ${n}`, email: `model-${n}-${randomBytes(4).toString("hex")}@example.test` })
    .returning({ id: users.id });
  const id = user!.id;
  const customer = `cus_sandbox_${id.replaceAll("-", "")}`;
  const pms = { ok: `pm_model_${n}_ok_${randomBytes(3).toString("hex")}`, approval: `pm_model_${n}_3ds_${randomBytes(3).toString("hex")}` };
  await database.db.insert(sandboxSetupIntents).values([
    {
      id: `seti_model_${n}_ok`,
      customerId: customer,
      clientSecret: `seti_model_${n}_ok_secret`,
      status: "succeeded",
      paymentMethodId: pms.ok,
      cardBehaviour: "succeeds",
      last4: "4242",
    },
    {
      id: `seti_model_${n}_3ds`,
      customerId: customer,
      clientSecret: `seti_model_${n}_3ds_secret`,
      status: "succeeded",
      paymentMethodId: pms.approval,
      cardBehaviour: "authenticate",
      last4: "3184",
    },
  ]);
  return { id, customer, pms };
}

// ---- the card model ----------------------------------------------------------------------------

type Card = "ok" | "approval";
type Pkg = (typeof PKG)[keyof typeof PKG];
type Command =
  | { kind: "buy"; key: number | null; pkg: Pkg; card: Card }
  | { kind: "retry"; which: number }
  | { kind: "race"; key: number; other: number | null; pkg: Pkg; card: Card }
  | { kind: "decide"; which: number; approve: boolean }
  | { kind: "return"; which: number; withWebhook: boolean }
  | { kind: "webhook"; which: number; twice: boolean }
  | { kind: "renew"; mode: "due" | "repeat" | "stale" }
  | { kind: "cancel" }
  | { kind: "upgrade"; key: number | null; later: number };

const pkgArb = fc.constantFrom<Pkg>(PKG.monthly, PKG.yearlyTrial, PKG.lifetime);
const cardArb = fc.constantFrom<Card>("ok", "approval");
const keyArb = fc.option(fc.integer({ min: 0, max: 2 }), { freq: 5 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("buy" as const), key: keyArb, pkg: pkgArb, card: cardArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("retry" as const), which: fc.nat(7) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("race" as const),
      key: fc.integer({ min: 0, max: 2 }),
      other: fc.option(fc.integer({ min: 0, max: 2 })),
      pkg: pkgArb,
      card: cardArb,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("decide" as const), which: fc.nat(3), approve: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("return" as const), which: fc.nat(3), withWebhook: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("webhook" as const), which: fc.nat(3), twice: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("renew" as const),
      mode: fc.constantFrom("due" as const, "repeat" as const, "stale" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("upgrade" as const),
      key: keyArb,
      /** How far into the current period the member upgrades, in hours (a month's last minute at most). */
      later: fc.integer({ min: 0, max: 31 * 24 }),
    }),
  },
);

interface ModelSubscription {
  id: string;
  pkg: number;
  card: Card;
  startedAt: Date;
  events: LifecycleEvent[];
  /** Failed attempts so far per period start (ISO). */
  failures: Map<string, number>;
  /** What one period costs now: the package's price, the annual price once upgraded. */
  price: number;
}
/** An upgrade the model saw charged: what it was priced at, and what the paid period it replaced was worth. */
interface ModelUpgrade {
  at: Date;
  /** The paid period the upgrade replaced and what was paid for it. */
  period: { start: Date; end: Date };
  paid: number;
  /** What the model says is due: the annual price less the unused part of what was paid, rounded up to the cent. */
  due: number;
}
interface Answer {
  fingerprint: string;
  status: number;
  body: { message: string; redirect_url?: string | null; subscription_type?: string | null; errors?: Record<string, string[]> };
}
interface Approval {
  paymentId: string;
  purchaseId: string;
  returnUrl: string;
  decision: "approve" | "cancel" | null;
}

/** A call's answer as the API sends it: the status and the body, also for a refusal. */
async function answerOf<T>(call: Promise<T>): Promise<{ status: number; body: Answer["body"] }> {
  try {
    const result = (await call) as { status?: number; body?: Answer["body"]; message?: string };
    return result.status !== undefined && result.body
      ? { status: result.status, body: result.body }
      : { status: 200, body: result as Answer["body"] };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: statusOf(error), body: { message: error.message, ...(error.errors ? { errors: error.errors } : {}) } };
  }
}

/** Events applied once each (by id) in time order: the state the subscription must be in. */
function stateOf(events: LifecycleEvent[]): LifecycleState | null {
  const seen = new Set<string>();
  const distinct = events.filter((event) => (seen.has(event.id) ? false : (seen.add(event.id), true)));
  const ordered = distinct
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.index - b.index);
  return applyEvents(
    null,
    ordered.map((entry) => entry.event),
  ).state;
}
const planOf = (pkg: number): RecurringPlan | "lifetime" =>
  pkg === PKG.lifetime ? "lifetime" : pkg === PKG.yearlyTrial ? "annual" : "monthly";

async function runSequence(commands: Command[]) {
  const member = await freshMember();
  h.clock.now = Date.now();
  const sent: { key: string | null; body: { payment_method: string; package_id: number } }[] = [];
  const answers = new Map<string, Answer[]>();
  const approvals: Approval[] = [];
  const subs = new Map<string, ModelSubscription>();
  let expectedCents = 0;
  let hadTrial = false;
  const upgrades: ModelUpgrade[] = [];
  const log: string[] = [];
  const keyName = (slot: number) => `model-${member.id.slice(0, 8)}-key-${slot}`;

  async function buy(key: string | null, body: { payment_method: string; package_id: number }) {
    const answer: Answer = {
      fingerprint: JSON.stringify(body),
      ...(await answerOf(purchases.saveCardAndBuy(member.id, body, key ?? undefined))),
    };
    log.push(
      `buy ${key ?? "-"} ${body.package_id}/${body.payment_method.includes("3ds") ? "3184" : "4242"} → ${answer.status} ${JSON.stringify(answer.body)}`,
    );
    expect([200, 402, 409, 422], JSON.stringify(answer.body)).toContain(answer.status);
    if (key) answers.set(key, [...(answers.get(key) ?? []), answer]);
    if (answer.status === 200 && answer.body.message === "need approve") {
      const url = new URL(answer.body.redirect_url!, "http://x");
      const paymentId = url.pathname.split("/").at(-1)!;
      const returnUrl = url.searchParams.get("return_url")!;
      expect(returnUrl).toMatch(/^\/api\/v1\/stripe\/return\/[0-9a-f-]{36}$/);
      if (!approvals.some((approval) => approval.paymentId === paymentId)) {
        approvals.push({ paymentId, purchaseId: returnUrl.split("/").at(-1)!, returnUrl, decision: null });
      }
    }
    return answer;
  }
  const bodyOf = (pkg: Pkg, card: Card) => ({ payment_method: member.pms[card], package_id: pkg });

  /** The model's view of each subscription now, and the one that gives access (newest first). */
  const modelStates = () => [...subs.values()].map((sub) => ({ sub, state: stateOf(sub.events) }));
  function currentAt(at: Date) {
    const entitled = modelStates().filter(({ state }) => state && isEntitled(state, at));
    return entitled.sort((a, b) => b.sub.startedAt.getTime() - a.sub.startedAt.getTime())[0] ?? null;
  }

  /** Takes in subscriptions the service granted since the last look, as the model says they start. */
  async function sync() {
    const granted = await rows<{
      purchase_id: string;
      package_id: number;
      subscription_id: string;
      started_at: Date;
      payment_method_id: string;
    }>(
      database,
      `select p.id as purchase_id, p.package_id, s.id as subscription_id, s.started_at, s.payment_method_id
         from purchases p join subscriptions s on s.id = p.subscription_id
        where p.user_id = $1 and p.kind <> 'upgrade' order by s.started_at`,
      [member.id],
    );
    for (const row of granted) {
      if (subs.has(row.subscription_id)) continue;
      const at = new Date(row.started_at);
      const card: Card =
        row.payment_method_id === member.pms.ok ? "ok" : row.payment_method_id === member.pms.approval ? "approval" : (null as never);
      expect(card, `subscription ${row.subscription_id} bills one of the member's cards`).not.toBeNull();
      // A lifetime purchase, or one the bank approved after another purchase, replaces the running subscription.
      const running = currentAt(at);
      if (running && running.state!.status !== "lifetime" && canCancel(running.state, at)) {
        running.sub.events.push({ type: "cancel_requested", id: `replaced:${row.subscription_id}`, at });
      }
      const plan = planOf(row.package_id);
      const trial =
        row.package_id === PKG.yearlyTrial && !hadTrial && !approvals.some((approval) => approval.purchaseId === row.purchase_id);
      hadTrial ||= trial;
      const events: LifecycleEvent[] =
        plan === "lifetime"
          ? [{ type: "lifetime_purchased", id: `start:${row.purchase_id}`, at }]
          : [
              { type: "started", id: `start:${row.purchase_id}`, at, plan, trial },
              ...(trial
                ? []
                : [
                    {
                      type: "charged" as const,
                      id: `charge:${row.purchase_id}`,
                      at,
                      periodStart: at,
                      periodEnd: billingPeriodEnd(plan, at),
                    },
                  ]),
            ];
      if (!trial) expectedCents += PRICES[row.package_id]!;
      subs.set(row.subscription_id, {
        id: row.subscription_id,
        pkg: row.package_id,
        card,
        startedAt: at,
        events,
        failures: new Map(),
        price: PRICES[row.package_id]!,
      });
    }
  }

  const deliver = (paymentId: string) =>
    purchases.cardEvent({ eventId: `evt_${randomUUID()}`, at: new Date(h.clock.now), kind: "payment_succeeded", paymentId });
  /** Where the browser back from the bank lands: granted, refused, or still waiting. */
  const expectedReturn = (approval: Approval) =>
    approval.decision === "approve" ? "granted" : approval.decision === "cancel" ? "declined" : "waiting";

  for (const command of commands) {
    h.clock.now += 1000;
    switch (command.kind) {
      case "buy": {
        const key = command.key === null ? null : keyName(command.key);
        const body = bodyOf(command.pkg, command.card);
        sent.push({ key, body });
        await buy(key, body);
        break;
      }
      case "retry": {
        if (sent.length === 0) break;
        const { key, body } = sent[command.which % sent.length]!;
        await buy(key, body);
        break;
      }
      case "race": {
        const body = bodyOf(command.pkg, command.card);
        const keys = [keyName(command.key), command.other === null ? keyName(command.key) : keyName(command.other)];
        for (const key of keys) sent.push({ key, body });
        await Promise.all(keys.map((key) => buy(key, body)));
        break;
      }
      case "decide": {
        if (approvals.length === 0) break;
        const approval = approvals[command.which % approvals.length]!;
        const res = await apps.inject({
          method: "POST",
          url: `/sandbox/card/approve/${approval.paymentId}`,
          payload: new URLSearchParams({ decision: command.approve ? "approve" : "cancel", return_url: approval.returnUrl }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        expect(res.statusCode).toBe(303);
        log.push(`decide ${approval.paymentId} ${command.approve ? "approve" : "cancel"}`);
        approval.decision ??= command.approve ? "approve" : "cancel";
        break;
      }
      case "return": {
        if (approvals.length === 0) break;
        const approval = approvals[command.which % approvals.length]!;
        const [outcome] = await Promise.all([
          purchases.approvalReturn(approval.purchaseId),
          command.withWebhook ? deliver(approval.paymentId) : null,
        ]);
        log.push(`return ${approval.paymentId}${command.withWebhook ? " + webhook" : ""} → ${outcome}`);
        expect(outcome, log.join("\n")).toBe(expectedReturn(approval));
        break;
      }
      case "webhook": {
        if (approvals.length === 0) break;
        const approval = approvals[command.which % approvals.length]!;
        log.push(`webhook ${approval.paymentId}${command.twice ? " ×2" : ""}`);
        await Promise.all(command.twice ? [deliver(approval.paymentId), deliver(approval.paymentId)] : [deliver(approval.paymentId)]);
        break;
      }
      case "renew": {
        await sync();
        const billable = modelStates().find(({ state }) => nextBillingPeriod(state) !== null);
        if (!billable) {
          // Nothing may be charged: a job for the newest subscription's period end does nothing.
          const latest = [...subs.values()].at(-1);
          if (!latest) break;
          const end = stateOf(latest.events)?.currentPeriodEnd ?? new Date(h.clock.now);
          const outcome = await billing.chargeDue(latest.id, end, 0);
          log.push(`renew ${command.mode} (nothing billable) → ${outcome.outcome}`);
          expect(outcome.outcome).toBe("not due");
          break;
        }
        const { sub, state } = billable;
        const next = nextBillingPeriod(state)!;
        const periodKey = next.periodStart.toISOString();
        if (command.mode === "stale") {
          const outcome = await billing.chargeDue(sub.id, new Date(next.periodStart.getTime() - DAY_MS), 0);
          log.push(`renew stale → ${outcome.outcome}`);
          expect(outcome).toEqual({ outcome: "not due" });
          break;
        }
        const attempt = sub.failures.get(periodKey) ?? 0;
        h.clock.now = Math.max(h.clock.now, next.periodStart.getTime() + attempt * DAY_MS);
        const expected = sub.card === "ok" ? "charged" : attempt < RETRIES ? "retry scheduled" : "ended";
        const outcomes = await Promise.all(
          (command.mode === "repeat" ? [0, 1] : [0]).map(() =>
            billing.chargeDue(sub.id, next.periodStart, attempt).then((result) => result.outcome),
          ),
        );
        log.push(`renew ${command.mode} ${periodKey} attempt ${attempt} → ${outcomes.join(", ")}`);
        expect(outcomes, log.join("\n")).toContain(expected);
        for (const outcome of outcomes) expect([expected, "not due"]).toContain(outcome);
        const at = new Date(h.clock.now);
        if (expected === "charged") {
          sub.events.push({ type: "charged", id: `renewal:${periodKey}`, at, periodStart: next.periodStart, periodEnd: next.periodEnd });
          expectedCents += sub.price;
        } else {
          sub.events.push({ type: "charge_failed", id: `failed:${periodKey}:${attempt}`, at });
          sub.failures.set(periodKey, attempt + 1);
          if (expected === "ended") sub.events.push({ type: "retries_exhausted", id: `exhausted:${periodKey}`, at });
        }
        break;
      }
      case "upgrade": {
        await sync();
        const running = currentAt(new Date(h.clock.now));
        const state = running?.state ?? null;
        // The member opens settings some hours into the current period, up to its last minute (never back in time; the
        // clock passes a period's end only through the renewal jobs, as before).
        const period = state?.facts.period;
        if (period)
          h.clock.now = Math.max(h.clock.now, Math.min(period.start.getTime() + command.later * 3_600_000, period.end.getTime() - 60_000));
        const at = new Date(h.clock.now);
        const now = currentAt(at);
        const key = command.key === null ? null : keyName(command.key);
        const body = { package_id: PKG.yearlyTrial };
        const fingerprint = JSON.stringify({ upgrade: body });
        // A key some call claimed before (any answer but "another purchase is in flight", which claims nothing).
        const claimed = key !== null && (answers.get(key) ?? []).some((item) => !(item.status === 409 && item.body.message === BUSY_OTHER));
        const answer: Answer = { fingerprint, ...(await answerOf(purchases.changePlan(member.id, "stripe", body, key ?? undefined))) };
        log.push(`upgrade ${key ?? "-"} at +${command.later}h → ${answer.status} ${JSON.stringify(answer.body)}`);
        if (!now) {
          // Refused before its key is claimed (nothing of the member's to change), as before a purchase's key is.
          expect(answer, log.join("\n")).toEqual({
            fingerprint,
            status: 404,
            body: { message: "You have no subscription to change here." },
          });
          break;
        }
        if (key) answers.set(key, [...(answers.get(key) ?? []), answer]);
        // A key used before answers its first outcome (or 422 for another request): checked with the other keys below.
        if (claimed) break;
        if (!canUpgradeToAnnual(now.state, at)) {
          expect(answer, log.join("\n")).toEqual({
            fingerprint,
            status: 409,
            body: { message: "This subscription cannot be upgraded to annual." },
          });
          break;
        }
        if (now.sub.card === "approval") {
          // The bank asks for an approval the member never gives here: nothing is taken (approved upgrades: subscription-changes.test.ts).
          expect(answer.body.message, log.join("\n")).toBe("need approve");
          break;
        }
        expect(answer, log.join("\n")).toMatchObject({
          status: 200,
          body: { message: "Successfully subscribed!", subscription_type: "Annual" },
        });
        // The model's own reckoning of the credit: what was paid for the current period, unused from now, rounded up.
        const paidPeriod = now.state!.facts.period!;
        const paid = paidPeriod.trial ? 0 : now.sub.price;
        const length = BigInt(paidPeriod.end.getTime() - paidPeriod.start.getTime());
        const unused = BigInt(Math.max(0, paidPeriod.end.getTime() - Math.max(at.getTime(), paidPeriod.start.getTime())));
        const credit = Math.min(Number((BigInt(paid) * unused + length - 1n) / length), PRICES[PKG.yearlyTrial]!);
        const due = PRICES[PKG.yearlyTrial]! - credit;
        upgrades.push({ at, period: { start: paidPeriod.start, end: paidPeriod.end }, paid, due });
        now.sub.events.push({
          type: "upgraded",
          id: `upgrade:${h.clock.now}`,
          at,
          plan: "annual",
          periodStart: at,
          periodEnd: addBillingMonths(at, 12),
        });
        now.sub.price = PRICES[PKG.yearlyTrial]!;
        expectedCents += due;
        break;
      }
      case "cancel": {
        await sync();
        const at = new Date(h.clock.now);
        const current = currentAt(at);
        const res = await answerOf(purchases.cancel(member.id, "stripe"));
        log.push(`cancel → ${res.status}`);
        if (res.status === 200) expect(res.body).toEqual({ message: "Successfully canceled!" });
        if (!current) expect(res.status, log.join("\n")).toBe(404);
        else if (canCancel(current.state, at)) {
          expect(res.status, log.join("\n")).toBe(200);
          current.sub.events.push({ type: "cancel_requested", id: `cancel:${h.clock.now}`, at });
        } else if (current.state!.status === "canceled") expect(res.status, log.join("\n")).toBe(200);
        else expect(res.status, log.join("\n")).toBe(409);
        break;
      }
    }
  }

  await sync();
  // The provider eventually reports every payment the member approved at the bank.
  for (const approval of approvals.filter((item) => item.decision === "approve")) {
    h.clock.now += 1000;
    await deliver(approval.paymentId);
    await sync();
  }
  const context = `\n${log.join("\n")}`;

  // Money: what the processor took, what we recorded, and what the model says was bought.
  const taken = await rows<{ amount_cents: number }>(
    database,
    "select amount_cents from sandbox_payments where account = $1 and status = 'succeeded'",
    [member.customer],
  );
  const recorded = await rows<{
    amount_cents: number;
    subscription_id: string | null;
    purchase_id: string | null;
    period_start: Date | null;
  }>(
    database,
    "select amount_cents, subscription_id, purchase_id, period_start from payments where user_id = $1 and status = 'succeeded'",
    [member.id],
  );
  const sum = (list: { amount_cents: number }[]) => list.reduce((total, row) => total + row.amount_cents, 0);
  expect(sum(taken), `money taken${context}`).toBe(expectedCents);
  expect(sum(recorded), `money recorded${context}`).toBe(expectedCents);
  const periods = recorded
    .filter((row) => row.period_start)
    .map((row) => `${row.subscription_id}@${new Date(row.period_start!).toISOString()}`);
  expect(new Set(periods).size, `one payment per period${context}`).toBe(periods.length);
  const perPurchase = recorded.filter((row) => row.purchase_id).map((row) => row.purchase_id);
  expect(new Set(perPurchase).size, `one payment per purchase${context}`).toBe(perPurchase.length);

  // Upgrades: never more than the annual price; the price less a credit never below the unused value of what was
  // paid, so over the whole history the member never pays more than the time they got was worth.
  const upgraded = await rows<{ amount_cents: number; credit_cents: number }>(
    database,
    `select p.amount_cents, p.credit_cents from payments p join purchases u on u.id = p.purchase_id
      where p.user_id = $1 and p.status = 'succeeded' and u.kind = 'upgrade' order by p.created_at`,
    [member.id],
  );
  expect(
    upgraded.map((row) => row.amount_cents),
    `each upgrade charged what the model reckons${context}`,
  ).toEqual(upgrades.map((upgrade) => upgrade.due));
  for (const [index, row] of upgraded.entries()) {
    const { at, period, paid } = upgrades[index]!;
    const where = `upgrade ${index}${context}`;
    expect(row.amount_cents, where).toBeLessThanOrEqual(PRICES[PKG.yearlyTrial]!);
    expect(row.amount_cents + row.credit_cents, where).toBe(PRICES[PKG.yearlyTrial]!);
    const length = BigInt(period.end.getTime() - period.start.getTime());
    const unusedValue = BigInt(paid) * BigInt(Math.max(0, period.end.getTime() - Math.max(at.getTime(), period.start.getTime())));
    if (row.credit_cents < PRICES[PKG.yearlyTrial]!) expect(BigInt(row.credit_cents) * length >= unusedValue, where).toBe(true);
    expect(row.credit_cents, where).toBeLessThanOrEqual(paid);
  }
  // What every paid period was worth to the member, less the unused part of those an upgrade cut short.
  const fullPrices = expectedCents + upgrades.reduce((total, upgrade) => total + PRICES[PKG.yearlyTrial]! - upgrade.due, 0);
  const cutShort = upgrades.reduce((total, { at, period, paid }) => {
    const length = period.end.getTime() - period.start.getTime();
    return total + (paid * Math.max(0, period.end.getTime() - Math.max(at.getTime(), period.start.getTime()))) / length;
  }, 0);
  expect(sum(recorded), `the member never pays more than what they got${context}`).toBeLessThanOrEqual(fullPrices - cutShort + 1e-6);

  // Subscriptions: each granted by one purchase, at most one billed recurring one, each in its events' state.
  const dbSubs = await rows<{ id: string; status: string; current_period_end: Date | null }>(
    database,
    "select id, status, current_period_end from subscriptions where user_id = $1",
    [member.id],
  );
  expect(dbSubs.length, `every subscription comes from one purchase${context}`).toBe(subs.size);
  expect(
    dbSubs.filter((row) => ["trialing", "active", "past_due"].includes(row.status)).length,
    `one billed subscription${context}`,
  ).toBeLessThanOrEqual(1);
  for (const row of dbSubs) {
    const state = stateOf(subs.get(row.id)!.events)!;
    expect(
      { status: row.status, end: row.current_period_end ? new Date(row.current_period_end).toISOString() : null },
      `subscription ${row.id}${context}`,
    ).toEqual({
      status: state.status,
      end: state.currentPeriodEnd?.toISOString() ?? null,
    });
  }

  // Nothing starts beside lifetime access: a purchase approved at the bank after it was bought is refunded.
  const lifetimeFrom = Math.min(...[...subs.values()].filter((sub) => sub.pkg === PKG.lifetime).map((sub) => sub.startedAt.getTime()));
  const startedBeside = [...subs.values()].filter((sub) => sub.startedAt.getTime() > lifetimeFrom);
  expect(
    startedBeside.map((sub) => sub.id),
    `nothing bought after lifetime${context}`,
  ).toEqual([]);

  // The same key answers the same outcome; with another request it is refused.
  for (const [key, list] of answers) {
    const settled = list.filter((answer) => !(answer.status === 409 && BUSY.has(answer.body.message)));
    const first = settled[0];
    if (!first) continue;
    let expected = first;
    for (const answer of settled.slice(1)) {
      const where = `key ${key}${context}`;
      if (answer.fingerprint !== first.fingerprint) {
        expect(answer.status, where).toBe(422);
        expect(answer.body.errors, where).toEqual({ idempotency_key: ["This Idempotency-Key was already used for another request."] });
        continue;
      }
      if (
        expected.body.message === "need approve" &&
        (answer.status !== expected.status || answer.body.message !== expected.body.message)
      ) {
        // Settled at the bank since: granted, or refused.
        if (answer.status === 200)
          expect(answer.body, where).toMatchObject({
            message: "Successfully subscribed!",
            redirect_url: null,
            subscription_type: expect.any(String),
          });
        else if (answer.status === 409)
          expect(answer.body, where).toEqual({ message: "You already have lifetime access. The charge was refunded." });
        else expect(answer, where).toMatchObject({ status: 402, body: { message: "The payment was not approved." } });
        expected = answer;
        continue;
      }
      expect({ status: answer.status, body: answer.body }, where).toEqual({ status: expected.status, body: expected.body });
    }
  }
}

/** Generated runs per property: the quick depth in `npm test`, the full depth in `npm run test:deep`. */
const RANDOM_SEQUENCES = depth(150, 1000);
const UPGRADE_SEQUENCES = depth(50, 300);
const WALLET_HISTORIES = depth(40, 200);
const SIMULTANEOUS_APPROVALS = depth(15, 60);

describe("money safety of card purchases, approvals, webhooks, renewals and cancellations", () => {
  it(`holds over ${RANDOM_SEQUENCES} random sequences`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 3, maxLength: 8 }), async (commands) => {
        await runSequence(commands);
      }),
      { numRuns: RANDOM_SEQUENCES },
    );
  });

  it(
    `holds over ${UPGRADE_SEQUENCES} sequences of a monthly member who upgrades, renews, cancels and buys again`,
    { timeout: 600_000 },
    async () => {
      const upgradeArb = fc.record({
        kind: fc.constant("upgrade" as const),
        key: keyArb,
        later: fc.integer({ min: 0, max: 31 * 24 }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof({ weight: 2, arbitrary: upgradeArb }, { weight: 3, arbitrary: commandArb }), { minLength: 1, maxLength: 6 }),
          async (rest) => {
            await runSequence([{ kind: "buy", key: null, pkg: PKG.monthly, card: "ok" }, ...rest]);
          },
        ),
        { numRuns: UPGRADE_SEQUENCES },
      );
    },
  );
});

// ---- wallet webhooks ---------------------------------------------------------------------------

/**
 * A wallet subscription's history as PayPal reports it, in time order: the first payment (or the
 * trial's end), then each cycle's failed attempts and its payment, or its suspension; a
 * cancellation ends the history.
 */
const historyArb = fc.record({
  trial: fc.boolean(),
  cycles: fc.array(fc.record({ failures: fc.integer({ min: 0, max: 2 }), suspended: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  cancelAfter: fc.option(fc.integer({ min: 0, max: 3 })),
  /** Each delivery's delay after the event (PayPal retries for up to three days), and whether it comes twice. */
  deliveries: fc.array(
    fc.record({ delayMinutes: fc.integer({ min: 0, max: 45 * 24 * 60 }), twice: fc.boolean(), together: fc.boolean() }),
    { minLength: 16, maxLength: 16 },
  ),
});
type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

type WalletFact = { kind: "sale"; at: Date; periodStart: Date; periodEnd: Date } | { kind: "failed" | "canceled" | "suspended"; at: Date };

/** The facts of a history for a subscription started at `start`, in time order. */
function walletFacts(history: History, start: Date): WalletFact[] {
  const plan: RecurringPlan = history.trial ? "annual" : "monthly";
  const facts: WalletFact[] = [];
  let boundary = history.trial ? new Date(start.getTime() + 7 * DAY_MS) : start;
  if (!history.trial) {
    facts.push({ kind: "sale", at: new Date(start.getTime() + 60_000), periodStart: start, periodEnd: billingPeriodEnd(plan, start) });
    boundary = billingPeriodEnd(plan, start);
  }
  for (const [index, cycle] of history.cycles.entries()) {
    if (history.cancelAfter === index) {
      facts.push({ kind: "canceled", at: new Date(boundary.getTime() - 5 * DAY_MS) });
      return facts;
    }
    for (let attempt = 0; attempt < cycle.failures; attempt++)
      facts.push({ kind: "failed", at: new Date(boundary.getTime() + attempt * DAY_MS + 3_600_000) });
    if (cycle.suspended && cycle.failures > 0) {
      facts.push({ kind: "suspended", at: new Date(boundary.getTime() + 3 * DAY_MS) });
      return facts;
    }
    const end = billingPeriodEnd(plan, boundary);
    facts.push({
      kind: "sale",
      at: new Date(boundary.getTime() + cycle.failures * DAY_MS + 2 * 3_600_000),
      periodStart: boundary,
      periodEnd: end,
    });
    boundary = end;
  }
  return facts;
}

describe("money safety of wallet webhooks", () => {
  it(
    "ends in the time-ordered state, with one payment per paid period, however the webhooks are delayed, repeated or reordered",
    { timeout: 300_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(historyArb, async (history) => {
          const member = await freshMember();
          h.clock.now = Date.now();
          const start = new Date(h.clock.now);
          const pkg = packages.get(history.trial ? PKG.walletYearlyTrial : PKG.walletMonthly)!;
          const plan: RecurringPlan = history.trial ? "annual" : "monthly";
          const facts = walletFacts(history, start);

          // The same history twice: delivered late, repeated and reordered to one subscription, once in time order to its twin.
          const twins = await Promise.all(
            ["shuffled", "ordered"].map(async (name) => {
              const providerId = `I-${name.toUpperCase()}-${randomUUID()}`;
              const row = await billing.start({
                userId: member.id,
                provider: "paypal",
                pkg,
                trial: history.trial,
                purchaseId: randomUUID(),
                providerSubscriptionId: providerId,
              });
              const events: ProviderEvent[] = facts.map((fact, index) => {
                const base = { eventId: `WH-${providerId}-${index}`, at: fact.at, subscriptionId: providerId };
                if (fact.kind === "sale")
                  return {
                    ...base,
                    kind: "subscription_charged",
                    paymentId: `SALE-${providerId}-${index}`,
                    money: { amountCents: pkg.amountCents, currency: pkg.currency },
                  };
                return {
                  ...base,
                  kind:
                    fact.kind === "failed"
                      ? "subscription_charge_failed"
                      : fact.kind === "canceled"
                        ? "subscription_canceled"
                        : "subscription_suspended",
                };
              });
              return { name, row, events };
            }),
          );
          const [shuffled, ordered] = twins as [(typeof twins)[0], (typeof twins)[0]];

          const deliveries = shuffled.events.flatMap((event, index) => {
            const plan = history.deliveries[index % history.deliveries.length]!;
            const at = event.at.getTime() + plan.delayMinutes * 60_000;
            return plan.twice
              ? [
                  { event, at, together: plan.together },
                  { event, at: plan.together ? at : at + 7 * 60_000, together: plan.together },
                ]
              : [{ event, at, together: false }];
          });
          deliveries.sort((a, b) => a.at - b.at);
          for (let i = 0; i < deliveries.length; i++) {
            const delivery = deliveries[i]!;
            const next = deliveries[i + 1];
            if (delivery.together && next && next.event === delivery.event && next.at === delivery.at) {
              expect(await Promise.all([billing.walletEvent(delivery.event), billing.walletEvent(next.event)])).toEqual([true, true]);
              i++;
            } else expect(await billing.walletEvent(delivery.event)).toBe(true);
          }
          for (const event of ordered.events) expect(await billing.walletEvent(event)).toBe(true);

          // What the distinct facts give applied once in time order.
          const events: LifecycleEvent[] = [
            { type: "started", id: "start", at: start, plan, trial: history.trial },
            ...(history.trial
              ? []
              : [{ type: "charged" as const, id: "first", at: start, periodStart: start, periodEnd: billingPeriodEnd(plan, start) }]),
            ...facts.map((fact, index): LifecycleEvent => {
              const id = `fact-${index}`;
              if (fact.kind === "sale")
                return { type: "charged", id, at: fact.at, periodStart: fact.periodStart, periodEnd: fact.periodEnd };
              return {
                type: fact.kind === "failed" ? "charge_failed" : fact.kind === "canceled" ? "cancel_requested" : "retries_exhausted",
                id,
                at: fact.at,
              };
            }),
          ];
          const expected = stateOf(events)!;
          const sales = facts.filter((fact) => fact.kind === "sale");
          const context = `\n${JSON.stringify({ facts, deliveries: deliveries.map((d) => [d.event.eventId.split("-").at(-1), new Date(d.at).toISOString()]) })}`;
          for (const twin of [shuffled, ordered]) {
            const [row] = await rows<{ status: string; current_period_end: Date | null }>(
              database,
              "select status, current_period_end from subscriptions where id = $1",
              [twin.row.id],
            );
            expect(
              { status: row!.status, end: row!.current_period_end ? new Date(row!.current_period_end).toISOString() : null },
              `${twin.name}${context}`,
            ).toEqual({
              status: expected.status,
              end: expected.currentPeriodEnd?.toISOString() ?? null,
            });
            const paid = await rows<{ amount_cents: number; period_start: Date; status: string }>(
              database,
              "select amount_cents, period_start, status from payments where subscription_id = $1 order by period_start",
              [twin.row.id],
            );
            expect(
              paid.map((payment) => [payment.status, payment.amount_cents, new Date(payment.period_start).toISOString()]),
              `${twin.name} payments${context}`,
            ).toEqual(sales.map((sale) => ["succeeded", pkg.amountCents, (sale as { periodStart: Date }).periodStart.toISOString()]));
          }
        }),
        { numRuns: WALLET_HISTORIES },
      );
    },
  );
});

// ---- approvals completed at the same moment ----------------------------------------------------

/**
 * A member approves two or three wallet checkouts (maybe a card purchase too) and every return
 * page, webhook-free, arrives at the same moment (a tab may come back twice). The wallet stands
 * in for PayPal: an approved agreement bills until it is cancelled there.
 */
const WALLET = { quarterly: 12, lifetime: 15 } as const;
const approvalRaceArb = fc.record({
  wallet: fc.array(fc.constantFrom(PKG.walletMonthly, WALLET.quarterly, PKG.walletYearlyTrial, WALLET.lifetime), {
    minLength: 2,
    maxLength: 3,
  }),
  twice: fc.boolean(),
  card: fc.option(fc.constantFrom<Pkg>(PKG.monthly, PKG.lifetime), { freq: 2 }),
});
const HELD = "You already have lifetime access.";
const RUNNING = "You already have an active subscription.";

describe("money safety of approvals completed at the same moment", () => {
  beforeAll(() => {
    h.clock.ticking = true;
  });
  afterAll(() => {
    h.clock.ticking = false;
  });

  it(
    "leaves one subscription, one agreement billing at the wallet (every other cancelled there) and no money taken twice",
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(approvalRaceArb, async (race) => {
          const member = await freshMember();
          h.clock.now = Date.now();
          const returns: { pkg: number; body: Record<string, string> }[] = [];
          for (const pkg of race.wallet) {
            const { url_to_redirect } = await purchases.walletCheckout(member.id, { package_id: pkg, timezone: "UTC" }, undefined);
            const back = await h.services.processors.sandboxWallet!.decide(url_to_redirect.split("/").at(-1)!, true);
            returns.push({ pkg, body: Object.fromEntries(new URL(back!, "http://x").searchParams) });
          }
          const calls = [...returns, ...(race.twice ? [returns[0]!] : [])].map(({ pkg, body }) =>
            answerOf(purchases.walletReturn(member.id, body)).then((answer) => ({ what: `wallet ${pkg}`, ...answer })),
          );
          if (race.card !== null) {
            const body = { payment_method: member.pms.ok, package_id: race.card };
            calls.push(
              answerOf(purchases.saveCardAndBuy(member.id, body, undefined)).then((answer) => ({ what: `card ${race.card}`, ...answer })),
            );
          }
          const answers = await Promise.all(calls);
          const context = `\n${JSON.stringify({ race, answers })}`;

          // One subscription gives access; a replaced one is cancelled, nothing else bills.
          const subscriptions = await rows<{
            id: string;
            status: string;
            plan_type: string;
            provider: string;
            provider_subscription_id: string | null;
          }>(database, "select id, status, plan_type, provider, provider_subscription_id from subscriptions where user_id = $1", [
            member.id,
          ]);
          const held = subscriptions.filter((row) => ["trialing", "active", "past_due", "lifetime"].includes(row.status));
          expect(held, `one subscription held${context}\n${JSON.stringify(subscriptions)}`).toHaveLength(1);
          const [current] = held;

          // At the wallet: the agreement of the member's wallet subscription bills, every other approved one is cancelled.
          const agreements = await rows<{ id: string; status: string; lifetime: boolean }>(
            database,
            `select id, status, lifetime from sandbox_wallet_checkouts
              where reference in (select id::text from purchases where user_id = $1 and provider = 'paypal')`,
            [member.id],
          );
          const billing = agreements.filter((row) => !row.lifetime && ["approved", "active"].includes(row.status)).map((row) => row.id);
          const owned = current!.provider === "paypal" && current!.status !== "lifetime" ? [current!.provider_subscription_id] : [];
          expect(billing, `agreements billing at the wallet${context}`).toEqual(owned);
          for (const row of agreements.filter((item) => !item.lifetime && !owned.includes(item.id)))
            expect(row.status, `agreement ${row.id}${context}`).toBe("cancelled");

          // Money: lifetime is paid for once at most; every capture, first wallet payment and card charge belongs to a
          // subscription, and each is recorded (with its receipt) once.
          const captured = agreements.filter((row) => row.lifetime && row.status === "active").map((row) => `CAPTURE-${row.id}`);
          const firstPayments = await rows<{ id: string; account: string }>(
            database,
            "select id, account from sandbox_payments where processor = 'wallet' and account = any($1::text[])",
            [agreements.filter((row) => !row.lifetime).map((row) => row.id)],
          );
          const cardCharges = await rows<{ amount_cents: number }>(
            database,
            "select amount_cents from sandbox_payments where account = $1 and status = 'succeeded'",
            [member.customer],
          );
          const recorded = await rows<{ provider: string; provider_payment_id: string; subscription_id: string | null }>(
            database,
            "select provider, provider_payment_id, subscription_id from payments where user_id = $1 and status = 'succeeded'",
            [member.id],
          );
          const walletRecorded = recorded.filter((row) => row.provider === "paypal");
          expect(
            walletRecorded.map((row) => row.provider_payment_id).sort(),
            `wallet captures and first payments recorded${context}`,
          ).toEqual([...captured, ...firstPayments.map((row) => row.id)].sort());
          for (const row of walletRecorded) expect(row.subscription_id, `wallet payment of a subscription${context}`).not.toBeNull();
          // A first payment was taken only from an agreement that went on to bill (the sandbox activates an approved one).
          for (const payment of firstPayments)
            expect(agreements.find((row) => row.id === payment.account)?.status, `first payment's agreement${context}`).toMatch(
              /^(active|cancelled)$/,
            );
          expect(
            recorded.filter((row) => row.provider === "stripe"),
            `card charges recorded${context}`,
          ).toHaveLength(cardCharges.length);
          const lifetimes = subscriptions.filter((row) => row.status === "lifetime");
          expect(
            captured.length + cardCharges.filter((row) => row.amount_cents === PRICES[PKG.lifetime]).length,
            `lifetime paid once${context}`,
          ).toBe(lifetimes.length);
          expect(lifetimes.length, `lifetime paid once${context}`).toBeLessThanOrEqual(1);
          const cardSubscriptions = subscriptions.filter((row) => row.provider === "stripe");
          expect(cardCharges, `card charges${context}`).toHaveLength(cardSubscriptions.length);

          // Every caller is told what happened: subscribed, or why not (nothing taken then).
          for (const answer of answers) {
            if (answer.status === 200) expect(answer.body.message, context).toBe("Successfully subscribed!");
            else if (answer.what.startsWith("card"))
              expect([HELD, RUNNING, "Another purchase is being processed. Please wait a moment."], context).toContain(answer.body.message);
            else expect(answer, context).toMatchObject({ status: 409, body: { message: HELD } });
          }
          // A tab that comes back twice is told the same both times; the member was told of the plan they hold.
          if (race.twice) expect(answers[race.wallet.length], context).toEqual(answers[0]);
          expect(
            answers.filter((answer) => answer.status === 200).map((answer) => answer.body.subscription_type),
            context,
          ).toContain(current!.plan_type);
        }),
        { numRuns: SIMULTANEOUS_APPROVALS },
      );
    },
  );
});
