import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, sandboxSetupIntents, users, type DatabaseHandle } from "@serene/db";
import { HOUR_MS } from "@serene/domain";
import { buildApp, createServices, type Services } from "../../app.ts";
import { DomainError } from "../../domain-errors.ts";
import { statusOf } from "../../plugins/errors.ts";
import { rows } from "../../test/accounts.ts";
import { depth } from "../../test/depth.ts";
import { createTestDatabase, testConfig } from "../../test/test-app.ts";

/**
 * Money safety of timed offers (docs/decisions/030-honest-offers.md, 051), as a property over random
 * sequences of what a person does around their offer's deadline: opening an offer page (again), as the
 * member or as a lead with the member's address, on any of three checkouts offering the same package,
 * buying the offer package by card or wallet through any of them with or without an Idempotency-Key,
 * retrying a key, and time passing. The calls go straight to the services (checkout-offers.test.ts
 * covers the routes). After each sequence:
 * - a purchase that was not a replay succeeded only while the person's one offer ran (opened on any
 *   checkout by either identity, not ended), and only through a checkout;
 * - a replayed key answers what it answered first, before or after the deadline;
 * - the money taken for the offer is 14.95 once if a card purchase succeeded in time, else nothing;
 * - the clock never moved: every page, checkout and identity reads the deadline the first visit set.
 */

const PROMO = 3;
/** Three checkouts offering the same offer packages: a promo (bought with promo_checkout_id) and two checkouts. */
const CHECKOUTS = [1, PROMO, 4] as const;
type CheckoutId = (typeof CHECKOUTS)[number];
const through = (id: CheckoutId | null) => (id === null ? {} : id === PROMO ? { promo_checkout_id: id } : { checkout_id: id });
const OFFER = { card: 21, wallet: 23 } as const;
const OFFER_CENTS = 1495;

let database: DatabaseHandle;
let app: FastifyInstance;
let services: Services;
let clock = Date.now();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ RATE_LIMIT_FACTOR: "100000" });
  services = createServices({ config, database, now: () => new Date(clock) });
  app = await buildApp({ config, database, services, logger: false });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app.close();
  await services.close();
  await database.close();
});

let memberCount = 0;
async function freshMember() {
  const n = ++memberCount;
  const email = `offer-${n}-${randomBytes(4).toString("hex")}@example.test`;
  const [user] = await database.db
    .insert(users)
    .values({ name: `Offer ${n}`, email })
    .returning({ id: users.id });
  const id = user!.id;
  // A lead with the member's address (a quiz answered with it): the same person.
  const [lead] = await database.db
    .insert(leads)
    .values({ statisticId: randomBytes(16).toString("base64url"), name: `Offer ${n}`, email })
    .returning({ id: leads.id });
  const pm = `pm_offer_${n}_${randomBytes(3).toString("hex")}`;
  await database.db.insert(sandboxSetupIntents).values({
    id: `seti_offer_${n}_${randomBytes(3).toString("hex")}`,
    customerId: `cus_sandbox_${id.replaceAll("-", "")}`,
    clientSecret: `seti_offer_${n}_secret_${randomBytes(3).toString("hex")}`,
    status: "succeeded",
    paymentMethodId: pm,
    cardBehaviour: "succeeds",
    last4: "4242",
  });
  return { id, pm, leadId: lead!.id };
}

type Command =
  | { kind: "visit"; checkout: CheckoutId; as: "member" | "lead" }
  | { kind: "wait"; minutes: number }
  | { kind: "card"; key: number | null; checkout: CheckoutId | null }
  | { kind: "wallet"; key: number | null; checkout: CheckoutId | null };

const keyArb = fc.option(fc.integer({ min: 0, max: 2 }), { freq: 3 });
const checkoutArb = fc.constantFrom(...CHECKOUTS);
const throughArb = fc.option(checkoutArb, { freq: 4 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("visit" as const),
      checkout: checkoutArb,
      as: fc.constantFrom("member" as const, "lead" as const),
    }),
  },
  // Around the 4-hour deadline: a few minutes to a few hours at a time.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("wait" as const), minutes: fc.integer({ min: 1, max: 150 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("card" as const), key: keyArb, checkout: throughArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("wallet" as const), key: keyArb, checkout: throughArb }) },
);

type Outcome = { status: number; body: unknown };
async function outcomeOf(call: Promise<unknown>): Promise<Outcome> {
  try {
    return { status: 200, body: await call };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: statusOf(error), body: { message: error.message, errors: error.errors } };
  }
}

