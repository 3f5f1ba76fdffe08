import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, randomIp, registerMember, rows, type Member } from "../../test/accounts.ts";
import { CARDS, confirmedCard, createBillingHarness, PKG, type BillingHarness } from "../../test/billing-clock.ts";
import { getAs } from "../../test/content.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";

/**
 * Support clears a purchase stuck in processing (decision 068): its process stopped mid-way, so the
 * member can neither finish it nor buy again. The processor is asked first: money taken completes the
 * purchase (the member gets what they paid for and their receipt); none taken releases it.
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

const clear = (memberId: string, purchaseId: string, token = support.token) =>
  h.app.inject({
    method: "POST",
    url: `/api/v1/admin/members/${memberId}/purchases/${purchaseId}/clear`,
    headers: bearer(token),
    remoteAddress: randomIp(),
  });
const buyByCard = async (member: Member, card = CARDS.ok) =>
  h.app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: { ...bearer(member.token), "idempotency-key": randomUUID() },
    payload: { payment_method: await confirmedCard(h.app, member.token, card), package_id: PKG.monthly },
  });
/** The member's newest purchase, left processing as a process that died 20 minutes ago leaves it. */
async function stuckPurchase(member: Member): Promise<string> {
  const [purchase] = await rows<{ id: string }>(
    h.database,
    "select id from purchases where user_id = $1 order by created_at desc limit 1",
    [member.id],
  );
  await h.database.executeSql("update purchases set status = 'processing', updated_at = now() - interval '20 minutes' where id = $1", [
    purchase!.id,
  ]);
  return purchase!.id;
}
const statusOf = async (member: Member) => (await getAs(h.app, member.token, "/api/v1/user/account-status")).json().status;
const purchaseStatus = async (id: string) =>
  (await rows<{ status: string }>(h.database, "select status from purchases where id = $1", [id]))[0]!.status;

