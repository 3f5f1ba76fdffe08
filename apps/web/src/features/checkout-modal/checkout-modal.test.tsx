import type { Checkout } from "@serene/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OfferPaymentDialog } from "../../components/subscription/offer-payment";
import { useToastStore } from "../../components/ui/toast-store";
import { ANNUAL_STATUS, FREE_STATUS } from "../../test/account-status";
import { pkg } from "../../test/packages";
import { mockApi, renderPage } from "../../test/render";
import { untilIdle } from "../../test/settle";
import { CheckoutModal, useCheckoutStart, type CheckoutLead, type CheckoutPaymentDialogProps } from "./index";

const IN_FOUR_HOURS = new Date(Date.now() + 4 * 3_600_000).toISOString();

const checkoutOf = (extra: Partial<Checkout> = {}): Checkout => ({
  id: 7,
  type: "promo",
  theme: "default",
  sales_page: "calm-reset",
  recommendations: false,
  offer: { hours: 4, started_at: new Date().toISOString(), ends_at: IN_FOUR_HOURS, expired: false },
  packages: [
    pkg(1, 1, 14.99),
    pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] }),
    pkg(5, 0, 149.99, { is_lifetime: true }),
    pkg(21, 12, 14.95, { offer: true }),
    pkg(11, 1, 14.99, { provider: "paypal" }),
  ],
  ...extra,
});

/** The payment dialog as a route module passes it, replaced by a stand-in that records what it was given. */
const given = vi.fn<(props: CheckoutPaymentDialogProps) => void>();
function StubPayment(props: CheckoutPaymentDialogProps) {
  given(props);
  if (!props.open) return null;
  return (
    <div role="dialog" aria-label="Select payment method">
      <button type="button" onClick={props.onDone}>
        Report done
      </button>
      <button type="button" onClick={props.onClose}>
        Close payment
      </button>
    </div>
  );
}

/** A sales page as the checkout routes compose the seam: a start button and the modal. */
function salesPage(checkout: Checkout | undefined, lead: CheckoutLead | null = null, withPayment = true) {
  return function SalesPage() {
    const { start, modal, pending } = useCheckoutStart({ checkout, lead });
    return (
      <main>
        <button type="button" onClick={start} disabled={pending}>
          Start Now
        </button>
        <CheckoutModal {...modal} paymentDialog={withPayment ? StubPayment : undefined} />
      </main>
    );
  };
}

const PATH = "/promo/:checkoutId";
const location = () => screen.getByTestId("location").textContent;
const RECOMMENDED = [
  {
    id: 31,
    model: "meditation",
    name: "Soft Morning Light",
    cover: "/c/31.jpg",
    type: "Meditation",
    duration: 5,
    amount_lessons: null,
    free: false,
    favorite: false,
  },
  {
    id: 32,
    model: "sleep",
    name: "Evening Harbour",
    cover: "/c/32.jpg",
    type: "Sleepcast",
    duration: 20,
    amount_lessons: null,
    free: false,
    favorite: false,
  },
];

const modal = () => screen.findByRole("dialog", { name: "Choose your plan" });
/** The modal once its plans show (after the member's status has come). */
async function ready() {
  const dialog = await modal();
  await within(dialog).findAllByTestId("offer-plan");
  return dialog;
}

