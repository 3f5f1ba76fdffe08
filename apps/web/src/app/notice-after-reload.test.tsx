import type { Package } from "@serene/contracts";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfferPaymentDialog, type OfferPaymentDialogProps } from "../components/subscription/offer-payment";
import { SubscriptionOffer } from "../components/subscription/subscription-offer";
import { Toaster } from "../components/ui/toast";
import { toast, useToastStore } from "../components/ui/toast-store";
import { analytics } from "../lib/analytics";
import { pageLocation } from "../components/ui/toast-after-reload";
import { openSubscriptionOffer, useSubscriptionOffer } from "../lib/buying/subscription-offer";
import { pkg } from "../test/packages";
import { mockApi, renderPage } from "../test/render";
import { NoticeAfterReload } from "./root-layout";

/**
 * 'Successfully subscribed!' after the members' subscription offer (decision 052): the purchase ends in
 * a page load, which empties the page's memory and its toasts with it; the page that loads says it again.
 */
const PACKAGES: Package[] = [pkg(1, 1, 14.99), pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] })];

/** The payment dialog as the app supplies it, standing in for a purchase that succeeded: its toast, then done. */
function PaidDialog(props: OfferPaymentDialogProps) {
  if (!props.open) return null;
  return (
    <div role="dialog" aria-label="Select payment method">
      <button
        type="button"
        onClick={() => {
          toast.success("Successfully subscribed!");
          props.onDone();
        }}
      >
        Pay
      </button>
    </div>
  );
}

/** The page a load opens, as the root layout frames every page: the carried notice and the toasts. */
function loadPage(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NoticeAfterReload />
            <Outlet />
            <Toaster />
          </>
        ),
        children: [{ path: "*", element: <p>The page</p> }],
      },
    ],
    { initialEntries: [at] },
  );
  return render(<RouterProvider router={router} />);
}

afterEach(() => useSubscriptionOffer.setState({ open: false, trigger: null, placement: null, landing: null }));

describe("the toast after the subscription offer's page load", () => {
  it.each([
    ["the page the member was on reloads", null, "/meditation"],
    ["the locked item tapped opens", "/meditation/12", "/meditation/12"],
  ])("stays readable when %s", async (_case, landing, landed) => {
    vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    const reload = vi.spyOn(pageLocation, "reload").mockImplementation(() => undefined);
    const assign = vi.spyOn(pageLocation, "assign").mockImplementation(() => undefined);
    mockApi({ "GET package/web": [200, { data: PACKAGES }] });
    const offer = renderPage(
      () => (
        <OfferPaymentDialog.Provider value={(props) => <PaidDialog {...props} />}>
          <SubscriptionOffer />
        </OfferPaymentDialog.Provider>
      ),
      { at: "/meditation" },
    );
    act(() => openSubscriptionOffer("locked", null, landing));
    await userEvent.click(await screen.findByRole("button", { name: "Get My Plan" }));
    await userEvent.click(screen.getByRole("button", { name: "Pay" }));
    if (landing) expect(assign).toHaveBeenCalledWith(landed);
    else expect(reload).toHaveBeenCalledTimes(1);

    // The load: the old page and every toast in its memory are gone.
    offer.unmount();
    useToastStore.setState({ toasts: [] });
    loadPage(landed);
    expect((await screen.findByRole("status")).textContent).toContain("Successfully subscribed!");

    // Once: the next load says nothing.
    useToastStore.setState({ toasts: [] });
    loadPage(landed);
    await screen.findAllByText("The page");
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