describe("a card purchase stuck in processing", () => {
  it("completes when the processor took the money: the member has the plan and one receipt; a second clear finds nothing stuck", async () => {
    const member = await registerMember(h.app, h.database);
    // The process stops after the card was charged, before anything was written.
    vi.spyOn(h.services.billing, "recordCharge").mockRejectedValueOnce(new Error("the process stopped"));
    expect((await buyByCard(member)).statusCode).toBe(500);
    const purchaseId = await stuckPurchase(member);
    expect(await statusOf(member)).not.toBe("active");
    // The member cannot buy meanwhile.
    expect((await buyByCard(member)).statusCode).toBe(409);

    const detail = (await getAs(h.app, support.token, `/api/v1/admin/members/${member.id}`)).json().data;
    expect(detail.purchases[0]).toMatchObject({ id: purchaseId, status: "processing", stuck: true });

    const res = await clear(member.id, purchaseId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: "$14.99 had been charged: the purchase is completed, and the member has what they paid for and their receipt.",
      data: { outcome: "completed", status: "succeeded" },
    });
    expect(await statusOf(member)).toBe("active");
    const receipts = (await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data;
    expect(receipts).toEqual([expect.objectContaining({ amount: "$14.99", status: "paid", paid_with: "Card •••• 4242" })]);
    const mails = await rows(h.database, "select id from outbox_emails where user_id = $1 and subject like 'Your Serene receipt%'", [
      member.id,
    ]);
    expect(mails).toHaveLength(1);
    const charged = await rows(h.database, "select id from sandbox_payments where purchase_reference = $1", [purchaseId]);
    expect(charged).toHaveLength(1);

    const again = await clear(member.id, purchaseId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This purchase is not stuck: it is succeeded.");
    const log = await rows<{ action: string; after: { outcome: string } }>(
      h.database,
      "select action, after from audit_log where target_id = $1 order by id",
      [member.id],
    );
    expect(log.map((entry) => [entry.action, entry.after.outcome])).toEqual([["purchase.cleared", "completed"]]);
  });

  it("is released when nothing was charged, and the member can buy", async () => {
    const member = await registerMember(h.app, h.database);
    vi.spyOn(h.services.processors.card!, "charge").mockRejectedValueOnce(new Error("the process stopped"));
    expect((await buyByCard(member)).statusCode).toBe(500);
    const purchaseId = await stuckPurchase(member);

    const res = await clear(member.id, purchaseId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: "released", status: "failed" });
    expect(await purchaseStatus(purchaseId)).toBe("failed");
    expect(await rows(h.database, "select id from payments where user_id = $1", [member.id])).toEqual([]);
    expect((await buyByCard(member)).statusCode).toBe(200);
    expect(await statusOf(member)).toBe("active");
  });

  it("cancels a charge still waiting for the bank (the member never saw its page) and releases the purchase", async () => {
    const member = await registerMember(h.app, h.database);
    vi.spyOn(h.services.billing, "recordCharge").mockRejectedValueOnce(new Error("the process stopped"));
    expect((await buyByCard(member, CARDS.approval)).statusCode).toBe(500);
    const purchaseId = await stuckPurchase(member);

    const res = await clear(member.id, purchaseId);
    expect(res.json().data).toEqual({ outcome: "released", status: "failed" });
    const charges = await rows<{ status: string }>(h.database, "select status from sandbox_payments where purchase_reference = $1", [
      purchaseId,
    ]);
    expect(charges).toEqual([{ status: "canceled" }]);
  });

  it("refuses one still within its first 15 minutes, another member's, an unknown id and a role without money.write", async () => {
    const member = await registerMember(h.app, h.database);
    vi.spyOn(h.services.processors.card!, "charge").mockRejectedValueOnce(new Error("the process stopped"));
    await buyByCard(member);
    const purchaseId = await stuckPurchase(member);
    await h.database.executeSql("update purchases set updated_at = now() - interval '2 minutes' where id = $1", [purchaseId]);
    const early = await clear(member.id, purchaseId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "This purchase is still being processed. A purchase can be cleared once it has been processing for 15 minutes.",
    );
    await stuckPurchase(member);

    const other = await registerMember(h.app, h.database);
    expect((await clear(other.id, purchaseId)).statusCode).toBe(404);
    expect((await clear(member.id, randomUUID())).statusCode).toBe(404);
    expect((await clear(member.id, "not-an-id")).statusCode).toBe(404);
    expect((await clear(member.id, purchaseId, analyst.token)).statusCode).toBe(403);
    expect((await clear(member.id, purchaseId, member.token)).statusCode).toBe(401);
    expect(await purchaseStatus(purchaseId)).toBe("processing");
  });
});

describe("a wallet purchase stuck in processing", () => {
  it("completes with the wallet when the member had approved it", async () => {
    const member = await registerMember(h.app, h.database);
    const url = (await getAs(h.app, member.token, `/api/v1/paypal/subscription?package_id=${PKG.walletMonthly}`)).json().url_to_redirect;
    const back = await h.app.inject({
      method: "POST",
      url,
      payload: "decision=approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const query = Object.fromEntries(new URL(back.headers.location as string, "http://x").searchParams);
    // The completion stops before the subscription starts.
    vi.spyOn(h.services.billing, "start").mockRejectedValueOnce(new Error("the process stopped"));
    const done = await h.app.inject({
      method: "POST",
      url: "/api/v1/paypal/success-transaction",
      headers: bearer(member.token),
      payload: query,
    });
    expect(done.statusCode).toBe(500);
    const purchaseId = await stuckPurchase(member);

    const res = await clear(member.id, purchaseId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: "completed", status: "succeeded" });
    expect(await statusOf(member)).toBe("active");
    const receipts = (await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data;
    expect(receipts).toEqual([expect.objectContaining({ amount: "$14.99", paid_with: "PayPal" })]);
  });
});
