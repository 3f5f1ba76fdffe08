import type { PurchaseResponse } from "@serene/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { analytics } from "../../../lib/analytics";
import { pkg } from "../../../test/packages";
import { mockApi, renderPage, validation } from "../../../test/render";
import { browserNavigation } from "../leave";
import { PaymentDialog, type PaymentDialogProps } from "./payment-dialog";
import { CARD_MESSAGES } from "@serene/domain";

const MONTHLY = pkg(1, 1, 14.99);
const YEARLY = pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] });
const LIFETIME = pkg(5, 0, 149.99, { is_lifetime: true, tags: ["Best Value"] });
const EUR_YEARLY = pkg(9, 12, 54.99, { currency: "EUR", is_free_trial: true, trial_days: 7 });
const WALLET = [
  pkg(11, 1, 14.99, { provider: "paypal" }),
  pkg(14, 12, 59.99, { provider: "paypal", is_free_trial: true, trial_days: 7 }),
  pkg(15, 0, 149.99, { provider: "paypal", is_lifetime: true }),
  pkg(19, 12, 54.99, { provider: "paypal", currency: "EUR", is_free_trial: true, trial_days: 7 }),
];
const PACKAGES = [MONTHLY, YEARLY, LIFETIME, EUR_YEARLY, ...WALLET];

const SETUP = { api_key: "pk_sandbox", client_secret: "seti_1_secret_abc", mode: "sandbox" };
const SUBSCRIBED: PurchaseResponse = { message: "Successfully subscribed!", redirect_url: null, subscription_type: "yearly" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const cardOk = { status: "succeeded", payment_method: "pm_sandbox_1", setup_intent: "seti_1" };

let done: ReturnType<typeof vi.fn<(response: PurchaseResponse) => void>>;
let closed: ReturnType<typeof vi.fn<() => void>>;
let assign: MockInstance<(url: string) => void>;
let track: MockInstance<typeof analytics.track>;

beforeEach(() => {
  done = vi.fn();
  closed = vi.fn();
  assign = vi.spyOn(browserNavigation, "assign").mockImplementation(() => undefined);
  track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
});

/** The dialog as a page opens it: a button, and the dialog closing through onClose and onDone. */
function open(props: Partial<PaymentDialogProps> = {}, { at = "/subscription", strict = false } = {}) {
  function Harness() {
    const [isOpen, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Get My Plan
        </button>
        <PaymentDialog
          open={isOpen}
          packages={PACKAGES}
          selected={YEARLY}
          onDone={(response) => {
            done(response);
            setOpen(false);
          }}
          onClose={() => {
            closed();
            setOpen(false);
          }}
          {...props}
        />
      </>
    );
  }
  const view = renderPage(Harness, { path: "/subscription", at, strict });
  fireEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
  return { ...view, dialog: screen.getByRole("dialog", { name: "Select payment method" }) };
}

const toasts = () => useToastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));

async function chooseCard() {
  fireEvent.click(screen.getByRole("radio", { name: "Credit card" }));
  return screen.findByLabelText("Card number");
}

function fillCard(number = "4242424242424242", expiry = "1234", cvc = "123") {
  fireEvent.change(screen.getByLabelText("Card number"), { target: { value: number } });
  fireEvent.change(screen.getByLabelText("Expiry"), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText("CVC"), { target: { value: cvc } });
}

const tryNow = () => screen.getByRole("button", { name: /Try Serene now/ });

