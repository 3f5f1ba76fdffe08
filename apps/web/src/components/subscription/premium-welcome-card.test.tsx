import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { markWelcomeDue } from "../../lib/buying/purchase-welcome";
import { mockApi, renderPage } from "../../test/render";
import { PremiumOpens } from "./premium-opens";
import { PremiumWelcomeCard } from "./premium-welcome-card";

const SUMMARY = {
  data: {
    locked_sessions: 12,
    locked_collections: 3,
    types: [
      { type: "Meditations", locked: 7 },
      { type: "Sleepcasts", locked: 1 },
      { type: "Cognitive Behavioral Therapy", locked: 4 },
    ],
  },
};
const BILLING = {
  plan: "Free trial",
  status: "trialing",
  provider: "stripe",
  price: "$59.99",
  billing_period: "year",
  next_charge_at: "2026-12-03T10:00:00Z",
  next_charge_amount: "$59.99",
  access_until: "2026-12-03T10:00:00Z",
  payment_method: "Card •••• 4242",
  can_resume: false,
};
const TRIAL = "Your free trial ends on 3 December 2026. Then $59.99 is charged for the next year, unless you cancel before.";

const welcome = () => screen.queryByRole("region", { name: "Welcome to Serene Premium" });

describe("PremiumOpens", () => {
  it("lists what is open by type, from the server, and when a trial ends with its amount", async () => {
    const api = mockApi({ "GET premium-summary": [200, SUMMARY], "GET user/billing": [200, BILLING] });
    renderPage(PremiumOpens, { at: "/thank-you" });
    const list = await screen.findByRole("list", { name: "Open to you now" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["7 meditations", "1 sleepcast", "4 CBT sessions"]);
    expect(screen.getByText("3 courses and playlists that were partly locked are yours in full.")).toBeTruthy();
    expect((await screen.findByTestId("trial-ends")).textContent).toBe(TRIAL);
    expect(api.named("GET premium-summary")).toHaveLength(1);
  });

  it("says nothing about a trial for a paid plan, and nothing about counts it could not load", async () => {
    mockApi({
      "GET premium-summary": [500, { message: "Server Error" }],
      "GET user/billing": [200, { ...BILLING, plan: "Annual", status: "active" }],
    });
    const { container } = renderPage(PremiumOpens, { at: "/thank-you" });
    await waitFor(() => expect(container.querySelector('[aria-busy="false"]')).not.toBeNull());
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.queryByTestId("trial-ends")).toBeNull();
  });
});

describe("PremiumWelcomeCard", () => {
  it("shows once on the page landed on after an in-app purchase, then never again", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "GET premium-summary": [200, SUMMARY], "GET user/billing": [200, BILLING] });
    markWelcomeDue();
    const first = renderPage(PremiumWelcomeCard, { at: "/home", strict: true });
    const card = welcome()!;
    expect(card).toBeTruthy();
    expect(within(card).getByRole("heading", { level: 2, name: "Welcome to Serene Premium" })).toBeTruthy();
    expect(await within(card).findByText(TRIAL)).toBeTruthy();
    expect(window.localStorage.getItem("welcome-due")).toBeNull();
    first.unmount();

    // A reload: the flag was read, so nothing shows.
    renderPage(PremiumWelcomeCard, { at: "/home" });
    expect(welcome()).toBeNull();
  });

  it("closes with its Close button", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "GET premium-summary": [200, SUMMARY], "GET user/billing": [200, BILLING] });
    markWelcomeDue();
    renderPage(PremiumWelcomeCard, { at: "/meditation" });
    await userEvent.click(within(welcome()!).getByRole("button", { name: "Close" }));
    expect(welcome()).toBeNull();
  });

  it("shows nothing without a purchase, for an old flag, or without a session", () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({});
    renderPage(PremiumWelcomeCard, { at: "/home" }).unmount();
    markWelcomeDue(new Date(Date.now() - 60 * 60_000));
    renderPage(PremiumWelcomeCard, { at: "/home" }).unmount();
    expect(window.localStorage.getItem("welcome-due")).toBeNull();
    window.localStorage.removeItem("t");
    markWelcomeDue();
    renderPage(PremiumWelcomeCard, { at: "/home" });
    expect(welcome()).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
