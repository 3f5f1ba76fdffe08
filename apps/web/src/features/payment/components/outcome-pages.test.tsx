import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { analytics } from "../../../lib/analytics";
import { mockApi, renderPage } from "../../../test/render";
import { rememberPendingPurchase } from "../tracking";
import { CancelTransactionPage } from "./cancel-transaction-page";
import { SuccessTransactionPage } from "./success-transaction-page";
import { ThankYouPage } from "./thank-you-page";

const RETURN = "/success-transaction?subscription_id=I-ABC123&ba_token=BA-77&token=EC-5";
const SUBSCRIBED = { message: "Successfully subscribed!", redirect_url: null, subscription_type: "yearly" };

let track: MockInstance<typeof analytics.track>;
beforeEach(() => {
  track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
});

const toasts = () => useToastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));
const link = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("/success-transaction", () => {
  it("passes the wallet's query through once, with a key from its ids, then welcomes the member", async () => {
    window.localStorage.setItem("t", "token");
    rememberPendingPurchase({ package_id: "14", currency: "USD", value: 59.99, free_trial: true });
    let release: (reply: [number, unknown]) => void = () => undefined;
    const api = mockApi({ "POST paypal/success-transaction": () => new Promise((resolve) => (release = resolve)) });
    renderPage(SuccessTransactionPage, { at: RETURN, strict: true });

    expect(screen.getByRole("heading", { name: "Confirming your subscription" })).toBeTruthy();
    await waitFor(() => expect(api.named("POST paypal/success-transaction")).toHaveLength(1));
    const call = api.named("POST paypal/success-transaction")[0]!;
    expect(call.body).toEqual({ subscription_id: "I-ABC123", ba_token: "BA-77", token: "EC-5" });
    expect(call.headers["Idempotency-Key"]).toBe("wallet-return-I-ABC123");
    release([200, SUBSCRIBED]);

    expect(await screen.findByRole("heading", { name: "You're all set" })).toBeTruthy();
    expect(link("Start listening")).toBe("/home");
    expect(toasts()).toEqual([{ kind: "success", message: "Successfully subscribed!" }]);
    expect(api.named("POST paypal/success-transaction")).toHaveLength(1);
    expect(track.mock.calls.filter(([name]) => name === "StartTrial")).toHaveLength(1);
  });

  it("leads on to the locked item the wallet purchase came from, once, and only to a path here", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "POST paypal/success-transaction": [200, SUBSCRIBED] });
    window.sessionStorage.setItem("purchase-return", "/meditation/12");
    const first = renderPage(SuccessTransactionPage, { at: RETURN });
    await screen.findByRole("heading", { name: "You're all set" });
    expect(link("Start listening")).toBe("/meditation/12");
    await waitFor(() => expect(window.sessionStorage.getItem("purchase-return")).toBeNull());
    first.unmount();

    window.sessionStorage.setItem("purchase-return", "//evil.example/x");
    renderPage(SuccessTransactionPage, { at: RETURN });
    await screen.findByRole("heading", { name: "You're all set" });
    expect(link("Start listening")).toBe("/home");
  });

  it("sends the same key again when the page is reloaded", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({ "POST paypal/success-transaction": [200, SUBSCRIBED] });
    const first = renderPage(SuccessTransactionPage, { at: RETURN });
    await screen.findByRole("heading", { name: "You're all set" });
    first.unmount();
    renderPage(SuccessTransactionPage, { at: RETURN });
    await screen.findByRole("heading", { name: "You're all set" });
    const keys = api.named("POST paypal/success-transaction").map((call) => call.headers["Idempotency-Key"]);
    expect(keys).toEqual(["wallet-return-I-ABC123", "wallet-return-I-ABC123"]);
  });

  it("shows a failure's message and the way back to the plans", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "POST paypal/success-transaction": [422, { message: "This PayPal checkout was not approved." }] });
    renderPage(SuccessTransactionPage, { at: "/success-transaction?token=EC-5" });
    expect(await screen.findByText("This PayPal checkout was not approved.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "We could not finish your purchase" })).toBeTruthy();
    expect(link("Back to plans")).toBe("/subscription");
    expect(toasts()).toEqual([]);
    expect(track.mock.calls.some(([name]) => name === "StartTrial" || name === "Purchase")).toBe(false);
  });

  it("offers another try after a failure without an answer", async () => {
    window.localStorage.setItem("t", "token");
    // Every ask meets no server twice (the client's own second try included).
    const answers: [number, unknown][] = [
      ...Array.from({ length: 6 }, (): [number, unknown] => [503, { message: "Service Unavailable" }]),
      [200, SUBSCRIBED],
    ];
    const api = mockApi({ "POST paypal/success-transaction": () => answers.shift()! });
    renderPage(SuccessTransactionPage, { at: RETURN });
    (await screen.findByRole("button", { name: "Try again" }, { timeout: 8000 })).click();
    expect(await screen.findByRole("heading", { name: "You're all set" })).toBeTruthy();
    const keys = new Set(api.named("POST paypal/success-transaction").map((call) => call.headers["Idempotency-Key"]));
    expect([...keys]).toEqual(["wallet-return-I-ABC123"]);
  }, 15_000);

  it("asks a visitor without a session to log in first, and comes back here", () => {
    const api = mockApi({});
    renderPage(SuccessTransactionPage, { at: RETURN });
    expect(screen.getByRole("heading", { name: "Log in to finish" })).toBeTruthy();
    const login = new URL(link("Log in")!, "http://x");
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("redirect")).toBe(RETURN);
    expect(api.calls).toHaveLength(0);
  });

  it("has nothing to confirm without the wallet's ids", () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({});
    renderPage(SuccessTransactionPage, { at: "/success-transaction" });
    expect(screen.getByRole("heading", { name: "Nothing to confirm here" })).toBeTruthy();
    expect(link("See plans")).toBe("/subscription");
    expect(api.calls).toHaveLength(0);
  });
});

