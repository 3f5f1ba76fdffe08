import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerMember, type Member } from "../../test/accounts.ts";
import { getAs, sendAs } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
});
afterAll(async () => t.close());

const PKG = {
  monthly: 1,
  quarterly: 2,
  yearlyTrial: 4,
  lifetime: 5,
  walletMonthly: 11,
  walletYearly: 14,
  walletLifetime: 15,
  eurMonthly: 6,
};

async function confirmedCard(token: string, number = "4242 4242 4242 4242") {
  const intent = await getAs(t.app, token, "/api/v1/stripe/setup-intent");
  expect(intent.statusCode).toBe(200);
  const { client_secret, api_key, mode } = intent.json();
  expect(mode).toBe("sandbox");
  expect(api_key).toMatch(/^pk_/);
  return t.app.inject({
    method: "POST",
    url: "/api/v1/sandbox/card/confirm",
    payload: { client_secret, number, exp_month: 12, exp_year: 2040, cvc: "123" },
  });
}

const buy = (member: Member, body: object, key?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: { ...bearer(member.token), ...(key ? { "idempotency-key": key } : {}) },
    payload: body,
  });
const status = async (member: Member) => (await getAs(t.app, member.token, "/api/v1/user/account-status")).json();

describe("card purchases", () => {
  it("starts the yearly trial with 4242 and nothing is charged", async () => {
    const member = await registerMember(t.app, t.database);
    const confirmed = await confirmedCard(member.token);
    expect(confirmed.statusCode).toBe(200);
    const res = await buy(member, { payment_method: confirmed.json().payment_method, package_id: PKG.yearlyTrial }, "key-trial-0001");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Free trial" });
    expect(await status(member)).toMatchObject({
      subscription_type: "Free trial",
      subscription_via: "stripe",
      status: "trialing",
      can_cancel: true,
      can_upgrade: false,
    });
    const again = await buy(member, { payment_method: confirmed.json().payment_method, package_id: PKG.yearlyTrial }, "key-trial-0001");
    expect(again.json()).toEqual(res.json());
  });

  it("declines 4000 0000 0000 0002 at confirmation and grants nothing", async () => {
    const member = await registerMember(t.app, t.database);
    const confirmed = await confirmedCard(member.token, "4000000000000002");
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json()).toEqual({ message: "Your card was declined." });
    expect((await status(member)).subscription_type).toBeNull();
  });

  it("charges the monthly plan, then asks approval for 3184 and grants after it", async () => {
    const member = await registerMember(t.app, t.database);
    const confirmed = await confirmedCard(member.token, "4000002760003184");
    const res = await buy(member, { payment_method: confirmed.json().payment_method, package_id: PKG.monthly }, "key-approve-01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("need approve");
    const url: string = res.json().redirect_url;
    expect(url).toMatch(/^\/sandbox\/card\/approve\//);
    expect((await status(member)).subscription_type).toBeNull();
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Approve");
    const returnUrl = new URL(url, "http://x").searchParams.get("return_url")!;
    const decided = await t.app.inject({
      method: "POST",
      url: new URL(url, "http://x").pathname,
      payload: `decision=approve&return_url=${encodeURIComponent(returnUrl)}&redirect=%2Fhome`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(decided.statusCode).toBe(303);
    const back = await t.app.inject({ url: decided.headers.location as string });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe("/thank-you?redirect=%2Fhome");
    expect(await status(member)).toMatchObject({ subscription_type: "Monthly", status: "active", can_upgrade: true });
  });

  it("upgrades a monthly member to annual and cancels", async () => {
    const member = await registerMember(t.app, t.database);
    const confirmed = await confirmedCard(member.token);
    expect((await buy(member, { payment_method: confirmed.json().payment_method, package_id: PKG.monthly })).json().subscription_type).toBe(
      "Monthly",
    );
    const up = await t.app.inject({
      method: "PUT",
      url: "/api/v1/stripe/subscription",
      headers: bearer(member.token),
      payload: { package_id: PKG.yearlyTrial },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await status(member)).toMatchObject({ subscription_type: "Annual", can_upgrade: false, can_cancel: true });
    const cancel = await sendAs(t.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe");
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ message: "Successfully canceled!" });
    expect(await status(member)).toMatchObject({ subscription_type: "Annual", status: "canceled", can_cancel: false });
  });
});

describe("wallet purchases", () => {
  it("approves in the sandbox wallet and subscribes on return", async () => {
    const member = await registerMember(t.app, t.database);
    const start = await getAs(t.app, member.token, `/api/v1/paypal/subscription?package_id=${PKG.walletMonthly}&timezone=Europe/Sofia`);
    expect(start.statusCode, start.body).toBe(200);
    const url: string = start.json().url_to_redirect;
    expect(url).toMatch(/^\/sandbox\/wallet\/approve\//);
    const decided = await t.app.inject({
      method: "POST",
      url,
      payload: "decision=approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(decided.statusCode).toBe(303);
    const back = new URL(decided.headers.location as string, "http://x");
    expect(back.pathname).toBe("/success-transaction");
    const done = await t.app.inject({
      method: "POST",
      url: "/api/v1/paypal/success-transaction",
      headers: bearer(member.token),
      payload: Object.fromEntries(back.searchParams),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe("Successfully subscribed!");
    expect(await status(member)).toMatchObject({ subscription_type: "Monthly", subscription_via: "paypal" });
    const twice = await t.app.inject({
      method: "POST",
      url: "/api/v1/paypal/success-transaction",
      headers: bearer(member.token),
      payload: Object.fromEntries(back.searchParams),
    });
    expect(twice.statusCode).toBe(200);
    const cancel = await sendAs(t.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/paypal");
    expect(cancel.json()).toEqual({ message: "Successfully canceled!" });
  });
});
