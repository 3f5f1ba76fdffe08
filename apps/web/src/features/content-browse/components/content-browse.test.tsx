import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentCard } from "../../../components/content";
import { analytics } from "../../../lib/analytics";
import { useSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { mockApi, renderPage } from "../../../test/render";
import { untilIdle } from "../../../test/settle";
import { membershipOf, useMembership } from "../hooks/use-membership";
import { ANNUAL_STATUS, FREE_STATUS, TRIAL_STATUS } from "../../../test/account-status";
import { TAGS, card, page, section } from "../test/fixtures";
import { CollectionView } from "./collection-view";
import { LibraryView } from "./library-view";
import { ScreenBrowse } from "./screen-browse";
import { UnlockButton } from "./unlock-button";

afterEach(() => useSubscriptionOffer.setState({ open: false, trigger: null, landing: null }));

function UnlockHere() {
  return <UnlockButton membership={useMembership()} />;
}

describe("the 'Unlock {product}' rule", () => {
  it("shows the button to a member without subscription_via once the status has loaded, and it opens the offer", async () => {
    const track = vi.spyOn(analytics, "track");
    mockApi({ "GET user/account-status": [200, FREE_STATUS] });
    renderPage(UnlockHere, { at: "/home" });
    const button = await screen.findByRole("button", { name: "Unlock Serene" });
    await userEvent.click(button);
    expect(useSubscriptionOffer.getState()).toMatchObject({ open: true, trigger: "unlock" });
    expect(track).toHaveBeenCalledWith("BuyIntent", expect.anything());
  });

  it("hides it from subscribers and while the status is loading", async () => {
    const { calls } = mockApi({ "GET user/account-status": [200, ANNUAL_STATUS] });
    const { queryClient } = renderPage(UnlockHere, { at: "/home" });
    await waitFor(() => expect(calls).toHaveLength(1));
    await untilIdle(queryClient);
    expect(screen.queryByRole("button", { name: /Unlock/ })).toBeNull();

    expect(membershipOf(undefined, true).showUnlock).toBe(false);
    expect(membershipOf(FREE_STATUS, false).showUnlock).toBe(true);
    expect(membershipOf(ANNUAL_STATUS, false)).toMatchObject({ showUnlock: false, subscriber: true });
    expect(membershipOf(TRIAL_STATUS, false).subscriber).toBe(true);
  });
});

describe("content cards", () => {
  it("opens the subscription offer for a locked item instead of navigating, and records LockedIntent", async () => {
    const track = vi.spyOn(analytics, "track");
    const item = card(7, { free: false, name: "Deep Rest", duration: 12 });
    renderPage(() => <ContentCard item={item} locked />, { at: "/meditation" });
    // Named by its visible text in order, with "Locked" heard at the end.
    // jsdom lays nothing out, so it spaces every element apart; Chromium joins the inline pauses (e2e/appearance).
    const button = screen.getByRole("button", {
      name: (name) => name.replace(/\s+([,:])/g, "$1") === "Deep Rest, Meditations, 12 min, Locked",
    });
    expect(button.hasAttribute("aria-label")).toBe(false);
    expect(button.textContent).toBe("Deep Rest,Meditations,12 min,Locked");
    await userEvent.click(button);
    // Bought from here, the member lands on the item they tapped (decision 052).
    expect(useSubscriptionOffer.getState()).toMatchObject({ open: true, trigger: "locked", landing: `/${item.model}/7` });
    expect(track).toHaveBeenCalledWith("LockedIntent", expect.anything());
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("links an open item to /{model}/{id} with its length in sessions", () => {
    const item = card(9, {
      model: "cbt-course",
      name: "Worry Less",
      type: "Cognitive Behavioral Therapy",
      duration: null,
      amount_lessons: 6,
    });
    renderPage(() => <ContentCard item={item} locked={false} />, { at: "/therapy" });
    const link = screen.getByRole("link", { name: /Worry Less/ });
    expect(link.getAttribute("href")).toBe("/cbt-course/9");
    expect(within(link).getByText("6 sessions")).toBeTruthy();
    expect(useSubscriptionOffer.getState().open).toBe(false);
  });
});

describe("meditation tag chips", () => {
  const meditation = () => <ScreenBrowse screen="meditation" title="Meditation" lead="Breathe." withTags />;

  it("toggles tags as a multi-select, lists what matches, and 'All' clears the selection and reloads", async () => {
    const { named } = mockApi({
      "GET user/account-status": [200, FREE_STATUS],
      "GET screen/meditation": [200, page([section(1, [card(1, { name: "Morning Light" })], { name: "Popular" })])],
      "GET tags": [200, TAGS],
      "GET meditation-sleep": (call) => {
        const tags = call.query.get("tags");
        if (tags === "anxiety") return [200, page([card(2, { name: "Quiet Worry" })])];
        // Every chosen tag counts: items with both first, then those with either.
        if (tags === "anxiety,focus") return [200, page([card(3, { name: "Clear Mind" }), card(2, { name: "Quiet Worry" })])];
        return [200, page([])];
      },
    });
    renderPage(meditation, { at: "/meditation" });
    await screen.findByRole("heading", { name: "Popular" });
    const all = await screen.findByRole("button", { name: "All" });
    expect(all.getAttribute("aria-pressed")).toBe("true");

    await userEvent.click(screen.getByRole("button", { name: "Anxiety" }));
    expect(screen.getByRole("button", { name: "Anxiety" }).getAttribute("aria-pressed")).toBe("true");
    expect(all.getAttribute("aria-pressed")).toBe("false");
    await screen.findByRole("link", { name: /Quiet Worry/ });
    expect(named("GET meditation-sleep").at(-1)?.query.get("tags")).toBe("anxiety");

    // Only the tags some meditation carries are offered.
    expect(named("GET tags").map((call) => call.query.get("model"))).toEqual(["meditation-sleep"]);

    await userEvent.click(screen.getByRole("button", { name: "Focus" }));
    await screen.findByRole("link", { name: /Clear Mind/ });
    expect(named("GET meditation-sleep").at(-1)?.query.get("tags")).toBe("anxiety,focus");
    const list = screen.getByRole("list", { name: "Meditations with the chosen tags" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("Clear Mind"), expect.stringContaining("Quiet Worry")]);

    await userEvent.click(screen.getByRole("button", { name: "Anxiety" }));
    expect(screen.getByRole("button", { name: "Anxiety" }).getAttribute("aria-pressed")).toBe("false");

    const screenCalls = named("GET screen/meditation").length;
    await userEvent.click(all);
    expect(all.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Focus" }).getAttribute("aria-pressed")).toBe("false");
    await screen.findByRole("heading", { name: "Popular" });
    await waitFor(() => expect(named("GET screen/meditation").length).toBe(screenCalls + 1));
  });

  it("links each section's 'See all' to its collection", async () => {
    mockApi({
      "GET user/account-status": [200, FREE_STATUS],
      "GET screen/sleep": [200, page([section(4, [card(1)], { name: "Drift Off", collection_id: 12 })])],
    });
    renderPage(() => <ScreenBrowse screen="sleep" title="Sleep" lead="Rest." />, { at: "/sleep" });
    const link = await screen.findByRole("link", { name: "See all: Drift Off" });
    expect(link.getAttribute("href")).toBe("/collection/12");
    expect(screen.queryByRole("button", { name: "All" })).toBeNull();
  });
});

describe("collections", () => {
  const collection = {
    data: {
      id: 3,
      name: "Evening Calm",
      description: "Wind down.",
      content: [card(1, { name: "Open One" }), card(2, { name: "Closed One", free: false })],
    },
  };

  it("shows a free member the same items as the shelf on home, the locked ones locked", async () => {
    mockApi({ "GET user/account-status": [200, FREE_STATUS], "GET collection/3": [200, collection] });
    renderPage(() => <CollectionView id="3" />, { at: "/collection/3" });
    await screen.findByRole("heading", { name: "Evening Calm" });
    expect(screen.getByRole("link", { name: /Open One/ }).getAttribute("href")).toBe("/meditation-sleep/1");
    const grid = screen.getByRole("list", { name: "Evening Calm" });
    expect(
      within(grid)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("Open One"), expect.stringContaining("Closed One")]);
    expect(screen.getByRole("button", { name: /Closed One.*Locked$/ })).toBeTruthy();
  });

  it("shows everything to a subscriber", async () => {
    mockApi({ "GET user/account-status": [200, ANNUAL_STATUS], "GET collection/3": [200, collection] });
    renderPage(() => <CollectionView id="3" />, { at: "/collection/3" });
    expect(await screen.findByRole("link", { name: /Closed One/ })).toBeTruthy();
  });

  it("answers an unknown collection kindly", async () => {
    mockApi({ "GET user/account-status": [200, FREE_STATUS], "GET collection/999": [404, { message: "Not found." }] });
    renderPage(() => <CollectionView id="999" />, { at: "/collection/999" });
    expect(await screen.findByRole("heading", { name: "Collection not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/home");
  });
});

describe("library", () => {
  it("says 'You not have items.' for each empty list", async () => {
    mockApi({
      "GET user/account-status": [200, FREE_STATUS],
      "GET recently-played": [200, { data: [] }],
      "GET recommendation": [200, { data: [card(5, { free: false })] }],
      "GET favorite": [200, { data: [] }],
    });
    renderPage(LibraryView, { at: "/profile/library" });
    await waitFor(() => expect(screen.getAllByText("You not have items.")).toHaveLength(3));
    expect(screen.getByRole("heading", { name: "Recently Played" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Recommendation" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Favorite" })).toBeTruthy();
  });

  it("shows the free items with name, type and duration", async () => {
    mockApi({
      "GET user/account-status": [200, FREE_STATUS],
      "GET recently-played": [200, { data: [card(5, { name: "Ocean Breath", duration: 8 })] }],
      "GET recommendation": [200, { data: [] }],
      "GET favorite": [200, { data: [] }],
    });
    renderPage(LibraryView, { at: "/profile/library" });
    const link = await screen.findByRole("link", { name: /Ocean Breath/ });
    expect(within(link).getByText("Meditations")).toBeTruthy();
    expect(within(link).getByText("8 min")).toBeTruthy();
    expect(screen.getAllByText("You not have items.")).toHaveLength(2);
  });
});
