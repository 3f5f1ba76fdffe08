import type { Package } from "@serene/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { analytics } from "../../../lib/analytics";
import { mockApi, renderPage } from "../../../test/render";
import { PaymentDialog } from "./payment-dialog";

/** Stripe.js as the live card form sees it: three elements and confirmCardSetup. */
const stripe = vi.hoisted(() => {
  const elements: { type: string; mounted: HTMLElement | null }[] = [];
  const confirmCardSetup = vi.fn();
  const loadStripe = vi.fn(async () => ({
    elements: () => ({
      create: (type: string) => {
        const element = {
          type,
          mounted: null as HTMLElement | null,
          mount(slot: HTMLElement) {
            element.mounted = slot;
          },
          on: () => element,
          focus: () => undefined,
          destroy: () => undefined,
        };
        elements.push(element);
        return element;
      },
    }),
    confirmCardSetup,
  }));
  return { elements, confirmCardSetup, loadStripe };
});
vi.mock("@stripe/stripe-js", () => ({ loadStripe: stripe.loadStripe }));

const YEARLY: Package = {
  id: 4,
  months: 12,
  provider: "stripe",
  currency: "USD",
  amount: 59.99,
  is_lifetime: false,
  is_free_trial: true,
  trial_days: 7,
  tags: [],
  offer: false,
};
const WALLET_YEARLY: Package = { ...YEARLY, id: 14, provider: "paypal" };
const SUBSCRIBED = { message: "Successfully subscribed!", redirect_url: null, subscription_type: "yearly" };

beforeEach(() => {
  stripe.elements.length = 0;
  stripe.confirmCardSetup.mockReset();
  stripe.loadStripe.mockClear();
  vi.spyOn(analytics, "track").mockImplementation(() => undefined);
});

function openCard() {
  const onDone = vi.fn();
  renderPage(() => <PaymentDialog open packages={[YEARLY, WALLET_YEARLY]} selected={YEARLY} onDone={onDone} onClose={() => undefined} />, {
    at: "/subscription",
  });
  fireEvent.click(screen.getByRole("radio", { name: "Credit card" }));
  return onDone;
}

describe("the live card form", () => {
  it("loads Stripe.js with the setup's key, confirms the setup with the card element and buys with its payment method", async () => {
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: "pm_live_1" } });
    const api = mockApi({
      "GET stripe/setup-intent": [200, { api_key: "pk_test_abc", client_secret: "seti_9_secret_x", mode: "live" }],
      "POST stripe/payment-method": [200, SUBSCRIBED],
    });
    const onDone = openCard();
    await waitFor(() => expect(stripe.elements.map((element) => element.type)).toEqual(["cardNumber", "cardExpiry", "cardCvc"]));
    expect(stripe.loadStripe).toHaveBeenCalledWith("pk_test_abc");
    expect(stripe.elements.every((element) => element.mounted instanceof HTMLElement)).toBe(true);
    expect(screen.getByRole("group", { name: "Card number" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Try Serene now/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith("seti_9_secret_x", { payment_method: { card: stripe.elements[0] } });
    expect(api.named("POST stripe/payment-method")[0]!.body).toEqual({ payment_method: "pm_live_1", package_id: 4 });
    expect(api.named("POST sandbox/card/confirm")).toHaveLength(0);
  });

  it("shows Stripe's message when the confirmation fails", async () => {
    stripe.confirmCardSetup.mockResolvedValue({ error: { message: "Your card's security code is incorrect." } });
    const api = mockApi({ "GET stripe/setup-intent": [200, { api_key: "pk_test_abc", client_secret: "seti_9_secret_x", mode: "live" }] });
    openCard();
    await waitFor(() => expect(stripe.elements).toHaveLength(3));
    fireEvent.click(screen.getByRole("button", { name: /Try Serene now/ }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(["Your card's security code is incorrect."]),
    );
    expect(api.named("POST stripe/payment-method")).toHaveLength(0);
  });

  it("never loads Stripe.js for the sandbox card form", async () => {
    mockApi({ "GET stripe/setup-intent": [200, { api_key: "pk_sandbox", client_secret: "seti_1_secret_x", mode: "sandbox" }] });
    openCard();
    await screen.findByLabelText("Card number");
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
