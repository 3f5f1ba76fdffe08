import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addBillingMonths, DAY_MS, longDate, toUtcSecond } from "@serene/domain";
import { expectBothParts, mailsTo, uniqueEmail } from "../../test/accounts.ts";
import { createBillingHarness, CARDS, PKG, RETRIES, type BillingHarness } from "../../test/billing-clock.ts";
import { getAs, sendAs } from "../../test/content.ts";

/**
 * The money e-mails: trial started, a receipt for every charge, cancellation confirmed, failed
 * renewal. Each goes out once per event, however often a call, a job or a webhook repeats.
 */

let h: BillingHarness;
beforeAll(async () => {
  h = await createBillingHarness();
});
afterAll(async () => h.close());
beforeEach(() => {
  h.queued.length = 0;
  h.clock.now = Date.now();
});

describe("the trial started e-mail", () => {
  it("says when the trial ends, what is charged then and with what, once per subscription", async () => {
    const started = h.clock.now;
    const { member, subscriptionId } = await h.cardMember(PKG.yearlyTrial);
    const mails = await mailsTo(h.database, member.email, "free trial has started");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expectBothParts(mail!);
    const ends = longDate(new Date(started + 7 * DAY_MS));
    expect(mail!.text).toContain(`The trial ends on ${ends}. Then your annual plan begins and $59.99 is charged to Card •••• 4242.`);
    expect(mail!.html).toContain(ends);
    expect(mail!.text).toMatch(/Subscription settings: https?:\/\/\S+\/settings\/subscription\n/);
    expect(mail!.userId).toBe(member.id);
    // No money was taken, so there is no receipt.
    expect(await mailsTo(h.database, member.email, "receipt")).toEqual([]);

    // The trial reminder on day 5 stays as it was, and the day-7 charge sends the first receipt.
    h.clock.now = started + 7 * DAY_MS;
    expect(await h.chargeJob(subscriptionId, new Date(started + 7 * DAY_MS))).toEqual({ outcome: "charged" });
    expect(await h.chargeJob(subscriptionId, new Date(started + 7 * DAY_MS))).toEqual({ outcome: "not due" });
    expect(await mailsTo(h.database, member.email, "receipt")).toHaveLength(1);
    expect(await mailsTo(h.database, member.email, "free trial has started")).toHaveLength(1);
  });
});

