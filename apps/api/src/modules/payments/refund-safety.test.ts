import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../domain-errors.ts";
import { rows, type Member } from "../../test/accounts.ts";
import { depth } from "../../test/depth.ts";
import { createBillingHarness, inTurn, PKG, type BillingHarness } from "../../test/billing-clock.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import type { Refunds } from "./processors/ports.ts";
import type { RefundsService } from "./refunds.service.ts";

/**
 * A refund is exactly once (decision 068), as a property over random sequences of what support and the
 * processors do to one charge (card or wallet): refunds of a part or of all that is left, with keys
 * reused, sent twice at once and racing each other; the processor down before it acts, or acting and
 * its answer lost on the way (the same as the process stopping before it settles); and the sweep,
 * early or due. Three nodes serve, each call going to the next node in turn. After each sequence, and
 * a final sweep with the processor well:
 * - the processor gave back exactly what the ledger says succeeded, once per refund (its key
 *   `refund:<id>`), and the payment's refunded total is that sum, never more than was paid;
 * - the payment is refunded exactly when all of it was given back;
 * - nothing is left pending, and each refund made sent the member one e-mail;
 * - every answer to the same Idempotency-Key names the same refund.
 */

let h: BillingHarness;
const others: BillingHarness[] = [];
let refunds: RefundsService;
let support: StaffAccount;

/** What the processors do next, on whichever node asks: act normally, fail before acting, or act and lose the answer. */
type Fault = "down" | "lost";
const faults: Fault[] = [];

function withFaults(processor: Refunds) {
  const real = processor.refund.bind(processor);
  processor.refund = async (input) => {
    const fault = faults.shift();
    if (fault === "down") throw new Error("connect ECONNREFUSED");
    const result = await real(input);
    if (fault === "lost") throw new Error("socket hang up");
    return result;
  };
}

beforeAll(async () => {
  h = await createBillingHarness({ rateLimitFactor: 100_000, recordJobs: false });
  for (let i = 0; i < 2; i++) others.push(await createBillingHarness({ rateLimitFactor: 100_000, recordJobs: false, nodeOf: h }));
  const nodes = [h, ...others];
  for (const node of nodes) {
    withFaults(node.services.processors.card!);
    withFaults(node.services.processors.wallet!);
  }
  refunds = inTurn(nodes.map((node) => node.services.refunds));
  support = await createStaff(h.app, h.services, "support");
}, 120_000);
afterAll(async () => {
  for (const node of others) await node.close();
  await h.close();
});

type Command =
  | { kind: "refund"; amount: number | null; key: number | null; fault: Fault | null }
  | { kind: "twice"; amount: number | null; key: number }
  | { kind: "race"; a: number | null; b: number | null }
  | { kind: "sweep"; due: boolean };

const amountArb = fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 1600 }));
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("refund" as const),
      amount: amountArb,
      key: fc.option(fc.integer({ min: 0, max: 3 })),
      fault: fc.option(fc.constantFrom<Fault>("down", "lost")),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("twice" as const), amount: amountArb, key: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("race" as const), a: amountArb, b: amountArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("sweep" as const), due: fc.boolean() }) },
);

async function charged(wallet: boolean): Promise<{ member: Member; paymentId: string; providerPaymentId: string; amount: number }> {
  const { member } = wallet ? await h.walletMember(PKG.walletMonthly) : await h.cardMember(PKG.monthly);
  const [payment] = await rows<{ id: string; provider_payment_id: string; amount_cents: number }>(
    h.database,
    "select id, provider_payment_id, amount_cents from payments where user_id = $1 and status = 'succeeded'",
    [member.id],
  );
  return { member, paymentId: payment!.id, providerPaymentId: payment!.provider_payment_id, amount: payment!.amount_cents };
}

async function sweep(memberId: string, due: boolean) {
  if (due) await h.database.executeSql("update refunds set updated_at = updated_at - interval '2 minutes' where user_id = $1", [memberId]);
  await refunds.finishPending();
}

async function runSequence(wallet: boolean, commands: Command[]) {
  faults.length = 0;
  const charge = await charged(wallet);
  const keys = Array.from({ length: 4 }, () => randomUUID());
  const answered = new Map<string, Set<string>>();
  const actor = { staff: { id: support.id, email: support.email }, from: { ip: "203.0.113.9", userAgent: "model" } };

  const ask = async (amount: number | null, key: number | null) => {
    try {
      const answer = await refunds.refund(
        actor,
        charge.member.id,
        charge.paymentId,
        { reason: "model", ...(amount === null ? {} : { amount_cents: amount }) },
        key === null ? undefined : keys[key],
      );
      if (key !== null) {
        const seen = answered.get(keys[key]!) ?? new Set<string>();
        seen.add(answer.data.refund.id);
        answered.set(keys[key]!, seen);
      }
    } catch (error) {
      // Refusals (422, 409) and the processor's silence (503) are answers; anything else is a defect.
      if (!(error instanceof DomainError)) throw error;
    }
  };

  for (const command of commands) {
    if (command.kind === "refund") {
      if (command.fault) faults.push(command.fault);
      await ask(command.amount, command.key);
      faults.length = 0;
    } else if (command.kind === "twice") {
      await Promise.all([ask(command.amount, command.key), ask(command.amount, command.key)]);
    } else if (command.kind === "race") {
      await Promise.all([ask(command.a, null), ask(command.b, null)]);
    } else {
      await sweep(charge.member.id, command.due);
    }
  }
  // The processor is well again and the sweep is due: everything pending is finished.
  faults.length = 0;
  await sweep(charge.member.id, true);

  const ledger = await rows<{ id: string; amount_cents: number; status: string }>(
    h.database,
    "select id, amount_cents, status from refunds where payment_id = $1",
    [charge.paymentId],
  );
  const atProcessor = await rows<{ idempotency_key: string; amount_cents: number }>(
    h.database,
    "select idempotency_key, amount_cents from sandbox_refunds where payment_id = $1",
    [charge.providerPaymentId],
  );
  const [payment] = await rows<{ amount_cents: number; refunded_cents: number; status: string }>(
    h.database,
    "select amount_cents, refunded_cents, status from payments where id = $1",
    [charge.paymentId],
  );
  const mails = await rows(h.database, "select id from outbox_emails where user_id = $1 and subject like 'We have refunded%'", [
    charge.member.id,
  ]);

  const made = ledger.filter((row) => row.status === "succeeded");
  expect(ledger.filter((row) => row.status === "pending")).toEqual([]);
  expect(atProcessor.map((row) => [row.idempotency_key, row.amount_cents]).sort()).toEqual(
    made.map((row) => [`refund:${row.id}`, row.amount_cents]).sort(),
  );
  const given = made.reduce((sum, row) => sum + row.amount_cents, 0);
  expect(payment!.refunded_cents).toBe(given);
  expect(given).toBeLessThanOrEqual(charge.amount);
  expect(payment!.status).toBe(given === charge.amount ? "refunded" : "succeeded");
  expect(mails).toHaveLength(made.length);
  for (const ids of answered.values()) expect(ids.size).toBe(1);
}

describe("refunds are exactly once", () => {
  it("gives back what the ledger says, once each, never more than was paid, across nodes, keys, races and lost answers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(commandArb, { minLength: 1, maxLength: 8 }), (wallet, commands) =>
        runSequence(wallet, commands),
      ),
      { numRuns: depth(25, 200) },
    );
  }, 300_000);
});