describe("checkout start", () => {
  it("opens the modal for a member, its code fetched only then", async () => {
    window.localStorage.setItem("t", "member-token");
    mockApi({});
    renderPage(salesPage(checkoutOf()), { path: PATH, at: "/promo/7" });
    expect(screen.queryByTestId("checkout-modal")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
    expect(await modal()).toBeTruthy();
  });

  it("sends a visitor to log in with the way back, buy=1, from=auth and checkout=promo", async () => {
    mockApi({});
    const { router } = renderPage(salesPage(checkoutOf()), { path: PATH, at: "/promo/7?utm_source=mail" });
    await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
    const to = new URL(`http://x${location()}`);
    expect(to.pathname).toBe("/login");
    expect(to.searchParams.get("redirect")).toBe("/promo/7?utm_source=mail&buy=1");
    expect(to.searchParams.get("from")).toBe("auth");
    expect(to.searchParams.get("checkout")).toBe("promo");
    expect(router.state.location.pathname).toBe("/login");
  });

  it("leaves checkout=promo out for a checkout of type checkout", async () => {
    mockApi({});
    renderPage(salesPage(checkoutOf({ type: "checkout" })), { path: "/checkout/:checkoutId", at: "/checkout/7" });
    await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
    expect(location()).toBe(`/login?redirect=${encodeURIComponent("/checkout/7?buy=1")}&from=auth`);
  });

  it("opens the modal straight away on the way back from login, once, and takes buy=1 out of the address", async () => {
    window.localStorage.setItem("t", "member-token");
    mockApi({});
    const { router, queryClient } = renderPage(salesPage(checkoutOf()), { path: PATH, at: "/promo/7?utm_source=mail&buy=1" });
    expect(await modal()).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe("?utm_source=mail"));
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose your plan" })).toBeNull());
    // Closed stays closed.
    await untilIdle(queryClient);
    expect(screen.queryByRole("dialog", { name: "Choose your plan" })).toBeNull();
  });

  it("waits for the checkout before opening on the way back", async () => {
    window.localStorage.setItem("t", "member-token");
    mockApi({});
    const { router, queryClient } = renderPage(salesPage(undefined), { path: PATH, at: "/promo/7?buy=1" });
    await untilIdle(queryClient);
    expect(screen.queryByTestId("checkout-modal")).toBeNull();
    expect(router.state.location.search).toBe("?buy=1");
  });

  describe("a lead on /lead-checkout", () => {
    const LEAD: CheckoutLead = {
      id: "5d7c1c52-8a0e-4a57-9d0e-2f1f1b6f3c11",
      name: "Maya",
      email: "maya@example.com",
      token: "own-link-token",
    };

    it("gets an account, kept as a login keeps it, then the modal; the purchase sets the just-registered flag", async () => {
      const api = mockApi({ [`POST lead/${LEAD.id}/account`]: [201, { token: "lead-token", email: LEAD.email, name: LEAD.name }] });
      renderPage(salesPage(checkoutOf({ type: "checkout" }), LEAD), { path: "/lead-checkout/:checkoutId", at: "/lead-checkout/7" });
      await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
      expect(await ready()).toBeTruthy();
      expect(api.named(`POST lead/${LEAD.id}/account`)).toHaveLength(1);
      // The lead's own link token goes with the request (decision 050).
      expect(api.named(`POST lead/${LEAD.id}/account`)[0]!.body).toEqual({ token: "own-link-token" });
      expect(window.localStorage.getItem("t")).toBe("lead-token");
      expect(window.localStorage.getItem("just-registered")).toBeNull();

      await userEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
      expect(given.mock.lastCall![0].checkout).toEqual({ checkout_id: 7 });
      await userEvent.click(screen.getByRole("button", { name: "Report done" }));
      expect(window.localStorage.getItem("just-registered")).toBe("1");
      await waitFor(() => expect(location()).toBe("/"));
    });

    it("goes to log in with the server's word when the e-mail already has an account", async () => {
      const api = mockApi({
        [`POST lead/${LEAD.id}/account`]: [409, { message: "This e-mail already has an account. Please log in." }],
      });
      renderPage(salesPage(checkoutOf(), LEAD), { path: "/lead-checkout/:checkoutId", at: "/lead-checkout/7" });
      await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
      await waitFor(() =>
        expect(location()).toBe(`/login?redirect=${encodeURIComponent("/lead-checkout/7?buy=1")}&from=auth&checkout=promo`),
      );
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(["This e-mail already has an account. Please log in."]);
      expect(api.calls).toHaveLength(1);
      expect(window.localStorage.getItem("t")).toBeNull();
    });

    it("goes to log in, as any visitor, when the link lacks the lead's own token", async () => {
      const message = "This link is incomplete or no longer works. Please open the link from your e-mail again.";
      mockApi({ [`POST lead/${LEAD.id}/account`]: [422, { message, errors: { token: [message] } }] });
      renderPage(salesPage(checkoutOf(), { ...LEAD, token: null }), { path: "/lead-checkout/:checkoutId", at: "/lead-checkout/7" });
      await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
      await waitFor(() => expect(location()).toMatch(/^\/login\?redirect=/));
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([message]);
      expect(window.localStorage.getItem("t")).toBeNull();
    });

    it("stays on the page with the server's message when asked too often", async () => {
      mockApi({ [`POST lead/${LEAD.id}/account`]: [429, { message: "Too many attempts. Please try again in a minute." }] });
      const { router } = renderPage(salesPage(checkoutOf(), LEAD), { path: "/lead-checkout/:checkoutId", at: "/lead-checkout/7" });
      await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
      await waitFor(() =>
        expect(useToastStore.getState().toasts).toEqual([
          expect.objectContaining({ kind: "error", message: "Too many attempts. Please try again in a minute." }),
        ]),
      );
      expect(router.state.location.pathname).toBe("/lead-checkout/7");
      expect(screen.queryByTestId("checkout-modal")).toBeNull();
    });
  });
});

