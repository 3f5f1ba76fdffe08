import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PremiumWelcomeCard } from "../../components/subscription/premium-welcome-card";
import { analytics } from "../../lib/analytics";
import { useErrorStore } from "../../lib/error-store";
import { closeSubscriptionOffer, openSubscriptionOffer, useSubscriptionOffer } from "../../lib/buying/subscription-offer";
import { FREE_STATUS, MONTHLY_STATUS } from "../../test/account-status";
import { pkg } from "../../test/packages";
import { mockApi, renderPage } from "../../test/render";
import { PaywallPage, type PaywallPaymentDialogProps } from "./paywall-page";

/** The payment dialog as the route module supplies it, replaced by a stand-in that records what it was given. */
const dialogRendered = vi.fn<(props: PaywallPaymentDialogProps) => void>();
/** The props of the stand-in's latest render. */
const dialogProps = () => dialogRendered.mock.lastCall?.[0] ?? null;
function StubDialog(props: PaywallPaymentDialogProps) {
  dialogRendered(props);
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
const Page = () => <PaywallPage paymentDialog={StubDialog} />;

const PACKAGES = [
  // 90.00 over 30 days is exactly 3.00 a day: the whole-number rule shows 2.99.
  pkg(1, 1, 90),
  pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] }),
  pkg(5, 0, 149.99, { is_lifetime: true, tags: ["Best Value"] }),
  pkg(11, 1, 14.99, { provider: "paypal" }),
];

const PATH = "/subscription/:checkoutId?";

beforeEach(() => {
  useSubscriptionOffer.setState({ open: false, trigger: null, placement: null });
  dialogRendered.mockClear();
});
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("paywall plan cards", () => {
  it("shows the card provider's plans with titles, prices and the tagged plan preselected", async () => {
    const api = mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    renderPage(Page, { path: PATH, at: "/subscription" });

    const group = await screen.findByRole("radiogroup");
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(3);
    expect(api.named("GET package/web")[0]?.query.get("place")).toBe("after_locked_content");
    expect(["USD", "EUR"]).toContain(api.named("GET package/web")[0]?.query.get("currency"));

    const cards = screen.getAllByTestId("plan-card");
    expect(cards.map((card) => within(card).getByText(/Plan|trial|Lifetime/, { selector: "span" }).textContent)).toEqual([
      "1-Month Plan",
      "Free trial",
      "Lifetime",
    ]);
    expect(within(cards[0]!).getByText("Billed every 1 month")).toBeTruthy();
    expect(within(cards[1]!).getByText("Billed every 12 months")).toBeTruthy();
    expect(within(cards[2]!).getByText("One-time purchase")).toBeTruthy();

    // Per day: 90.00 / 30 = 3.00 → 2.99, old per day twice the base (6.00); 59.99 / 360 → 0.17.
    expect(within(cards[0]!).getByTestId("per-day").textContent).toContain("$2.99");
    expect(within(cards[0]!).getByTestId("per-day").textContent).toContain("$6.00");
    expect(within(cards[1]!).getByTestId("per-day").textContent).toContain("$0.17");
    // Struck-through full price is twice the amount.
    expect(cards[0]!.textContent).toContain("$180.00");
    expect(cards[1]!.textContent).toContain("$119.98");

    expect(within(cards[1]!).getByText("MOST POPULAR")).toBeTruthy();
    expect(within(cards[0]!).queryByText("MOST POPULAR")).toBeNull();

    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("heading", { name: "Start Your 7-Day Trial" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "How your free trial works" })).toBeTruthy();
    expect(screen.getByText(/Due today/).textContent).toContain("$0.00");
  });

  it("changes the headline with the selected plan", async () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    renderPage(Page, { path: PATH, at: "/subscription" });
    const radios = within(await screen.findByRole("radiogroup")).getAllByRole("radio");

    fireEvent.click(radios[0]!);
    expect(screen.getByRole("heading", { name: "Start Your Monthly Plan" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "How your free trial works" })).toBeNull();

    fireEvent.click(radios[2]!);
    expect(screen.getByRole("heading", { name: "Get Your Lifetime Plan" })).toBeTruthy();
    expect((radios[2] as HTMLInputElement).checked).toBe(true);
  });

  it("uses the checkout's packages when the address names a checkout", async () => {
    const api = mockApi({
      "GET checkout/3": [200, { data: { id: 3, type: "promo", theme: "green-main", packages: PACKAGES.slice(1, 2) } }],
    });
    renderPage(Page, { path: PATH, at: "/subscription/3" });
    expect(within(await screen.findByRole("radiogroup")).getAllByRole("radio")).toHaveLength(1);
    expect(api.named("GET package/web")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    const location = new URL(screen.getByTestId("location").textContent ?? "", "http://x");
    expect(location.searchParams.get("checkout")).toBe("promo");
  });

  it("leaves out a checkout's timed-offer packages: they are sold on its sales page only", async () => {
    mockApi({
      "GET checkout/1": [
        200,
        {
          data: {
            id: 1,
            type: "checkout",
            theme: "default",
            packages: [...PACKAGES, pkg(21, 0, 14.95, { is_lifetime: true, tags: ["Best Value"], offer: true })],
          },
        },
      ],
    });
    renderPage(Page, { path: PATH, at: "/subscription/1" });
    const radios = within(await screen.findByRole("radiogroup")).getAllByRole("radio");
    expect(radios).toHaveLength(3);
    expect(screen.queryByText(/14\.95/)).toBeNull();
  });

  it("says calmly that an unknown checkout's offer is gone, once, and links to the regular plans", async () => {
    const api = mockApi({ "GET checkout/999": [404, { message: "Not found." }] });
    renderPage(Page, { path: PATH, at: "/subscription/999?action=unlock" });
    expect(await screen.findByText("This offer is no longer available")).toBeTruthy();
    const link = screen.getByRole("link", { name: "See all plans" });
    expect(link.getAttribute("href")).toBe("/subscription?action=unlock");
    expect(screen.queryByText("Plans could not be loaded")).toBeNull();
    expect(screen.queryByRole("button", { name: "Get My Plan" })).toBeNull();
    // Not asked again, and no error toast on top of the notice.
    expect(api.named("GET checkout/999")).toHaveLength(1);
    expect(useErrorStore.getState().flag).toBe(false);
  });

  it("asks once more, then says the plans could not be loaded when the server fails", async () => {
    const api = mockApi({ "GET package/web": [500, { message: "Server Error" }] });
    renderPage(Page, { path: PATH, at: "/subscription" });
    expect(await screen.findByText("Plans could not be loaded", {}, { timeout: 4000 })).toBeTruthy();
    expect(api.named("GET package/web")).toHaveLength(2);
    expect(useErrorStore.getState().flag).toBe(false);
  });
});

