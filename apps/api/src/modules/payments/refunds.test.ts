import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, randomIp, rows, type Member } from "../../test/accounts.ts";
import { createBillingHarness, PKG, type BillingHarness } from "../../test/billing-clock.ts";
import { getAs } from "../../test/content.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import { ASK_AGAIN_AFTER_MS, PROCESSOR_SILENT_MESSAGE } from "./refunds.service.ts";

/**
 * Support refunds a member's charge (decision 068): in whole or in part, through the processor that
 * took it, once per Idempotency-Key and never more than was paid; the member's receipts change, they
 * get one e-mail, and the audit log keeps the request and its outcome.
 */
let h: BillingHarness;
let support: StaffAccount;
let analyst: StaffAccount;
beforeAll(async () => {
  h = await createBillingHarness();
  support = await createStaff(h.app, h.services, "support");
  analyst = await createStaff(h.app, h.services, "analyst");
});
afterAll(async () => h.close());

const paymentOf = async (member: Member) =>
  (
    await rows<{ id: string; provider_payment_id: string; amount_cents: number; status: string; refunded_cents: number }>(
      h.database,
      "select id, provider_payment_id, amount_cents, status, refunded_cents from payments where user_id = $1 and status in ('succeeded', 'refunded') order by created_at desc limit 1",
      [member.id],
    )
  )[0]!;

function refund(
  memberId: string,
  paymentId: string,
  payload: Record<string, unknown> | string,
  options: { key?: string; token?: string } = {},
) {
  return h.app.inject({
    method: "POST",
    url: `/api/v1/admin/members/${memberId}/payments/${paymentId}/refund`,
    headers: {
      ...bearer(options.token ?? support.token),
      ...(options.key ? { "idempotency-key": options.key } : {}),
      ...(typeof payload === "string" ? { "content-type": "application/json" } : {}),
    },
    payload,
    remoteAddress: randomIp(),
  });
}
const receiptsOf = async (member: Member) => (await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data;
const refundMails = (member: Member) =>
  rows<{ subject: string; text: string }>(
    h.database,
    "select subject, text from outbox_emails where user_id = $1 and subject like 'We have refunded%' order by created_at",
    [member.id],
  );
const sandboxRefunds = (providerPaymentId: string) =>
  rows<{ amount_cents: number }>(h.database, "select amount_cents from sandbox_refunds where payment_id = $1", [providerPaymentId]);

describe("a card charge refunded by support", () => {
  it("gives back part, then the rest; the receipts say so, the member gets an e-mail each time, the log keeps both", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const payment = await paymentOf(member);
    expect(payment).toMatchObject({ amount_cents: 1499, status: "succeeded", refunded_cents: 0 });

    const part = await refund(member.id, payment.id, { amount_cents: 500, reason: "Charged twice by mistake" }, { key: randomUUID() });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      message: "$5.00 was refunded.",
      data: { refund: { amount_cents: 500, status: "succeeded" }, payment: { status: "succeeded", refunded_cents: 500 } },
    });
    expect(await receiptsOf(member)).toEqual([expect.objectContaining({ status: "partly_refunded", refunded: "$5.00", amount: "$14.99" })]);

    const rest = await refund(member.id, payment.id, { reason: "Leaving, refunded the rest" }, { key: randomUUID() });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ refund: { amount_cents: 999 }, payment: { status: "refunded", refunded_cents: 1499 } });
    expect(await receiptsOf(member)).toEqual([expect.objectContaining({ status: "refunded", refunded: "$14.99" })]);

    // The processor gave back exactly what the ledger says.
    expect((await sandboxRefunds(payment.provider_payment_id)).map((row) => row.amount_cents).sort()).toEqual([500, 999]);
    const mails = await refundMails(member);
    expect(mails.map((mail) => mail.subject)).toEqual(["We have refunded $5.00 to you", "We have refunded $9.99 to you"]);
    expect(mails[0]!.text).toContain("This refund does not change your plan.");

    const log = await rows<{ action: string; staff_email: string }>(
      h.database,
      "select action, staff_email from audit_log where target_id = $1 order by id",
      [member.id],
    );
    expect(log.map((entry) => entry.action)).toEqual([
      "payment.refund-requested",
      "payment.refunded",
      "payment.refund-requested",
      "payment.refunded",
    ]);
    expect(new Set(log.map((entry) => entry.staff_email))).toEqual(new Set([support.email]));

    const again = await refund(member.id, payment.id, { amount_cents: 1, reason: "One more" });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.amount_cents).toEqual(["This charge has been refunded in full already."]);
    // Access is not changed by a refund.
    expect((await getAs(h.app, member.token, "/api/v1/user/account-status")).json().status).toBe("active");
  });

  it("refuses more than is left, with the most that can be given back", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const payment = await paymentOf(member);
    const res = await refund(member.id, payment.id, { amount_cents: 1500, reason: "Too much" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount_cents).toEqual(["The most that can be refunded from this charge now is $14.99."]);
    expect(await sandboxRefunds(payment.provider_payment_id)).toEqual([]);
  });

  it("answers the same Idempotency-Key with the first refund, and refuses it with another request", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const payment = await paymentOf(member);
    const key = randomUUID();
    const body = { amount_cents: 300, reason: "Goodwill" };
    const [first, second] = await Promise.all([refund(member.id, payment.id, body, { key }), refund(member.id, payment.id, body, { key })]);
    const third = await refund(member.id, payment.id, body, { key });
    for (const res of [first, second, third]) expect(res.statusCode, res.body).toBe(200);
    expect(new Set([first, second, third].map((res) => res.json().data.refund.id)).size).toBe(1);
    expect(await sandboxRefunds(payment.provider_payment_id)).toEqual([{ amount_cents: 300 }]);
    expect(await refundMails(member)).toHaveLength(1);

    const other = await refund(member.id, payment.id, { amount_cents: 400, reason: "Goodwill" }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.idempotency_key).toEqual(["This Idempotency-Key was already used for another request."]);
  });

  it("keeps a refund whose processor answer was lost and finishes it once, in the request again or the sweep", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const payment = await paymentOf(member);
    const card = h.services.processors.card!;
    // The processor gives the money back, then the answer is lost on the way.
    const real = card.refund.bind(card);
    const lost = vi.spyOn(card, "refund").mockImplementationOnce(async (input) => {
      await real(input);
      throw new Error("socket hang up");
    });
    const res = await refund(member.id, payment.id, { amount_cents: 700, reason: "Lost answer" }, { key: randomUUID() });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(PROCESSOR_SILENT_MESSAGE);
    lost.mockRestore();
    expect(await sandboxRefunds(payment.provider_payment_id)).toEqual([{ amount_cents: 700 }]);
    // Pending counts against what is left: nothing more than the rest can be asked meanwhile.
    const tooMuch = await refund(member.id, payment.id, { amount_cents: 800, reason: "More" });
    expect(tooMuch.json().errors.amount_cents).toEqual(["The most that can be refunded from this charge now is $7.99."]);

    // Too early for the sweep; then a minute later it asks again under the same key: the processor answers the first refund.
    expect(await h.services.refunds.finishPending()).toEqual({ finished: 0, waiting: 0 });
    h.clock.now += ASK_AGAIN_AFTER_MS + 1000;
    await h.database.executeSql("update refunds set updated_at = now() - interval '2 minutes' where user_id = $1", [member.id]);
    expect(await h.services.refunds.finishPending()).toEqual({ finished: 1, waiting: 0 });
    expect(await h.services.refunds.finishPending()).toEqual({ finished: 0, waiting: 0 });
    expect(await sandboxRefunds(payment.provider_payment_id)).toEqual([{ amount_cents: 700 }]);
    expect((await paymentOf(member)).refunded_cents).toBe(700);
    expect(await refundMails(member)).toHaveLength(1);
  });
});

