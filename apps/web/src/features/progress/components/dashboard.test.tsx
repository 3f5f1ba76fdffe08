import type { DayMinutes, SessionStatistics } from "@serene/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useErrorStore } from "../../../lib/error-store";
import { mockApi, renderPage, validation } from "../../../test/render";
import { addDays } from "../model";
import { Dashboard } from "./dashboard";

const TODAY = "2026-11-26";
/** `year_seconds` (365 days ending TODAY) with listening on the given days. */
const yearOf = (days: DayMinutes[]) =>
  Array.from({ length: 365 }, (_, index) => 60 * (days.find((day) => day.date === addDays(TODAY, index - 364))?.minutes ?? 0));
const quote = { data: { quote: "Breathe in the morning, slowly.", author: "A. Gardener", source: "Garden Letters" } };

function stats(overrides: Partial<SessionStatistics> = {}): SessionStatistics {
  return {
    mindful_days: 12,
    total_sessions: 31,
    mindful_minutes: 1_245,
    longest_streak: 6,
    total_streak: 3,
    longest_minute_session: 42,
    time_zone: "Europe/Lisbon",
    today: TODAY,
    last_30_days: Array.from({ length: 30 }, (_, index) => ({
      date: addDays(TODAY, index - 29),
      minutes: index % 3 === 0 ? 10 + index : 0,
    })),
    year_seconds: yearOf([
      { date: "2026-11-20", minutes: 25 },
      { date: TODAY, minutes: 12 },
    ]),
    ...overrides,
  };
}

const empty = () =>
  stats({
    mindful_days: 0,
    total_sessions: 0,
    mindful_minutes: 0,
    longest_streak: 0,
    total_streak: 0,
    longest_minute_session: 0,
    last_30_days: Array.from({ length: 30 }, (_, index) => ({ date: addDays(TODAY, index - 29), minutes: 0 })),
    year_seconds: yearOf([]),
  });

/** A run of four days in the calendar's year. */
const FOUR_DAYS = ["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-04"].map((date) => ({ date, minutes: 10 }));

