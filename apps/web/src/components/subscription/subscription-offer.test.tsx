import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { analytics } from "../../lib/analytics";
import { pageLocation } from "../ui/toast-after-reload";
import { useErrorStore } from "../../lib/error-store";
import { openSubscriptionOffer, useSubscriptionOffer } from "../../lib/buying/subscription-offer";
import { FREE_STATUS, TRIAL_OVER_STATUS } from "../../test/account-status";
import { pkg } from "../../test/packages";
import { mockApi, renderPage } from "../../test/render";
import { OfferPaymentDialog, type OfferPaymentDialogProps } from "./offer-payment";
import { SubscriptionOffer } from "./subscription-offer";

const CLOSED = { open: false, trigger: null, placement: null, landing: null };
afterEach(() => useSubscriptionOffer.setState(CLOSED));

const PACKAGES = [
  pkg(1, 1, 14.99),
  pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] }),
  pkg(5, 0, 149.99, { is_lifetime: true, tags: ["Best Value"] }),
  pkg(11, 1, 14.99, { provider: "paypal" }),
];

describe("subscription offer", () => {
  it("records the pixel event of each trigger", () => {
    const track = vi.spyOn(analytics, "track");
    openSubscriptionOffer("locked");
    openSubscriptionOffer("unlock");
    openSubscriptionOffer("quiz");
    openSubscriptionOffer("registration", "after_registration");
    expect(track.mock.calls.map(([name]) => name)).toEqual(["LockedIntent", "BuyIntent", "InformIntent", "InformIntent"]);
    expect(useSubscriptionOffer.getState()).toEqual({
      open: true,
      trigger: "registration",
      placement: "after_registration",
      landing: null,
    });
    openSubscriptionOffer("quiz");
    expect(useSubscriptionOffer.getState()).toEqual({ open: true, trigger: "quiz", placement: null, landing: null });
    openSubscriptionOffer("locked", null, "/meditation/12");
    expect(useSubscriptionOffer.getState()).toEqual({ open: true, trigger: "locked", placement: null, landing: "/meditation/12" });
  });

  it("forgets its trigger when it closes, so the intent is not recorded again", async () => {
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    renderPage(SubscriptionOffer, { at: "/home" });
    act(() => openSubscriptionOffer("locked"));
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(useSubscriptionOffer.getState()).toEqual(CLOSED);
    expect(track.mock.calls.map(([name]) => name)).toEqual(["LockedIntent"]);
  });

  it("asks for the plans only once it opens, and shows the card plans with their prices", async () => {
    vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    const api = mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    renderPage(SubscriptionOffer, { at: "/home" });
    expect(api.named("GET package/web")).toHaveLength(0);

    act(() => openSubscriptionOffer("locked"));
    const list = await screen.findByRole("list", { name: "Plans for you" });
    const call = api.named("GET package/web")[0]!;
    expect(call.query.get("place")).toBe("after_locked_content");
    expect(["USD", "EUR"]).toContain(call.query.get("currency"));

    const cards = within(list).getAllByTestId("offer-plan");
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining("1-Month Plan"),
      expect.stringContaining("Free trial"),
      expect.stringContaining("Lifetime"),
    ]);
    // The wallet's package is not among them; prices per day and in full.
    expect(within(cards[0]!).getByText("$14.99")).toBeTruthy();
    expect(within(cards[0]!).getByText("$0.50")).toBeTruthy();
    expect(within(cards[1]!).getByText("MOST POPULAR")).toBeTruthy();
    expect(within(cards[1]!).getByText("$0.17")).toBeTruthy();
    expect(within(cards[2]!).getByText("once")).toBeTruthy();
  });

  describe("placements", () => {
    it("shows the after_registration packages when the registration's offer names them", async () => {
      vi.spyOn(analytics, "track").mockImplementation(() => undefined);
      window.localStorage.setItem("t", "member-token");
      const api = mockApi({ "GET package/web": [200, { data: PACKAGES }], "GET user/account-status": [200, FREE_STATUS] });
      renderPage(SubscriptionOffer, { at: "/home" });
      act(() => openSubscriptionOffer("registration", "after_registration"));
      await screen.findByRole("list", { name: "Plans for you" });
      expect(api.named("GET package/web").map((call) => call.query.get("place"))).toEqual(["after_registration"]);
      // The placement is named: the member's status is not needed for it.
      expect(api.named("GET user/account-status")).toHaveLength(0);
    });

    it("shows the after_trial_is_over packages to a member whose trial ended without a charge", async () => {
      vi.spyOn(analytics, "track").mockImplementation(() => undefined);
      window.localStorage.setItem("t", "member-token");
      const api = mockApi({ "GET package/web": [200, { data: PACKAGES }], "GET user/account-status": [200, TRIAL_OVER_STATUS] });
      renderPage(SubscriptionOffer, { at: "/meditation" });
      act(() => openSubscriptionOffer("locked"));
      await screen.findByRole("list", { name: "Plans for you" });
      // Asked once, with the member's placement: never first with the default.
      expect(api.named("GET package/web").map((call) => call.query.get("place"))).toEqual(["after_trial_is_over"]);
    });

    it("keeps to the packages after locked content for any other member", async () => {
      vi.spyOn(analytics, "track").mockImplementation(() => undefined);
      window.localStorage.setItem("t", "member-token");
      const api = mockApi({ "GET package/web": [200, { data: PACKAGES }], "GET user/account-status": [200, FREE_STATUS] });
      renderPage(SubscriptionOffer, { at: "/meditation" });
      act(() => openSubscriptionOffer("unlock"));
      await screen.findByRole("list", { name: "Plans for you" });
      expect(api.named("GET package/web").map((call) => call.query.get("place"))).toEqual(["after_locked_content"]);
    });
  });

  it("still leads to the plans when they cannot be loaded, without an error toast", async () => {
    vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    mockApi({ "GET package/web": [500, { message: "Server Error" }] });
    const { router } = renderPage(SubscriptionOffer, { at: "/home", routes: [{ path: "/subscription", Component: () => <p>plans</p> }] });
    act(() => openSubscriptionOffer("unlock"));
    expect(await screen.findByText(/The plans could not be loaded just now/)).toBeTruthy();
    expect(useErrorStore.getState().flag).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "See plans" }));
    expect(router.state.location.pathname).toBe("/subscription");
  });

  it("opens as a dialog, leads to the plans, and closes", async () => {
    vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    const { router } = renderPage(SubscriptionOffer, { at: "/home", routes: [{ path: "/subscription", Component: () => <p>plans</p> }] });
    expect(screen.queryByRole("heading", { name: /Unlock everything/ })).toBeNull();
    act(() => openSubscriptionOffer("locked"));
    expect(screen.getByRole("heading", { name: "Unlock everything in Serene" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(useSubscriptionOffer.getState().open).toBe(false);

    act(() => openSubscriptionOffer("unlock"));
    await userEvent.click(screen.getByRole("button", { name: "See plans" }));
    expect(router.state.location.pathname).toBe("/subscription");
    expect(useSubscriptionOffer.getState().open).toBe(false);
  });

  describe("buying in place", () => {
    /** The payment dialog as the app supplies it, replaced by a stand-in that records what it was given. */
    const given = vi.fn<(props: OfferPaymentDialogProps) => void>();
    function StubDialog(props: OfferPaymentDialogProps) {
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
    const renderStub = (props: OfferPaymentDialogProps) => <StubDialog {...props} />;
    const OfferWithPayment = () => (
      <OfferPaymentDialog.Provider value={renderStub}>
        <SubscriptionOffer />
      </OfferPaymentDialog.Provider>
    );

    it("buys the chosen plan in the payment dialog, then closes and reloads the page the member is on", async () => {
      vi.spyOn(analytics, "track").mockImplementation(() => undefined);
      const reload = vi.spyOn(pageLocation, "reload").mockImplementation(() => undefined);
      mockApi({ "GET package/web": [200, { data: PACKAGES }] });
      const { router } = renderPage(OfferWithPayment, { at: "/meditation" });
      act(() => openSubscriptionOffer("locked"));

      // The plan put forward is chosen first; another is one click away.
      const trial = await screen.findByRole("radio", { name: /Free trial/ });
      expect((trial as HTMLInputElement).checked).toBe(true);
      await userEvent.click(screen.getByText("1-Month Plan"));
      expect((screen.getByRole("radio", { name: /1-Month Plan/ }) as HTMLInputElement).checked).toBe(true);
      expect(screen.queryByRole("button", { name: "See plans" })).toBeNull();

      await userEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
      expect(screen.getByRole("dialog", { name: "Select payment method" })).toBeTruthy();
      const props = given.mock.lastCall![0];
      expect(props.selected?.id).toBe(1);
      // Both providers' packages, so the wallet can sell the same plan.
      expect(props.packages.map((item) => item.id)).toEqual([1, 4, 5, 11]);

      // Closing the payment goes back to the plans, the choice kept.
      await userEvent.click(screen.getByRole("button", { name: "Close payment" }));
      expect(useSubscriptionOffer.getState().open).toBe(true);
      expect((screen.getByRole("radio", { name: /1-Month Plan/ }) as HTMLInputElement).checked).toBe(true);

      await userEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
      await userEvent.click(screen.getByRole("button", { name: "Report done" }));
      expect(useSubscriptionOffer.getState()).toEqual(CLOSED);
      expect(screen.queryByRole("dialog", { name: "Select payment method" })).toBeNull();
      expect(reload).toHaveBeenCalledTimes(1);
      expect(router.state.location.pathname).toBe("/meditation");
      // No locked item named a page to land on: the payment's approval pages come back here.
      expect(props.returnTo).toBeUndefined();
      // The dialog's 'Successfully subscribed!' is carried over the reload, for the reloaded page to show.
      expect(window.sessionStorage.getItem("settings-notice")).toBe("Successfully subscribed!");
      // The reloaded page opens with the Premium welcome: the device flag says when it was bought.
      const flag = JSON.parse(window.localStorage.getItem("welcome-due") ?? "null") as { at: number } | null;
      expect(Date.now() - flag!.at).toBeLessThan(60_000);
    });

    it("opened from a locked item, lands on that item after the purchase, the toast carried over", async () => {
      vi.spyOn(analytics, "track").mockImplementation(() => undefined);
      const reload = vi.spyOn(pageLocation, "reload").mockImplementation(() => undefined);
      const assign = vi.spyOn(pageLocation, "assign").mockImplementation(() => undefined);
      mockApi({ "GET package/web": [200, { data: PACKAGES }] });
      renderPage(OfferWithPayment, { at: "/meditation" });
      act(() => openSubscriptionOffer("locked", null, "/meditation/12"));
      await screen.findByRole("radio", { name: /Free trial/ });
      await userEvent.click(screen.getByRole("button", { name: "Get My Plan" }));
      // The bank's or the wallet's approval comes back to the item too.
      expect(given.mock.lastCall![0].returnTo).toBe("/meditation/12");
      await userEvent.click(screen.getByRole("button", { name: "Report done" }));
      expect(assign).toHaveBeenCalledWith("/meditation/12");
      expect(reload).not.toHaveBeenCalled();
      expect(useSubscriptionOffer.getState()).toEqual(CLOSED);
      expect(window.sessionStorage.getItem("settings-notice")).toBe("Successfully subscribed!");
    });

    it("still offers the full paywall beside the in-place purchase", async () => {
      vi.spyOn(analytics, "track").mockImplementation(() => undefined);
      mockApi({ "GET package/web": [200, { data: PACKAGES }] });
      const { router } = renderPage(OfferWithPayment, {
        at: "/therapy",
        routes: [{ path: "/subscription", Component: () => <p>plans</p> }],
      });
      act(() => openSubscriptionOffer("unlock"));
      await userEvent.click(await screen.findByRole("link", { name: "See all plans" }));
      expect(router.state.location.pathname).toBe("/subscription");
      expect(useSubscriptionOffer.getState()).toEqual(CLOSED);
    });
  });
});