describe("payment dialog", () => {
  it("opens with the wallet, its 'Buy now' and the Total, and records the checkout start once", () => {
    mockApi({});
    const { dialog } = open({}, { strict: true });
    expect(dialog.tagName).toBe("DIALOG");
    expect(screen.getByRole("heading", { name: "Select payment method" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "PayPal" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Credit card" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText("The safer, easier way to pay")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Buy now" })).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "PayPal" }));

    const starts = track.mock.calls.filter(([name]) => name === "InitiateCheckout");
    expect(starts).toEqual([["InitiateCheckout", { package_id: "4", currency: "USD", value: 0 }]]);
  });

  it("shows the card fields after switching to Credit card", async () => {
    const api = mockApi({ "GET stripe/setup-intent": [200, SETUP] });
    open();
    const number = await chooseCard();
    expect(api.named("GET stripe/setup-intent")).toHaveLength(1);
    expect(number.getAttribute("inputmode")).toBe("numeric");
    expect(number.getAttribute("autocomplete")).toBe("cc-number");
    expect(screen.getByLabelText("Expiry").getAttribute("autocomplete")).toBe("cc-exp");
    expect(screen.getByLabelText("CVC").getAttribute("autocomplete")).toBe("cc-csc");
    expect(tryNow()).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Buy now" })).toBeNull();

    fillCard("4242424242424242", "1234", "123");
    expect((number as HTMLInputElement).value).toBe("4242 4242 4242 4242");
    expect((screen.getByLabelText("Expiry") as HTMLInputElement).value).toBe("12 / 34");
  });

  it("totals 0.00 for the yearly trial, the amount otherwise, in the plan's currency", async () => {
    mockApi({ "GET stripe/setup-intent": [200, SETUP] });
    const first = open({ selected: YEARLY });
    expect(screen.getByTestId("payment-total").textContent).toBe("$0.00");
    await chooseCard();
    expect(screen.getByTestId("payment-total").textContent).toBe("$0.00");
    first.unmount();

    const second = open({ selected: MONTHLY });
    expect(screen.getByTestId("payment-total").textContent).toBe("$14.99");
    second.unmount();

    const third = open({ selected: EUR_YEARLY });
    expect(screen.getByTestId("payment-total").textContent).toBe("€0.00");
    expect(screen.getByText(/€54\.99 billed annually after trial/)).toBeTruthy();
    third.unmount();

    const euroMonthly = [pkg(6, 1, 13.99, { currency: "EUR" }), pkg(16, 1, 13.99, { currency: "EUR", provider: "paypal" })];
    open({ packages: [...PACKAGES, ...euroMonthly], selected: euroMonthly[0]! });
    expect(screen.getByTestId("payment-total").textContent).toBe("€13.99");
  });

  it("states the trial's terms only when the yearly trial is being paid, with its own amount", () => {
    mockApi({});
    const note =
      "You may cancel at any time in your trial. $59.99 billed annually after trial. To cancel your subscription, email us at support@serene.example.";
    const trial = open({ selected: YEARLY });
    expect(screen.getByTestId("payment-note").textContent).toBe(note);
    trial.unmount();

    // The note follows the method's package: the wallet's trial in euros names euros.
    open({ selected: EUR_YEARLY });
    expect(screen.getByTestId("payment-note").textContent).toMatch(
      /^You may cancel at any time in your trial\. €54\.99 billed annually after trial\./,
    );
  });

  it("says no trial words for a plan that has no trial, though a yearly trial is on offer beside it", async () => {
    mockApi({ "GET stripe/setup-intent": [200, SETUP] });
    const paidYear = pkg(7, 12, 59.99);
    const cases = [
      [MONTHLY, "$14.99 is billed every month until you cancel. To cancel your subscription, email us at support@serene.example."],
      [LIFETIME, "A single payment of $149.99 for lifetime access. Nothing renews."],
      [paidYear, "$59.99 is billed every year until you cancel. To cancel your subscription, email us at support@serene.example."],
    ] as const;
    for (const [selected, note] of cases) {
      const view = open({ packages: [...PACKAGES, paidYear, { ...paidYear, id: 17, provider: "paypal" }], selected });
      const dialog = screen.getByRole("dialog", { name: "Select payment method" });
      expect(screen.getByTestId("payment-note").textContent).toBe(note);
      expect(dialog.textContent).not.toMatch(/trial/i);
      await chooseCard();
      expect(dialog.textContent).not.toMatch(/trial/i);
      view.unmount();
    }
  });

  it("states the promo's lifetime offer as one payment of $14.95, never the yearly trial's terms", async () => {
    mockApi({ "GET stripe/setup-intent": [200, SETUP] });
    const offer = pkg(21, 0, 14.95, { is_lifetime: true, tags: ["Best Value"], offer: true });
    const walletOffer = pkg(23, 0, 14.95, { is_lifetime: true, provider: "paypal", offer: true });
    open({ packages: [...PACKAGES, offer, walletOffer], selected: offer, checkout: { promo_checkout_id: 3 } });
    const dialog = screen.getByRole("dialog", { name: "Select payment method" });
    expect(screen.getByTestId("payment-total").textContent).toBe("$14.95");
    expect(screen.getByTestId("payment-note").textContent).toBe("A single payment of $14.95 for lifetime access. Nothing renews.");
    expect(dialog.textContent).not.toMatch(/billed annually after trial/);
    expect(dialog.textContent).not.toMatch(/trial/i);
    await chooseCard();
    expect(screen.getByTestId("payment-total").textContent).toBe("$14.95");
    expect(dialog.textContent).not.toMatch(/trial/i);
  });

  it("adds 'Pay with Stripe' for a lifetime package on card", async () => {
    mockApi({ "GET stripe/setup-intent": [200, SETUP] });
    const first = open({ selected: LIFETIME });
    expect(screen.queryByRole("button", { name: "Pay with Stripe" })).toBeNull();
    await chooseCard();
    expect(screen.getByRole("button", { name: "Pay with Stripe" })).toBeTruthy();
    expect(screen.getByTestId("payment-total").textContent).toBe("$149.99");
    first.unmount();

    open({ selected: YEARLY });
    await chooseCard();
    expect(screen.queryByRole("button", { name: "Pay with Stripe" })).toBeNull();
  });

  it("shows the spec's message when the chosen method has no package for the plan", () => {
    mockApi({});
    open({ packages: [MONTHLY, YEARLY, LIFETIME], selected: YEARLY });
    expect(toasts()).toEqual([{ kind: "error", message: "There is no package for a year" }]);
    expect(screen.getByRole("button", { name: "Buy now" }).getAttribute("aria-disabled")).toBe("true");
  });
});