async function runSequence(commands: Command[]) {
  const member = await freshMember();
  clock = Date.parse("2026-09-01T08:00:00Z") + memberCount * 1000;
  let deadline: number | null = null;
  const firstAnswers = new Map<string, Outcome>();
  let paidInTime = false;
  const log: string[] = [];
  const keyName = (kind: string, slot: number) => `offer-${member.id.slice(0, 8)}-${kind}-${slot}`;

  for (const command of commands) {
    clock += 1000;
    if (command.kind === "wait") {
      clock += command.minutes * 60_000;
      continue;
    }
    if (command.kind === "visit") {
      const viewer =
        command.as === "member" ? { kind: "member" as const, userId: member.id } : { kind: "lead" as const, leadId: member.leadId };
      const { data } = await services.plans.checkout(command.checkout, viewer);
      const ends = Date.parse(data.offer.ends_at!);
      deadline ??= ends;
      expect(ends, `the deadline never moves (checkout ${command.checkout} as ${command.as})`).toBe(deadline);
      expect(data.offer.expired).toBe(clock >= deadline);
      expect(data.packages.some((p) => p.offer)).toBe(clock < deadline);
      continue;
    }
    const key = command.key === null ? undefined : keyName(command.kind, command.key);
    const checkout = through(command.checkout);
    const outcome =
      command.kind === "card"
        ? await outcomeOf(
            services.purchases.saveCardAndBuy(member.id, { payment_method: member.pm, package_id: OFFER.card, ...checkout }, key),
          )
        : await outcomeOf(services.purchases.walletCheckout(member.id, { package_id: OFFER.wallet, timezone: "UTC", ...checkout }, key));
    log.push(
      `${new Date(clock).toISOString()} ${command.kind} ${key ?? "-"} ${command.checkout} → ${outcome.status} ${JSON.stringify(outcome.body)}`,
    );
    const replay = key !== undefined && firstAnswers.has(key);
    if (replay) {
      // A retry answers the first outcome (or is refused as another request with this key, or busy).
      const first = firstAnswers.get(key)!;
      if (outcome.status === 200) expect(outcome.body, log.join("\n")).toEqual(first.body);
      continue;
    }
    if (key !== undefined) firstAnswers.set(key, outcome);
    const live = command.checkout !== null && deadline !== null && clock < deadline;
    if (outcome.status === 200) {
      expect(live, `a purchase succeeded outside the offer:\n${log.join("\n")}`).toBe(true);
      if (command.kind === "card") paidInTime = true;
    } else if (!live) {
      expect(outcome.status, log.join("\n")).toBe(422);
    }
  }

  const paid = await rows<{ amount_cents: number }>(
    database,
    "select amount_cents from payments where user_id = $1 and status = 'succeeded'",
    [member.id],
  );
  expect(
    paid.map((row) => row.amount_cents),
    log.join("\n"),
  ).toEqual(paidInTime ? [OFFER_CENTS] : []);
}

describe("timed offers and money", () => {
  it("an offer package is never sold outside its buyer's offer, whatever the order of calls", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 3, maxLength: 14 }), async (commands) => {
        await runSequence(commands);
      }),
      { numRuns: depth(15, 40) },
    );
  }, 300_000);

  it("a purchase made in time is replayed after the deadline, not charged again", async () => {
    const member = await freshMember();
    clock = Date.parse("2026-10-01T08:00:00Z");
    await services.plans.checkout(PROMO, { kind: "member", userId: member.id });
    const body = { payment_method: member.pm, package_id: OFFER.card, promo_checkout_id: PROMO };
    const first = await services.purchases.saveCardAndBuy(member.id, body, "offer-replay-key");
    clock += 5 * HOUR_MS;
    expect(await services.purchases.saveCardAndBuy(member.id, body, "offer-replay-key")).toEqual(first);
    const fresh = await outcomeOf(services.purchases.saveCardAndBuy(member.id, body, "offer-replay-key-2"));
    expect(fresh.status).toBe(422);
    const paid = await rows(database, "select 1 from payments where user_id = $1 and status = 'succeeded'", [member.id]);
    expect(paid).toHaveLength(1);
  });

  it("an offer that ended on one checkout is not sold on another opened afterwards, by the member or through a lead of the address", async () => {
    const member = await freshMember();
    clock = Date.parse("2026-10-02T08:00:00Z");
    await services.plans.checkout(PROMO, { kind: "member", userId: member.id });
    clock += 4 * HOUR_MS;
    for (const id of [1, 4] as const) {
      const asMember = await services.plans.checkout(id, { kind: "member", userId: member.id });
      const asLead = await services.plans.checkout(id, { kind: "lead", leadId: member.leadId });
      for (const { data } of [asMember, asLead]) {
        expect(data.offer).toMatchObject({ ends_at: "2026-10-02T12:00:00Z", expired: true });
        expect(data.packages.some((p) => p.offer)).toBe(false);
      }
      const card = await outcomeOf(
        services.purchases.saveCardAndBuy(member.id, { payment_method: member.pm, package_id: OFFER.card, ...through(id) }, `ended-${id}`),
      );
      expect(card.status).toBe(422);
      const wallet = await outcomeOf(
        services.purchases.walletCheckout(member.id, { package_id: OFFER.wallet, timezone: "UTC", ...through(id) }, `ended-wallet-${id}`),
      );
      expect(wallet.status).toBe(422);
    }
    expect(await rows(database, "select 1 from payments where user_id = $1 and status = 'succeeded'", [member.id])).toEqual([]);
  });
});
