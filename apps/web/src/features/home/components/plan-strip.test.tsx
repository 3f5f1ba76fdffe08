import type { ContentCard } from "@serene/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { mockApi, renderPage } from "../../../test/render";
import { PLAN_SCROLL_STEP, PlanStrip } from "./plan-strip";

const step = (id: number, free = true): ContentCard => ({
  id,
  model: "meditation-sleep",
  name: `Step item ${id}`,
  cover: `/media/covers/${id}.svg`,
  type: "Meditations",
  duration: 5,
  amount_lessons: null,
  free,
  favorite: false,
});
const STEPS = [1, 2, 3, 4, 5].map((id) => step(id, id === 1));

function screenWidth(small: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: small && query === "(max-width: 991px)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => useSubscriptionOffer.setState({ open: false, trigger: null }));

describe("Personal Plan strip", () => {
  it("shows 'Day N', every step and no 'see all' for a free member, whose steps open the offer", async () => {
    screenWidth(false);
    renderPage(() => <PlanStrip day={4} steps={STEPS} subscriber={false} />, { at: "/home" });
    expect(screen.getByText("Day 4")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /Step item/ })).toHaveLength(5);
    expect(screen.queryByRole("link", { name: "see all" })).toBeNull();
    // Even a free step opens the offer for a member without a subscription (spec 001 "Home").
    await userEvent.click(screen.getByRole("button", { name: /Step item 1/ }));
    expect(useSubscriptionOffer.getState()).toMatchObject({ open: true, trigger: "locked" });
  });

  it("shows only 3 cards at widths up to 991", () => {
    screenWidth(true);
    renderPage(() => <PlanStrip day={1} steps={STEPS} subscriber={false} />, { at: "/home" });
    expect(screen.getAllByRole("button", { name: /Step item/ })).toHaveLength(3);
  });

  it("lets a subscriber follow a step, records the view, and offers 'see all'", async () => {
    screenWidth(false);
    const { named } = mockApi({ "POST user/views": [201, { data: { id: 2, model: "meditation-sleep", at: "2026-01-01T00:00:00Z" } }] });
    renderPage(() => <PlanStrip day={2} steps={STEPS} subscriber />, { at: "/home" });
    expect(screen.getByRole("link", { name: "see all" }).getAttribute("href")).toBe("/personal-plan");
    const link = screen.getByRole("link", { name: /Step item 2/ });
    expect(link.getAttribute("href")).toBe("/meditation-sleep/2");
    await userEvent.click(link);
    await waitFor(() => expect(named("POST user/views")).toHaveLength(1));
    expect(named("POST user/views")[0]?.body).toEqual({ id: 2, model: "meditation-sleep" });
    expect(useSubscriptionOffer.getState().open).toBe(false);
  });

  it("scrolls 500 px per arrow press", async () => {
    expect(PLAN_SCROLL_STEP).toBe(500);
    screenWidth(false);
    // jsdom lays nothing out: give the track a real overflow.
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(1800);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(700);
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    renderPage(() => <PlanStrip day={1} steps={STEPS} subscriber />, { at: "/home" });
    const left = screen.getByRole("button", { name: "Scroll Personal Plan left" });
    const right = screen.getByRole("button", { name: "Scroll Personal Plan right" });
    expect((left as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(right);
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 500 }));
  });
});