describe("receipts by e-mail", () => {
  it("sends one receipt for a card purchase, with plan, amount, currency, date and reference", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const mails = await mailsTo(h.database, member.email, "receipt");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expectBothParts(mail!);
    const receipts = (await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data;
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(mail!.subject).toBe(`Your Serene receipt ${receipt.reference}`);
    for (const line of [
      "Plan: Serene Monthly plan",
      "Amount: $14.99 (USD)",
      `Date: ${longDate(new Date(receipt.paid_at))}`,
      "Paid with: Card •••• 4242",
      `Reference: ${receipt.reference}`,
    ]) {
      expect(mail!.text).toContain(line);
      expect(mail!.html).toContain(line.replace("&", "&amp;"));
    }
    expect(mail!.text).toContain(`/settings/subscription/receipts/${receipt.id}`);
  });

  it("sends one receipt per renewal, however often the charge job runs", async () => {
    h.clock.now = Date.now() - 31 * DAY_MS;
    const started = new Date(h.clock.now);
    const { member, subscriptionId } = await h.cardMember(PKG.monthly);
    const end = addBillingMonths(started, 1);
    h.clock.now = end.getTime() + 60_000;
    await Promise.all([h.chargeJob(subscriptionId, end), h.chargeJob(subscriptionId, end)]);
    await h.chargeJob(subscriptionId, end);
    const mails = await mailsTo(h.database, member.email, "receipt");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(`Period: ${longDate(end)} to ${longDate(addBillingMonths(end, 1))}`);
  });

  it("sends one receipt after the bank's approval, however often the browser comes back", async () => {
    const { member } = await h.cardMember(PKG.monthly, CARDS.approval);
    const [purchase] = (await h.database.executeSql("select id from purchases where user_id = $1", [member.id])).rows as { id: string }[];
    await h.app.inject({ url: `/api/v1/stripe/return/${purchase!.id}` });
    await h.app.inject({ url: `/api/v1/stripe/return/${purchase!.id}` });
    expect(await mailsTo(h.database, member.email, "receipt")).toHaveLength(1);
  });

  it("sends one receipt for a wallet purchase's first payment and one per renewal, each naming the wallet, as a card's", async () => {
    h.clock.now = Date.now() - 31 * DAY_MS;
    const started = new Date(h.clock.now);
    const { member, subscriptionId } = await h.walletMember(PKG.walletMonthly);
    // The wallet billed the first month as the agreement activated: its receipt, once, like a card purchase's.
    let mails = await mailsTo(h.database, member.email, "receipt");
    expect(mails).toHaveLength(1);
    let receipts = (await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data;
    expect(receipts).toEqual([
      expect.objectContaining({ item: "Monthly plan", amount: "$14.99", status: "paid", paid_with: "PayPal", period_start: null }),
    ]);
    expect(mails[0]!.subject).toBe(`Your Serene receipt ${receipts[0].reference}`);
    for (const line of ["Plan: Serene Monthly plan", "Amount: $14.99 (USD)", "Paid with: PayPal", `Reference: ${receipts[0].reference}`]) {
      expect(mails[0]!.text).toContain(line);
    }
    expect(mails[0]!.text).toContain(`/settings/subscription/receipts/${receipts[0].id}`);

    const end = addBillingMonths(started, 1);
    h.clock.now = end.getTime();
    expect(await h.chargeJob(subscriptionId, end)).toEqual({ outcome: "charged" });
    await h.chargeJob(subscriptionId, end);
    mails = await mailsTo(h.database, member.email, "receipt");
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).toContain("Paid with: PayPal");
    expect(mails.some((mail) => mail.text.includes(`Period: ${longDate(end)} to ${longDate(addBillingMonths(end, 1))}`))).toBe(true);
    receipts = (await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data;
    expect(receipts.map((receipt: { amount: string; period_start: string | null }) => [receipt.amount, receipt.period_start])).toEqual([
      ["$14.99", toUtcSecond(end)],
      ["$14.99", null],
    ]);
  });

  it("sends no receipt for a wallet purchase that starts with the free trial: nothing was taken", async () => {
    const { member } = await h.walletMember(PKG.walletYearlyTrial);
    expect(await mailsTo(h.database, member.email, "receipt")).toEqual([]);
    expect((await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data).toEqual([]);
  });
});

describe("the cancellation e-mail", () => {
  it("says when access ends and that resuming is possible, once per cancellation", async () => {
    const started = h.clock.now;
    const { member } = await h.cardMember(PKG.monthly);
    expect((await sendAs(h.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe")).statusCode).toBe(200);
    expect((await sendAs(h.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe")).statusCode).toBe(200);
    const mails = await mailsTo(h.database, member.email, "subscription is cancelled");
    expect(mails).toHaveLength(1);
    expectBothParts(mails[0]!);
    expect(mails[0]!.text).toContain(`You keep full access until ${longDate(addBillingMonths(new Date(started), 1))}.`);
    expect(mails[0]!.text).toContain("you can resume the subscription in your settings");

    // Resumed and cancelled again: a new cancellation, a new e-mail.
    h.clock.now += 1000;
    expect((await sendAs(h.app, member.token, "POST", "/api/v1/subscription/web/resume/stripe")).statusCode).toBe(200);
    h.clock.now += 1000;
    expect((await sendAs(h.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe")).statusCode).toBe(200);
    expect(await mailsTo(h.database, member.email, "subscription is cancelled")).toHaveLength(2);
  });

  it("does not offer resuming for a wallet subscription", async () => {
    const { member } = await h.walletMember(PKG.walletMonthly);
    expect((await sendAs(h.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/paypal")).statusCode).toBe(200);
    const [mail] = await mailsTo(h.database, member.email, "subscription is cancelled");
    expect(mail!.text).toContain("you are welcome to choose a plan again");
  });

  it("is not sent when a lifetime purchase replaces the subscription", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const card = await h.app.inject({ url: "/api/v1/stripe/setup-intent", headers: { authorization: `Bearer ${member.token}` } });
    const confirmed = await h.app.inject({
      method: "POST",
      url: "/api/v1/sandbox/card/confirm",
      payload: { client_secret: card.json().client_secret, number: CARDS.ok, exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    const bought = await sendAs(h.app, member.token, "POST", "/api/v1/stripe/payment-method", {
      payment_method: confirmed.json().payment_method,
      package_id: PKG.lifetime,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await mailsTo(h.database, member.email, "subscription is cancelled")).toEqual([]);
    expect(await mailsTo(h.database, member.email, "receipt")).toHaveLength(2);
  });
});

describe("the failed renewal e-mail", () => {
  it("says what happens next and how to fix the card, once per period however many retries", async () => {
    h.clock.now = Date.now() - 33 * DAY_MS;
    const started = new Date(h.clock.now);
    const { member, subscriptionId } = await h.cardMember(PKG.monthly, CARDS.approval);
    const end = addBillingMonths(started, 1);
    h.clock.now = end.getTime();
    expect(await h.chargeJob(subscriptionId, end)).toEqual({ outcome: "retry scheduled" });
    for (let attempt = 1; attempt <= RETRIES; attempt++) {
      h.clock.now = end.getTime() + attempt * DAY_MS;
      await h.chargeJob(subscriptionId, end, attempt);
    }
    const mails = await mailsTo(h.database, member.email, "could not renew");
    expect(mails).toHaveLength(1);
    expectBothParts(mails[0]!);
    expect(mails[0]!.text).toContain("We tried to charge $14.99 for your monthly plan, and the payment did not go through.");
    expect(mails[0]!.text).toContain(`We will try your card again on ${longDate(new Date(end.getTime() + DAY_MS))}.`);
    expect(mails[0]!.text).toContain(`If the payment has not gone through by ${longDate(new Date(end.getTime() + RETRIES * DAY_MS))}`);
    expect(mails[0]!.text).toContain("A word with your bank usually fixes it");
  });
});

describe("the outbox's once-per-key delivery", () => {
  it("writes a keyed message once, answering the same id again", async () => {
    const to = uniqueEmail("once");
    const message = {
      to,
      subject: "Once",
      text: "Once in text, Serene.",
      html: "<!doctype html><p>Once</p></html>",
      dedupeKey: `test:${to}`,
    };
    const first = await h.services.mailer.send(message);
    const second = await h.services.mailer.send(message);
    expect(second).toBe(first);
    expect(await mailsTo(h.database, to)).toHaveLength(1);
  });
});
