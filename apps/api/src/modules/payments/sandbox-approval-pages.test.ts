import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, rows, type Member } from "../../test/accounts.ts";
import { getAs } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * The sandbox bank's and wallet's approval pages send the browser back to this site only: a
 * return_url that a browser could read as another site (a tab, a line break, "//", a backslash)
 * is refused with 422 before anything is decided, and a redirect that is not a path here is left out.
 */

const APPROVAL_CARD = "4000 0027 6000 3184";
const PKG = { cardMonthly: 1, walletMonthly: 11 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
});
afterAll(async () => t.close());

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** A card purchase waiting at the bank: the approval page's path, id and the return_url the API chose. */
async function awaitingApproval(member: Member) {
  const { client_secret } = (await getAs(t.app, member.token, "/api/v1/stripe/setup-intent")).json() as { client_secret: string };
  const confirmed = await t.app.inject({
    method: "POST",
    url: "/api/v1/sandbox/card/confirm",
    payload: { client_secret, number: APPROVAL_CARD, exp_month: 12, exp_year: 2040, cvc: "123" },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const bought = await t.app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: { authorization: `Bearer ${member.token}` },
    payload: { payment_method: confirmed.json().payment_method, package_id: PKG.cardMonthly },
  });
  expect(bought.json().message, bought.body).toBe("need approve");
  const url = new URL(bought.json().redirect_url as string, "http://x");
  return { path: url.pathname, id: url.pathname.split("/").pop()!, returnUrl: url.searchParams.get("return_url")! };
}

const chargeStatus = async (id: string) =>
  (await rows<{ status: string }>(t.database, "select status from sandbox_payments where id = $1", [id]))[0]!.status;

const OFF_SITE = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/return\r\nSet-Cookie: a=b",
  "//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "https://evil.example/",
  "\t/home",
  "/home\u007f",
  "evil.example",
  // Paths that resolve, or decode, to another host (decision 056).
  "/.//evil.example",
  "/..//evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
];

describe("the sandbox bank's approval page", () => {
  let member: Member;
  beforeAll(async () => {
    member = await registerMember(t.app, t.database);
  });

  it.each(OFF_SITE)("refuses to show a page whose return_url leaves the site (%j)", async (returnUrl) => {
    const { path, id } = await awaitingApproval(member);
    const res = await t.app.inject({ url: `${path}?${new URLSearchParams({ return_url: returnUrl })}` });
    expect(res.statusCode).toBe(422);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("The return_url must be a path on this site.");
    expect(res.body).not.toContain("evil.example");
    expect(await chargeStatus(id)).toBe("requires_action");
  });

  it.each(OFF_SITE)("refuses an answer whose return_url leaves the site, deciding nothing (%j)", async (returnUrl) => {
    const { path, id } = await awaitingApproval(member);
    const res = await t.app.inject({ method: "POST", url: path, ...form({ decision: "approve", return_url: returnUrl }) });
    expect(res.statusCode).toBe(422);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain("The return_url must be a path on this site.");
    expect(await chargeStatus(id)).toBe("requires_action");
  });

  it("refuses a NUL character in return_url or redirect before the page runs, deciding nothing", async () => {
    const { path, id, returnUrl } = await awaitingApproval(member);
    for (const fields of [{ return_url: "/home\u0000" }, { return_url: returnUrl, redirect: "/home\u0000" }] as Record<string, string>[]) {
      const page = await t.app.inject({ url: `${path}?${new URLSearchParams(fields)}` });
      expect(page.statusCode).toBe(422);
      expect(Object.keys(page.json().errors)).toEqual([Object.keys(fields).at(-1)]);
      const answer = await t.app.inject({ method: "POST", url: path, ...form({ decision: "approve", ...fields }) });
      expect(answer.statusCode).toBe(422);
      expect(answer.headers.location).toBeUndefined();
    }
    expect(await chargeStatus(id)).toBe("requires_action");
  });

  it("returns to the path the API chose, and leaves out a redirect that is not a path here", async () => {
    for (const redirect of OFF_SITE) {
      const { path, returnUrl } = await awaitingApproval(member);
      const page = await t.app.inject({ url: `${path}?${new URLSearchParams({ return_url: returnUrl, redirect })}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain("evil.example");
      const res = await t.app.inject({ method: "POST", url: path, ...form({ decision: "cancel", return_url: returnUrl, redirect }) });
      expect(res.statusCode, JSON.stringify(redirect)).toBe(303);
      expect(res.headers.location).toBe(returnUrl);
    }
  });

  it("keeps a redirect that is a path here, written so a header can carry it", async () => {
    const { path, returnUrl } = await awaitingApproval(member);
    const redirect = "/search?q=caf\u00e9 au lait";
    const res = await t.app.inject({ method: "POST", url: path, ...form({ decision: "cancel", return_url: returnUrl, redirect }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${returnUrl}?redirect=${encodeURIComponent(redirect)}`);
  });

  it("goes on from the return route only to a redirect that is a path here", async () => {
    const { path, returnUrl } = await awaitingApproval(member);
    await t.app.inject({ method: "POST", url: path, ...form({ decision: "approve", return_url: returnUrl }) });
    for (const redirect of OFF_SITE) {
      const res = await t.app.inject({ url: `${returnUrl}?${new URLSearchParams({ redirect })}` });
      expect(res.statusCode, JSON.stringify(redirect)).toBe(303);
      expect(res.headers.location).toBe("/thank-you");
    }
    const kept = await t.app.inject({ url: `${returnUrl}?redirect=${encodeURIComponent("/settings/subscription")}` });
    expect(kept.headers.location).toBe(`/thank-you?redirect=${encodeURIComponent("/settings/subscription")}`);
  });
});

describe("the sandbox wallet's approval page", () => {
  it("returns to the pages its checkout named, whatever the form says", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await getAs(t.app, member.token, `/api/v1/paypal/subscription?package_id=${PKG.walletMonthly}&timezone=Europe/Sofia`);
    expect(res.statusCode, res.body).toBe(200);
    const path = res.json().url_to_redirect as string;
    const decided = await t.app.inject({
      method: "POST",
      url: path,
      ...form({ decision: "approve", return_url: "/\t/evil.example", redirect: "//evil.example" }),
    });
    expect(decided.statusCode).toBe(303);
    const back = new URL(decided.headers.location as string, "http://x");
    expect(back.pathname).toBe("/success-transaction");
    expect(decided.headers.location).not.toContain("evil.example");
  });
});