describe("checkout modal", () => {
  const open = async (checkout: Checkout, at = "/promo/7") => {
    window.localStorage.setItem("t", "member-token");
    const api = mockApi({
      "GET recommendation": [200, { data: RECOMMENDED }],
      "GET user/account-status": [200, FREE_STATUS],
      "GET premium-summary": [200, { data: { locked_sessions: 6, locked_collections: 1, types: [{ type: "Meditations", locked: 6 }] } }],
      "GET user/billing": [
        200,
        { status: "trialing", billing_period: "year", next_charge_at: "2026-12-05T12:00:00Z", next_charge_amount: "$59.99" },
      ],
    });
    const rendered = renderPage(salesPage(checkout), { path: PATH, at });
    await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
    const dialog = await modal();
    // The plans show once the member's status says they may buy.
    await within(dialog).findAllByTestId("offer-plan");
    return { ...rendered, api, dialog };
  };

  it("tells a subscriber they are already a member instead of selling a second plan", async () => {
    window.localStorage.setItem("t", "member-token");
    mockApi({ "GET user/account-status": [200, ANNUAL_STATUS] });
    renderPage(salesPage(checkoutOf()), { path: PATH, at: "/promo/7" });
    await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
    const dialog = await screen.findByRole("dialog", { name: "You are already a member" });
    expect(within(dialog).queryAllByTestId("offer-plan")).toHaveLength(0);
    expect(within(dialog).queryByRole("button", { name: "Get My Plan" })).toBeNull();
  });
  const cardTexts = (dialog: HTMLElement) =>
    within(dialog)
      .getAllByTestId("offer-plan")
      .map((card) => card.textContent ?? "");

  it("shows the offer's plan first, set apart and chosen, then the card plans; the wallet's are left for the payment", async () => {
    const { dialog } = await open(checkoutOf());
    const cards = within(dialog).getAllByTestId("offer-plan");
    expect(cards).toHaveLength(4);
    expect(cards[0]!.textContent).toContain("TODAY'S OFFER");
    expect(cards[0]!.textContent).toContain("$14.95");
    expect((within(cards[0]!).getByRole("radio") as HTMLInputElement).checked).toBe(true);
    expect(cardTexts(dialog).slice(1)).toEqual([
      expect.stringContaining("1-Month Plan"),
      expect.stringContaining("Free trial"),
      expect.stringContaining("Lifetime"),
    ]);
    expect(cards.slice(1).some((card) => card.textContent?.includes("TODAY'S OFFER"))).toBe(false);
    expect(within(dialog).getByText("The offer prices are yours until your countdown ends.")).toBeTruthy();
  });

  it("sells the promo's lifetime offer against the regular lifetime price, not beside a second lifetime card, and badges no 'Best Value'", async () => {
    const lifetimeOffer = checkoutOf({
      packages: [
        pkg(1, 1, 14.99),
        pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] }),
        pkg(5, 0, 149.99, { is_lifetime: true, tags: ["Best Value"] }),
        pkg(21, 0, 14.95, { is_lifetime: true, tags: ["Best Value"], offer: true }),
        pkg(15, 0, 149.99, { is_lifetime: true, provider: "paypal" }),
        pkg(23, 0, 14.95, { is_lifetime: true, provider: "paypal", offer: true }),
      ],
    });
    const { dialog } = await open(lifetimeOffer);
    const texts = cardTexts(dialog);
    expect(texts).toHaveLength(3);
    expect(texts.filter((text) => text.includes("Lifetime"))).toEqual([expect.stringContaining("TODAY'S OFFER")]);
    // The regular price is struck through on the offer's card, named for a screen reader.
    const offerCard = within(dialog).getAllByTestId("offer-plan")[0]!;
    expect(offerCard.querySelector("s")?.textContent).toBe("Regular price $149.99");
    expect(within(offerCard).getAllByText("$14.95").length).toBeGreaterThan(0);
    expect(dialog.textContent).not.toMatch(/best value/i);
    expect((within(offerCard).getByRole("radio") as HTMLInputElement).checked).toBe(true);
    // The payment can still buy the wallet's offer package: every package goes to the dialog.
    await userEvent.click(within(dialog).getByRole("button", { name: "Get My Plan" }));
    expect(given.mock.lastCall![0].selected?.id).toBe(21);
    expect(given.mock.lastCall![0].packages.map((item) => item.id)).toEqual([1, 4, 5, 21, 15, 23]);
  });

  it("lists the regular lifetime again once the offer has ended, still without a 'Best Value' badge", async () => {
    const ended = checkoutOf({
      offer: { hours: 4, started_at: null, ends_at: null, expired: true },
      packages: [
        pkg(1, 1, 14.99),
        pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] }),
        pkg(5, 0, 149.99, { is_lifetime: true, tags: ["Best Value"] }),
        pkg(21, 0, 14.95, { is_lifetime: true, tags: ["Best Value"], offer: true }),
      ],
    });
    const { dialog } = await open(ended);
    expect(cardTexts(dialog)).toEqual([
      expect.stringContaining("1-Month Plan"),
      expect.stringContaining("MOST POPULAR"),
      expect.stringContaining("$149.99"),
    ]);
    expect(dialog.textContent).not.toMatch(/best value/i);
    expect(dialog.textContent).not.toContain("$14.95");
  });

  it("leaves the offer's plans out once the offer has ended", async () => {
    const { dialog } = await open(checkoutOf({ offer: { hours: 4, started_at: null, ends_at: null, expired: true } }));
    expect(cardTexts(dialog).some((text) => text.includes("TODAY'S OFFER"))).toBe(false);
    expect(cardTexts(dialog)).toHaveLength(3);
    // The plan put forward by its tag is chosen.
    expect((within(dialog).getByRole("radio", { name: /Free trial/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the older card layouts' regular prices on vsl-type-2", async () => {
    const { dialog } = await open(
      checkoutOf({ theme: "vsl-type-2", offer: { hours: 0, started_at: null, ends_at: null, expired: false } }),
    );
    const cards = within(dialog).getAllByTestId("offer-plan");
    const struck = cards.map((card) => card.querySelector("s")?.textContent);
    // Yearly +30, monthly +5, lifetime 1499.99 (spec 000 section 9), not twice the amount. The offer's yearly plan
    // has no regular twin here (the regular yearly is a free trial): nothing is struck through beside it.
    expect(struck).toEqual([undefined, "Regular price $19.99", "Regular price $89.99", "Regular price $1499.99"]);
    expect(within(cards[1]!).getByText("per month")).toBeTruthy();
    expect(within(cards[3]!).getByText("once")).toBeTruthy();
  });

  it("buys in the payment dialog with the promo checkout's id and every package of the checkout", async () => {
    const { dialog } = await open(checkoutOf());
    await userEvent.click(within(dialog).getByText("1-Month Plan"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Get My Plan" }));
    expect(screen.getByRole("dialog", { name: "Select payment method" })).toBeTruthy();
    const props = given.mock.lastCall![0];
    expect(props.checkout).toEqual({ promo_checkout_id: 7 });
    expect(props.selected?.id).toBe(1);
    expect(props.packages.map((item) => item.id)).toEqual([1, 4, 5, 21, 11]);
    // Closing the payment goes back to the plans, the choice kept.
    await userEvent.click(screen.getByRole("button", { name: "Close payment" }));
    expect((within(dialog).getByRole("radio", { name: /1-Month Plan/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("after the purchase closes and goes to / when the checkout has no recommendations; no just-registered flag", async () => {
    const { api } = await open(checkoutOf({ recommendations: false }));
    await userEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    await userEvent.click(screen.getByRole("button", { name: "Report done" }));
    await waitFor(() => expect(location()).toBe("/"));
    expect(api.named("GET recommendation")).toHaveLength(0);
    expect(window.localStorage.getItem("just-registered")).toBeNull();
    // The page landed on welcomes the member to Premium, once.
    expect(window.localStorage.getItem("welcome-due")).toMatch(/^\{"at":\d+\}$/);
  });

  it("after the purchase shows the recommendations, and Start Listening goes to /home", async () => {
    const { api } = await open(checkoutOf({ recommendations: true }));
    await userEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    await userEvent.click(screen.getByRole("button", { name: "Report done" }));
    const done = await screen.findByRole("dialog", { name: "Recommended For You Based On Your Answers" });
    const carousel = await within(done).findByRole("region", { name: "Recommended For You Based On Your Answers" });
    expect(within(carousel).getByRole("link", { name: /Soft Morning Light/ })).toBeTruthy();
    expect(within(carousel).getByRole("link", { name: /Evening Harbour/ })).toBeTruthy();
    expect(api.named("GET recommendation")).toHaveLength(1);
    expect(window.localStorage.getItem("just-registered")).toBeNull();
    // What the purchase opened, and when the trial ends, from the server; no second welcome on /home.
    expect((await within(done).findByRole("list", { name: "Open to you now" })).textContent).toBe("6 meditations");
    expect(
      await within(done).findByText(
        "Your free trial ends on 5 December 2026. Then $59.99 is charged for the next year, unless you cancel before.",
      ),
    ).toBeTruthy();
    expect(window.localStorage.getItem("welcome-due")).toBeNull();
    await userEvent.click(within(done).getByRole("button", { name: "Start Listening" }));
    await waitFor(() => expect(location()).toBe("/home"));
  });

  it("closing the recommendations also goes to /home", async () => {
    await open(checkoutOf({ recommendations: true }));
    await userEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    await userEvent.click(screen.getByRole("button", { name: "Report done" }));
    const done = await screen.findByRole("dialog", { name: "Recommended For You Based On Your Answers" });
    await userEvent.click(within(done).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(location()).toBe("/home"));
  });

  it("buys through the app's payment dialog when the route passes none", async () => {
    window.localStorage.setItem("t", "member-token");
    mockApi({});
    const Page = salesPage(checkoutOf({ type: "checkout", id: 9 }), null, false);
    const render = (props: CheckoutPaymentDialogProps) => <StubPayment {...props} />;
    renderPage(
      () => (
        <OfferPaymentDialog.Provider value={render}>
          <Page />
        </OfferPaymentDialog.Provider>
      ),
      { path: "/checkout/:checkoutId", at: "/checkout/9" },
    );
    await userEvent.click(screen.getByRole("button", { name: "Start Now" }));
    await userEvent.click(within(await ready()).getByRole("button", { name: "Get My Plan" }));
    expect(given.mock.lastCall![0].checkout).toEqual({ checkout_id: 9 });
  });

  it("takes the offer's plans away when its deadline passes while the modal is open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const soon = new Date(Date.now() + 60_000).toISOString();
      const { dialog } = await open(
        checkoutOf({ offer: { hours: 4, started_at: new Date().toISOString(), ends_at: soon, expired: false } }),
      );
      expect(cardTexts(dialog)[0]).toContain("TODAY'S OFFER");
      act(() => void vi.advanceTimersByTime(61_000));
      await waitFor(() => expect(cardTexts(dialog).some((text) => text.includes("TODAY'S OFFER"))).toBe(false));
    } finally {
      vi.useRealTimers();
    }
  });
});