describe("/cancel-transaction", () => {
  it("tells the wallet the checkout was canceled and offers the plans and home", async () => {
    window.localStorage.setItem("t", "token");
    rememberPendingPurchase({ package_id: "14", currency: "USD", value: 59.99, free_trial: true });
    const api = mockApi({ "GET paypal/cancel-transaction": [200, { message: "Successfully canceled!" }] });
    renderPage(CancelTransactionPage, { at: "/cancel-transaction?token=EC-5", strict: true });
    expect(screen.getByRole("heading", { name: "Payment canceled" })).toBeTruthy();
    expect(screen.getByText(/Nothing was charged/)).toBeTruthy();
    expect(link("Back to plans")).toBe("/subscription");
    expect(link("Go to home")).toBe("/home");
    await waitFor(() => expect(api.named("GET paypal/cancel-transaction")).toHaveLength(1));
    expect(api.named("GET paypal/cancel-transaction")[0]!.query.get("token")).toBe("EC-5");
    // The canceled purchase is forgotten, never recorded.
    expect(window.sessionStorage.getItem("pending-purchase")).toBeNull();
    expect(track.mock.calls.some(([name]) => name === "StartTrial")).toBe(false);
  });

  it("says so when the bank's approval has not decided yet", () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({});
    renderPage(CancelTransactionPage, { at: "/cancel-transaction?provider=stripe&reason=pending" });
    expect(screen.getByRole("heading", { name: "Payment not confirmed yet" })).toBeTruthy();
    expect(link("Back to plans")).toBe("/subscription");
    expect(api.calls).toHaveLength(0);
  });

  it("calls nothing without a token, and sends a visitor home to the front page", () => {
    const api = mockApi({});
    renderPage(CancelTransactionPage, { at: "/cancel-transaction" });
    expect(screen.getByRole("heading", { name: "Payment canceled" })).toBeTruthy();
    expect(link("Go to home")).toBe("/");
    expect(api.calls).toHaveLength(0);
  });
});

const SUMMARY = {
  data: {
    locked_sessions: 9,
    locked_collections: 0,
    types: [
      { type: "Meditations", locked: 5 },
      { type: "Sleepcasts", locked: 4 },
    ],
  },
};
const TRIAL_BILLING = { status: "trialing", billing_period: "year", next_charge_at: "2026-12-03T08:00:00Z", next_charge_amount: "$59.99" };
const TRIAL = "Your free trial ends on 3 December 2026. Then $59.99 is charged for the next year, unless you cancel before.";

describe("what a purchase opened", () => {
  it("the wallet's return page lists what is open now and when the trial ends, from the server", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({
      "POST paypal/success-transaction": [200, SUBSCRIBED],
      "GET premium-summary": [200, SUMMARY],
      "GET user/billing": [200, TRIAL_BILLING],
    });
    renderPage(SuccessTransactionPage, { at: RETURN });
    await screen.findByRole("heading", { name: "You're all set" });
    const list = await screen.findByRole("list", { name: "Open to you now" });
    expect(list.textContent).toBe("5 meditations4 sleepcasts");
    expect(await screen.findByText(TRIAL)).toBeTruthy();
  });

  it("the thank-you page says it to a signed-in member, and a paid plan has no trial sentence", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({
      "GET premium-summary": [200, SUMMARY],
      "GET user/billing": [200, { ...TRIAL_BILLING, status: "active" }],
    });
    renderPage(ThankYouPage, { at: "/thank-you" });
    expect(await screen.findByRole("list", { name: "Open to you now" })).toBeTruthy();
    await waitFor(() => expect(api.named("GET user/billing")).toHaveLength(1));
    expect(screen.queryByText(/free trial ends/)).toBeNull();
  });

  it("the thank-you page asks nothing without a session", () => {
    const api = mockApi({});
    renderPage(ThankYouPage, { at: "/thank-you" });
    expect(screen.queryByRole("list", { name: "Open to you now" })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});

describe("/thank-you", () => {
  it("continues to the redirect path it was given", () => {
    mockApi({});
    rememberPendingPurchase({ package_id: "1", currency: "EUR", value: 13.99, free_trial: false });
    renderPage(ThankYouPage, { at: `/thank-you?redirect=${encodeURIComponent("/settings/subscription?x=1")}` });
    expect(screen.getByRole("heading", { name: "Thank you!" })).toBeTruthy();
    expect(link("Continue")).toBe("/settings/subscription?x=1");
    expect(track).toHaveBeenCalledWith("Purchase", { package_id: "1", currency: "EUR", value: 13.99 });
  });

  it("continues to /home without a redirect or with one to another site", () => {
    mockApi({});
    const first = renderPage(ThankYouPage, { at: "/thank-you" });
    expect(link("Continue")).toBe("/home");
    first.unmount();
    renderPage(ThankYouPage, { at: `/thank-you?redirect=${encodeURIComponent("https://evil.example/")}` });
    expect(link("Continue")).toBe("/home");
    expect(track.mock.calls.some(([name]) => name === "Purchase")).toBe(false);
  });

  it.each(["/.//evil.example", "/..//evil.example", "/%2F%2Fevil.example", "//evil.example", "/\\evil.example", "\t/.//evil.example"])(
    "stays on the site for the redirect %j",
    (redirect) => {
      mockApi({});
      renderPage(ThankYouPage, { at: `/thank-you?redirect=${encodeURIComponent(redirect)}` });
      const href = link("Continue")!;
      expect(href).toBe("/home");
      expect(new URL(href, "https://app.test/thank-you").origin).toBe("https://app.test");
    },
  );
});