describe("Get My Plan", () => {
  it("sends a visitor without a token to login with a redirect back here", async () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    renderPage(Page, { path: PATH, at: "/subscription?action=unlock" });
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toMatch(/^\/login\?/));
    const location = new URL(screen.getByTestId("location").textContent ?? "", "http://x");
    expect(location.searchParams.get("redirect")).toBe("/subscription?action=unlock");
    expect(location.searchParams.get("from")).toBe("auth");
    expect(location.searchParams.has("checkout")).toBe(false);
  });

  it("opens the payment dialog for a member with the chosen plan and both providers' packages", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "GET package/web": [200, { data: PACKAGES }], "GET user/account-status": [200, FREE_STATUS] });
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    renderPage(Page, { path: PATH, at: "/subscription" });
    const radios = within(await screen.findByRole("radiogroup")).getAllByRole("radio");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(dialogProps()?.open).toBe(false);

    fireEvent.click(radios[0]!);
    fireEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    expect(screen.getByRole("dialog", { name: "Select payment method" })).toBeTruthy();
    expect(dialogProps()?.selected?.id).toBe(1);
    // The wallet's package travels along: the dialog buys the chosen method's own package.
    expect(dialogProps()?.packages.map((pkg) => pkg.id)).toEqual([1, 4, 5, 11]);
    expect(dialogProps()?.checkout).toEqual({});
    // The dialog records the checkout start itself, so the paywall does not record it twice.
    expect(track.mock.calls.filter(([name]) => name === "InitiateCheckout")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Close payment" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("heading", { name: "Start Your Monthly Plan" })).toBeTruthy();
  });

  it("shows a subscriber their plan and the way to its settings instead of plans to buy again", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({
      "GET package/web": [200, { data: PACKAGES }],
      "GET user/account-status": [200, MONTHLY_STATUS],
    });
    renderPage(Page, { path: PATH, at: "/subscription" });
    expect(await screen.findByRole("heading", { name: "You are already a member" })).toBeTruthy();
    expect(screen.getByText("Monthly")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage my subscription" }).getAttribute("href")).toBe("/settings/subscription");
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.queryByRole("button", { name: "Get My Plan" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "How your free trial works" })).toBeNull();
  });

  it("names the checkout the purchase comes from", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({
      "GET checkout/3": [200, { data: { id: 3, type: "promo", theme: "green-main", packages: PACKAGES.slice(1, 2) } }],
      "GET checkout/2": [200, { data: { id: 2, type: "checkout", theme: "white-main", packages: PACKAGES } }],
    });
    const first = renderPage(Page, { path: PATH, at: "/subscription/3" });
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    expect(dialogProps()?.checkout).toEqual({ promo_checkout_id: 3 });
    first.unmount();

    renderPage(Page, { path: PATH, at: "/subscription/2" });
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    expect(dialogProps()?.checkout).toEqual({ checkout_id: 2 });
  });

  it("closes the dialog and goes to /, whose page welcomes the member to Premium once", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({
      "GET package/web": [200, { data: PACKAGES }],
      "GET premium-summary": [200, { data: { locked_sessions: 3, locked_collections: 0, types: [{ type: "Sleepcasts", locked: 3 }] } }],
      "GET user/billing": [200, { status: "active", next_charge_at: null, next_charge_amount: null, billing_period: "month" }],
    });
    const FrontPage = () => (
      <>
        <PremiumWelcomeCard />
        <p>Front page</p>
      </>
    );
    renderPage(Page, { path: PATH, at: "/subscription", routes: [{ path: "/", Component: FrontPage }] });
    await screen.findByRole("radiogroup");
    expect(screen.queryByRole("region", { name: "Welcome to Serene Premium" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
    fireEvent.click(screen.getByRole("button", { name: "Report done" }));
    expect(await screen.findByText("Front page")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const welcome = screen.getByRole("region", { name: "Welcome to Serene Premium" });
    expect(await within(welcome).findByText("3 sleepcasts")).toBeTruthy();
    // Read once: the device flag is gone, so the next page or a reload shows nothing.
    expect(window.localStorage.getItem("welcome-due")).toBeNull();
  });
});

describe("entry", () => {
  it("records the pixel event of the action that opened the paywall", async () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    renderPage(Page, { path: PATH, at: "/subscription?action=quiz", strict: true });
    await screen.findByRole("radiogroup");
    expect(track.mock.calls.filter(([name]) => name === "InformIntent")).toHaveLength(1);
  });

  it("records a locked item's intent once: the offer did, the paywall it leads to and later visits do not", async () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    const intents = () => track.mock.calls.filter(([name]) => name.endsWith("Intent")).map(([name]) => name);

    openSubscriptionOffer("locked");
    expect(intents()).toEqual(["LockedIntent"]);
    expect(useSubscriptionOffer.getState().trigger).toBe("locked");
    // The offer's way to the paywall closes it, and its stored trigger goes with it.
    closeSubscriptionOffer();
    expect(useSubscriptionOffer.getState()).toEqual({ open: false, trigger: null, placement: null, landing: null });

    const first = renderPage(Page, { path: PATH, at: "/subscription", strict: true });
    await screen.findByRole("radiogroup");
    first.unmount();
    renderPage(Page, { path: PATH, at: "/subscription" });
    await screen.findByRole("radiogroup");
    expect(intents()).toEqual(["LockedIntent"]);
  });

  it("goes to / for a dynamic funnel without quiz data", () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    renderPage(Page, { path: PATH, at: "/subscription?dynamic=1", routes: [{ path: "/", Component: () => <p>Landing</p> }] });
    expect(screen.getByText("Landing")).toBeTruthy();
  });

  it("stays for a dynamic funnel when a finished custom quiz and its answers are kept, and goes to / for a form without answers", async () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    window.localStorage.setItem("quiz-form", JSON.stringify({ slug: "better-evenings", isCustomQuiz: true, isQuizCompleted: true }));
    const landing = { path: "/", Component: () => <p>Landing</p> };
    const first = renderPage(Page, { path: PATH, at: "/subscription?dynamic=1&action=quiz", routes: [landing] });
    expect(screen.getByText("Landing")).toBeTruthy();
    first.unmount();

    window.localStorage.setItem("quiz-answers:better-evenings", JSON.stringify({ answers: { sleep_habits: "late" }, step: 3 }));
    renderPage(Page, { path: PATH, at: "/subscription?dynamic=1&action=quiz", routes: [landing] });
    expect(screen.queryByText("Landing")).toBeNull();
    expect(await screen.findByRole("button", { name: "Get My Plan" })).toBeTruthy();
  });

  it("adds the stored quiz's funnel to the quiz-finished intent", async () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    window.localStorage.setItem("quiz-form", JSON.stringify({ slug: "onboarding", funnel: "vsl-calm" }));
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    renderPage(Page, { path: PATH, at: "/subscription?action=quiz" });
    await screen.findByRole("radiogroup");
    expect(track).toHaveBeenCalledWith("InformIntent", { place: "paywall", funnel: "vsl-calm" });
  });

  it("hides the close button with hideClose=1", async () => {
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    renderPage(Page, { path: PATH, at: "/subscription?hideClose=1" });
    await screen.findByRole("radiogroup");
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });
});