describe("paying with the wallet", () => {
  it("asks for the wallet's page for the wallet's own package and goes there", async () => {
    const api = mockApi({ "GET paypal/subscription": [200, { url_to_redirect: "http://localhost/sandbox/wallet/approve/ws_1" }] });
    open({ checkout: { checkout_id: 2 } });
    fireEvent.click(screen.getByRole("button", { name: "Buy now" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost/sandbox/wallet/approve/ws_1"));
    const call = api.named("GET paypal/subscription")[0]!;
    expect(call.query.get("package_id")).toBe("14");
    expect(call.query.get("checkout_id")).toBe("2");
    expect(call.query.get("timezone")).toBeTruthy();
  });

  it("bought from a locked item, keeps the item for the wallet's return page; otherwise forgets any earlier one", async () => {
    mockApi({ "GET paypal/subscription": [200, { url_to_redirect: "http://localhost/sandbox/wallet/approve/ws_1" }] });
    const first = open({ returnTo: "/meditation/12" });
    fireEvent.click(screen.getByRole("button", { name: "Buy now" }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem("purchase-return")).toBe("/meditation/12");
    first.unmount();

    open();
    fireEvent.click(screen.getByRole("button", { name: "Buy now" }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(window.sessionStorage.getItem("purchase-return")).toBeNull();
  });

  it("stops loading without a message when the wallet call fails", async () => {
    const api = mockApi({ "GET paypal/subscription": [500, { message: "Server Error" }] });
    open();
    const buy = screen.getByRole("button", { name: "Buy now" });
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(buy.getAttribute("aria-busy")).toBeNull());
    expect(api.named("GET paypal/subscription")).toHaveLength(1);
    expect(toasts()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(buy);
    await waitFor(() => expect(api.named("GET paypal/subscription")).toHaveLength(2));
  });
});

describe("paying by card", () => {
  it("confirms the card, buys with it, says so, records the trial and reports done", async () => {
    const api = mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": [200, SUBSCRIBED],
    });
    open({ checkout: { promo_checkout_id: 3 } });
    await chooseCard();
    fillCard("4242 4242 4242 4242", "12 / 34", "123");
    fireEvent.click(tryNow());

    await waitFor(() => expect(done).toHaveBeenCalledWith(SUBSCRIBED));
    expect(api.named("POST sandbox/card/confirm")[0]!.body).toEqual({
      client_secret: SETUP.client_secret,
      number: "4242424242424242",
      exp_month: "12",
      exp_year: "2034",
      cvc: "123",
    });
    const purchase = api.named("POST stripe/payment-method")[0]!;
    expect(purchase.body).toEqual({ payment_method: "pm_sandbox_1", package_id: 4, promo_checkout_id: 3 });
    expect(purchase.headers["Idempotency-Key"]).toMatch(UUID);
    expect(toasts()).toContainEqual({ kind: "success", message: "Successfully subscribed!" });
    expect(track).toHaveBeenCalledWith("StartTrial", expect.objectContaining({ package_id: "4", currency: "USD" }));
    expect(track.mock.calls.some(([name]) => name === "Purchase")).toBe(false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("records a Purchase with currency and value for a paid plan", async () => {
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": [200, { ...SUBSCRIBED, subscription_type: "monthly" }],
    });
    open({ selected: MONTHLY });
    await chooseCard();
    fillCard();
    fireEvent.click(tryNow());
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(track).toHaveBeenCalledWith("Purchase", { package_id: "1", currency: "USD", value: 14.99 });
  });

  it("shows the decline as an error toast and changes nothing else", async () => {
    const api = mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [402, { message: "Your card was declined." }],
    });
    open();
    await chooseCard();
    fillCard("4000000000000002");
    fireEvent.click(tryNow());
    await waitFor(() => expect(toasts()).toEqual([{ kind: "error", message: "Your card was declined." }]));
    // Shown and announced inside the modal dialog, which makes the page behind inert.
    expect(within(screen.getByRole("dialog")).getByRole("alert").textContent).toContain("Your card was declined.");
    // And kept beside the card form, which names it, until the card changes.
    const refusal = within(screen.getByRole("dialog")).getByTestId("card-refusal");
    expect(refusal.textContent).toBe("Your card was declined.");
    expect(tryNow().closest("form")!.getAttribute("aria-describedby")).toBe(refusal.id);
    expect(api.named("POST stripe/payment-method")).toHaveLength(0);
    expect(done).not.toHaveBeenCalled();
    await waitFor(() => expect(tryNow().getAttribute("aria-disabled")).toBeNull());
    expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe("4000 0000 0000 0002");
    expect(screen.getByRole("dialog")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242424242424242" } });
    expect(screen.queryByTestId("card-refusal")).toBeNull();
  });

  it("shows a refused purchase inside the dialog too", async () => {
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": [402, { message: "Your card has insufficient funds." }],
    });
    open();
    await chooseCard();
    fillCard();
    fireEvent.click(tryNow());
    const refusal = await within(screen.getByRole("dialog")).findByTestId("card-refusal");
    expect(refusal.textContent).toBe("Your card has insufficient funds.");
  });

  it.each([
    ["a number that fails the Luhn check", ["4242424242424241", "1234", "123"], "Card number", CARD_MESSAGES.numberInvalid],
    ["an empty number", ["", "1234", "123"], "Card number", CARD_MESSAGES.numberMissing],
    ["an expiry in the past", ["4242424242424242", "0125", "123"], "Expiry", CARD_MESSAGES.expiryPast],
    ["a month that does not exist", ["4242424242424242", "1334", "123"], "Expiry", CARD_MESSAGES.expiryMonth],
    ["a half-typed expiry", ["4242424242424242", "12", "123"], "Expiry", CARD_MESSAGES.expiryMissing],
    ["a two-digit CVC", ["4242424242424242", "1234", "12"], "CVC", CARD_MESSAGES.cvcThree],
    ["a four-digit CVC on a Visa", ["4242424242424242", "1234", "1234"], "CVC", CARD_MESSAGES.cvcThree],
    ["a three-digit CVC on American Express", ["378282246310005", "1234", "123"], "CVC", CARD_MESSAGES.cvcFour],
  ] as const)("stops %s before sending, with the message beside the field", async (_case, [number, expiry, cvc], label, message) => {
    const api = mockApi({ "GET stripe/setup-intent": [200, SETUP], "POST sandbox/card/confirm": [200, cardOk] });
    open();
    await chooseCard();
    fillCard(number, expiry, cvc);
    fireEvent.click(tryNow());
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const described = document.getElementById(field.getAttribute("aria-describedby")!);
    expect(described?.textContent).toContain(message);
    expect(document.activeElement).toBe(field);
    expect(api.named("POST sandbox/card/confirm")).toHaveLength(0);
    expect(api.named("POST stripe/payment-method")).toHaveLength(0);
    expect(toasts()).toEqual([]);
    await waitFor(() => expect(tryNow().getAttribute("aria-disabled")).toBeNull());

    // Changing the field clears its message.
    fireEvent.change(field, { target: { value: "9" } });
    expect(field.getAttribute("aria-invalid")).toBeNull();
  });

  it("names every wrong field at once and sends an American Express card with a four-digit CVC", async () => {
    const api = mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": [200, SUBSCRIBED],
    });
    open();
    await chooseCard();
    fillCard("4242424242424241", "0124", "1");
    fireEvent.click(tryNow());
    expect(await screen.findByText(CARD_MESSAGES.numberInvalid)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.expiryPast)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.cvcThree)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Card number"));

    fillCard("378282246310005", "1234", "1234");
    expect(screen.getByLabelText("CVC").getAttribute("placeholder")).toBe("1234");
    fireEvent.click(tryNow());
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(api.named("POST sandbox/card/confirm")[0]!.body).toMatchObject({ number: "378282246310005", cvc: "1234" });
  });

  it("shows the purchase's own refusal, or 'Something went wrong' when it has none", async () => {
    let answer: [number, unknown] = [402, { message: "Your card has insufficient funds." }];
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": () => answer,
    });
    open();
    await chooseCard();
    fillCard();
    fireEvent.click(tryNow());
    await waitFor(() => expect(toasts()).toEqual([{ kind: "error", message: "Your card has insufficient funds." }]));
    await waitFor(() => expect(tryNow().getAttribute("aria-disabled")).toBeNull());

    useToastStore.setState({ toasts: [] });
    answer = [409, {}];
    fireEvent.click(tryNow());
    await waitFor(() => expect(toasts()).toEqual([{ kind: "error", message: "Something went wrong" }]));
  });

  it("puts the processor's field errors under the card fields", async () => {
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": validation({
        number: ["Your card number is invalid."],
        exp_month: ["Your card's expiration date is invalid."],
      }),
    });
    open();
    await chooseCard();
    // A card that passes the form's own checks can still be refused field by field by the processor.
    fillCard();
    fireEvent.click(tryNow());
    expect(await screen.findByText("Your card number is invalid.")).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is invalid.")).toBeTruthy();
    expect(screen.getByLabelText("Card number").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Card number")));
  });

  it("sends the bank's approval page the way back when the purchase needs approval", async () => {
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": [
        200,
        { message: "need approve", redirect_url: "/sandbox/card/approve/pi_1?x=1", subscription_type: null },
      ],
    });
    open({}, { at: "/subscription?action=unlock" });
    await chooseCard();
    fillCard("4000002760003184");
    fireEvent.click(tryNow());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const target = new URL(assign.mock.calls[0]![0]);
    expect(target.pathname).toBe("/sandbox/card/approve/pi_1");
    expect(target.searchParams.get("x")).toBe("1");
    expect(target.searchParams.get("redirect")).toBe("/subscription?action=unlock");
    expect(done).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it("sends the bank's approval page back to the locked item the purchase came from", async () => {
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": [200, { message: "need approve", redirect_url: "/sandbox/card/approve/pi_1", subscription_type: null }],
    });
    open({ returnTo: "/meditation/12" }, { at: "/subscription?action=locked" });
    await chooseCard();
    fillCard("4000002760003184");
    fireEvent.click(tryNow());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(new URL(assign.mock.calls[0]![0]).searchParams.get("redirect")).toBe("/meditation/12");
  });

  it("goes to the purchase's redirect_url after a success that names one", async () => {
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": [200, { ...SUBSCRIBED, redirect_url: "/thank-you" }],
    });
    open();
    await chooseCard();
    fillCard();
    fireEvent.click(tryNow());
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/thank-you"));
    expect(toasts()).toContainEqual({ kind: "success", message: "Successfully subscribed!" });
    expect(done).not.toHaveBeenCalled();
  });

  it("sends an Idempotency-Key and reuses it when the same purchase is retried", async () => {
    // The first attempt meets no server twice (the client's own second try included), the member tries again.
    const answers: [number, unknown][] = [
      [503, { message: "Service Unavailable" }],
      [503, { message: "Service Unavailable" }],
      [200, SUBSCRIBED],
    ];
    const api = mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": () => answers.shift()!,
    });
    open();
    await chooseCard();
    fillCard();
    fireEvent.click(tryNow());
    await waitFor(() => expect(toasts()).toEqual([{ kind: "error", message: "Something went wrong" }]));
    await waitFor(() => expect(tryNow().getAttribute("aria-disabled")).toBeNull());

    fireEvent.click(tryNow());
    await waitFor(() => expect(done).toHaveBeenCalled());
    const purchases = api.named("POST stripe/payment-method");
    expect(purchases).toHaveLength(3);
    const keys = purchases.map((call) => call.headers["Idempotency-Key"]);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    // The retry buys with the card already confirmed; the setup is not confirmed twice.
    expect(api.named("POST sandbox/card/confirm")).toHaveLength(1);
  });

  it("makes a new key for a new attempt after a definite answer", async () => {
    const answers: [number, unknown][] = [
      [402, { message: "Your card was declined." }],
      [200, SUBSCRIBED],
    ];
    const api = mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": () => answers.shift()!,
    });
    open();
    await chooseCard();
    fillCard();
    fireEvent.click(tryNow());
    await waitFor(() => expect(toasts()).toEqual([{ kind: "error", message: "Your card was declined." }]));
    await waitFor(() => expect(tryNow().getAttribute("aria-disabled")).toBeNull());
    fireEvent.click(tryNow());
    await waitFor(() => expect(done).toHaveBeenCalled());
    const keys = api.named("POST stripe/payment-method").map((call) => call.headers["Idempotency-Key"]);
    expect(keys[1]).not.toBe(keys[0]);
    // A used setup is replaced by a fresh one for the next attempt.
    expect(api.named("GET stripe/setup-intent").length).toBeGreaterThanOrEqual(2);
  });

  it("submits once for a double click", async () => {
    let release: (reply: [number, unknown]) => void = () => undefined;
    const api = mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": [200, cardOk],
      "POST stripe/payment-method": () => new Promise<[number, unknown]>((resolve) => (release = resolve)),
    });
    open();
    await chooseCard();
    fillCard();
    const button = tryNow();
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(api.named("POST stripe/payment-method")).toHaveLength(1));
    expect(button.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(button);
    fireEvent.submit(button.closest("form")!);
    await act(async () => release([200, SUBSCRIBED]));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(api.named("POST sandbox/card/confirm")).toHaveLength(1);
    expect(api.named("POST stripe/payment-method")).toHaveLength(1);
  });

  it("cannot be closed while a payment is on its way, and closes with the close button otherwise", async () => {
    let release: (reply: [number, unknown]) => void = () => undefined;
    mockApi({
      "GET stripe/setup-intent": [200, SETUP],
      "POST sandbox/card/confirm": () => new Promise<[number, unknown]>((resolve) => (release = resolve)),
    });
    const { dialog } = open();
    await chooseCard();
    fillCard();
    fireEvent.click(tryNow());
    const close = within(dialog).getByRole("button", { name: "Close" });
    await waitFor(() => expect(close.getAttribute("aria-disabled")).toBe("true"));
    fireEvent.click(close);
    expect(closed).not.toHaveBeenCalled();
    await act(async () => release([402, { message: "Your card was declined." }]));
    await waitFor(() => expect(close.getAttribute("aria-disabled")).toBeNull());
    fireEvent.click(close);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