describe("dashboard", () => {
  it("asks for a random quote and the statistics in the browser's time zone, and shows both", async () => {
    const api = mockApi({ "GET quote": [200, quote], "GET user/sessions": [200, { data: stats() }] });
    renderPage(Dashboard, { at: "/profile/dashboard" });
    expect(await screen.findByText("Breathe in the morning, slowly.")).toBeTruthy();
    expect(screen.getByText("A. Gardener").textContent).toBe("A. Gardener, Garden Letters");
    await screen.findByRole("heading", { name: "My Progress" });
    expect(api.named("GET quote")[0]!.query.get("rand")).toBe("true");
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(api.named("GET user/sessions")[0]!.query.get("tz")).toBe(zone);
  });

  it("shows 'My Progress' and 'My Streaks' with the spec's labels and the mapped figures", async () => {
    mockApi({
      "GET quote": [200, quote],
      "GET user/sessions": [200, { data: stats({ year_seconds: yearOf([...FOUR_DAYS, { date: TODAY, minutes: 12 }]) }) }],
    });
    renderPage(Dashboard, { at: "/profile/dashboard" });
    const progress = (await screen.findByRole("heading", { name: "My Progress" })).closest("section")!;
    const figure = (group: HTMLElement, label: string) => within(group).getByText(label).parentElement!.querySelector("dd")!.textContent;
    expect(figure(progress, "Mindful Days")).toBe("12");
    expect(figure(progress, "Total Sessions")).toBe("31");
    expect(figure(progress, "Mindful Minutes (min)")).toBe("1,245");
    expect(figure(progress, "Longest Streak (days)")).toBe("6");
    const streaks = screen.getByRole("heading", { name: "My Streaks" }).closest("section")!;
    expect(figure(streaks, "Total streak")).toBe("3");
    expect(figure(streaks, "Longest session (min)")).toBe("42");
    // The best run among the calendar's days (decision 034), not a repeat of Total streak.
    expect(figure(streaks, "Current longest streak (days)")).toBe("4");
  });

  it("draws 30 bars with a tooltip each and a table of the same minutes", async () => {
    mockApi({ "GET quote": [200, quote], "GET user/sessions": [200, { data: stats() }] });
    const { container } = renderPage(Dashboard, { at: "/profile/dashboard" });
    const chart = await screen.findByRole("img", { name: /^Minutes per day, last 30 days/ });
    const bars = chart.querySelectorAll("rect");
    expect(bars).toHaveLength(30);
    expect(bars[0]!.getAttribute("data-minutes")).toBe("10");
    expect(bars[0]!.querySelector("title")!.textContent).toMatch(/^Wed,? 28 Oct: 10 min$/);
    expect(bars[1]!.querySelector("title")!.textContent).toMatch(/: no practice$/);
    const table = within(container).getByRole("table", { name: "Minutes per day, last 30 days" });
    expect(within(table).getAllByRole("row")).toHaveLength(31);
    expect(within(table).getByRole("rowheader", { name: /^Thursday,? 26 November 2026$/ })).toBeTruthy();
  });

  it("draws the year with one square per day, today's minutes in its tooltip", async () => {
    mockApi({ "GET quote": [200, quote], "GET user/sessions": [200, { data: stats() }] });
    renderPage(Dashboard, { at: "/profile/dashboard" });
    const calendar = await screen.findByRole("img", { name: /^Practice days from/ });
    expect(calendar.querySelectorAll("rect[data-date]")).toHaveLength(365);
    const today = calendar.querySelector(`rect[data-date="${TODAY}"]`)!;
    expect(today.querySelector("title")!.textContent).toMatch(/^Thursday,? 26 November 2026: 12 min$/);
    expect(today.getAttribute("data-level")).toBe("2");
    expect(screen.getByText("2 days in the last 12 months")).toBeTruthy();
  });

  it("invites a new member to a first session instead of showing zeros", async () => {
    mockApi({ "GET quote": [200, quote], "GET user/sessions": [200, { data: empty() }] });
    renderPage(Dashboard, { at: "/profile/dashboard" });
    expect(await screen.findByRole("heading", { name: "Your practice will grow here" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start a first meditation" }).getAttribute("href")).toBe("/meditation");
    expect(screen.queryByRole("heading", { name: "My Progress" })).toBeNull();
    expect(screen.queryByRole("img", { name: /Minutes per day/ })).toBeNull();
    expect(screen.queryByText("0")).toBeNull();
  });

  it("asks again without the zone when the server does not know it", async () => {
    const api = mockApi({
      "GET quote": [200, quote],
      "GET user/sessions": (call) =>
        call.query.has("tz") ? validation({ tz: ["The tz must be a valid time zone."] }) : [200, { data: stats() }],
    });
    renderPage(Dashboard, { at: "/profile/dashboard" });
    await screen.findByRole("heading", { name: "My Progress" });
    expect(api.named("GET user/sessions").map((call) => call.query.has("tz"))).toEqual([true, false]);
    expect(useErrorStore.getState().message).toBeNull();
  });

  it("offers to try again when the statistics cannot load, and leaves out a quote that cannot", async () => {
    mockApi({ "GET quote": [500, { message: "Server Error" }], "GET user/sessions": [500, { message: "Server Error" }] });
    renderPage(Dashboard, { at: "/profile/dashboard" });
    expect(await screen.findByText("Your progress could not be loaded just now.")).toBeTruthy();
    await waitFor(() => expect(document.querySelector("figure")).toBeNull());
  });
});

describe("naming a day in the pictures", () => {
  it("names the day under the pointer or finger in the card's note, and returns to the summary after", async () => {
    mockApi({ "GET quote": [200, quote], "GET user/sessions": [200, { data: stats() }] });
    renderPage(Dashboard, { at: "/profile/dashboard" });
    const chart = await screen.findByRole("img", { name: /^Minutes per day, last 30 days/ });
    const user = userEvent.setup();
    await user.hover(chart.querySelector(`rect[data-date="${TODAY}"]`)!);
    expect(screen.getByText(/^Thu,? 26 Nov · no practice$/)).toBeTruthy();
    await user.unhover(chart);
    expect(screen.getByText(/^Last 30 days · /)).toBeTruthy();

    const calendar = screen.getByRole("img", { name: /^Practice days from/ });
    await user.hover(calendar.querySelector('rect[data-date="2026-11-20"]')!);
    expect(screen.getByText(/^Fri,? 20 Nov · 25 min$/)).toBeTruthy();
  });
});
