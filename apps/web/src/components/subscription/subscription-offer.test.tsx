import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { analytics } from "../../lib/analytics";
import { openSubscriptionOffer, useSubscriptionOffer } from "../../lib/subscription-offer";
import { renderPage } from "../../test/render";
import { SubscriptionOffer } from "./subscription-offer";

afterEach(() => useSubscriptionOffer.setState({ open: false, trigger: null }));

describe("subscription offer", () => {
  it("records the pixel event of each trigger", () => {
    const track = vi.spyOn(analytics, "track");
    openSubscriptionOffer("locked");
    openSubscriptionOffer("unlock");
    openSubscriptionOffer("quiz");
    expect(track.mock.calls.map(([name]) => name)).toEqual(["LockedIntent", "BuyIntent", "InformIntent"]);
    expect(useSubscriptionOffer.getState()).toEqual({ open: true, trigger: "quiz" });
  });

  it("opens as a dialog, leads to the plans, and closes", async () => {
    vi.spyOn(analytics, "track").mockImplementation(() => undefined);
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
});