describe("a wallet charge refunded by support", () => {
  it("gives back the whole through the wallet; the receipt shows it refunded", async () => {
    const { member } = await h.walletMember(PKG.walletMonthly);
    const payment = await paymentOf(member);
    const res = await refund(member.id, payment.id, { reason: "Did not mean to subscribe" }, { key: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({ status: "refunded", refunded_cents: 1499 });
    expect(await receiptsOf(member)).toEqual([expect.objectContaining({ status: "refunded", paid_with: "PayPal" })]);
    expect((await refundMails(member))[0]!.text).toContain("It goes back to PayPal.");
    expect(await sandboxRefunds(payment.provider_payment_id)).toEqual([{ amount_cents: 1499 }]);
  });
});

describe("bad refund requests", () => {
  it("answers 404 for another member's charge or an unknown id, 422 for a bad body, 403 and 401 for the wrong caller; nothing is refunded", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const { member: other } = await h.cardMember(PKG.monthly);
    const payment = await paymentOf(member);
    const ok = { amount_cents: 100, reason: "Test" };
    expect((await refund(other.id, payment.id, ok)).statusCode).toBe(404);
    expect((await refund(member.id, randomUUID(), ok)).statusCode).toBe(404);
    expect((await refund(member.id, "not-an-id", ok)).statusCode).toBe(404);
    const missing = await refund(member.id, payment.id, { amount_cents: 100 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.reason).toEqual(["The reason field is required."]);
    for (const amount of [0, -5, 1.5, "ten"]) {
      const res = await refund(member.id, payment.id, { amount_cents: amount, reason: "Test" });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json().errors.amount_cents).toBeDefined();
    }
    expect((await refund(member.id, payment.id, "{not json")).statusCode).toBe(400);
    expect((await refund(member.id, payment.id, { amount_cents: 100, reason: "x".repeat(2_000_000) })).statusCode).toBe(413);
    expect((await refund(member.id, payment.id, ok, { key: "short" })).statusCode).toBe(422);
    expect((await refund(member.id, payment.id, ok, { token: analyst.token })).statusCode).toBe(403);
    expect((await refund(member.id, payment.id, ok, { token: member.token })).statusCode).toBe(401);
    expect(await sandboxRefunds(payment.provider_payment_id)).toEqual([]);
    expect((await paymentOf(member)).refunded_cents).toBe(0);
  });
});
