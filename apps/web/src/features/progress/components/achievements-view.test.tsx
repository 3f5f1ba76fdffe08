import type { Achievement } from "@serene/contracts";
import { ACHIEVEMENTS } from "@serene/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { hasBadgeGlyph } from "../../../components/badges/badge-icon";
import { mockApi, renderPage } from "../../../test/render";
import { AchievementsView, NO_BADGES_YET } from "./achievements-view";

function catalogue(received: Record<string, string> = {}, last?: string): Achievement[] {
  return ACHIEVEMENTS.map((badge) => ({
    ...badge,
    isReceived: badge.machine_name in received,
    isLast: badge.machine_name === last,
    received_at: received[badge.machine_name] ?? null,
  }));
}

describe("achievements", () => {
  it("highlights the latest badge above a grid of all fourteen, received ones in colour", async () => {
    mockApi({
      "GET user/achievements": [
        200,
        { data: catalogue({ add_a_favorite: "2026-11-20T10:00:00Z", note_taker: "2026-11-24T18:30:00Z" }, "note_taker") },
      ],
    });
    renderPage(AchievementsView, { at: "/profile/achievements" });
    const latest = (await screen.findByText("Your latest badge")).closest("section")!;
    expect(within(latest).getByRole("heading", { name: "Note Taker" })).toBeTruthy();
    expect(within(latest).getByText("Received 24 November 2026")).toBeTruthy();

    const grid = screen.getByRole("list");
    const cards = within(grid).getAllByRole("listitem");
    expect(cards).toHaveLength(14);
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual(ACHIEVEMENTS.map((badge) => badge.name));
    const favourite = cards[0]!;
    expect(favourite.getAttribute("data-received")).toBe("true");
    expect(favourite.querySelector("svg")!.getAttribute("data-received")).toBe("true");
    expect(within(favourite).getByText("Received 20 Nov 2026")).toBeTruthy();
    const daily = cards.find((card) => within(card).queryByText("Daily Practice"))!;
    expect(daily.getAttribute("data-received")).toBe("false");
    expect(daily.querySelector("svg")!.getAttribute("data-received")).toBe("false");
    expect(within(daily).getByText("Not yet")).toBeTruthy();
    expect(screen.getByText("2 of 14 received")).toBeTruthy();
    expect(screen.queryByText(NO_BADGES_YET)).toBeNull();
  });

  it("encourages a member with no badge yet, above the grid of outlined ones", async () => {
    mockApi({ "GET user/achievements": [200, { data: catalogue() }] });
    renderPage(AchievementsView, { at: "/profile/achievements" });
    expect(await screen.findByText(NO_BADGES_YET)).toBeTruthy();
    expect(screen.queryByText("Your latest badge")).toBeNull();
    const cards = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(cards.every((card) => card.getAttribute("data-received") === "false")).toBe(true);
    expect(screen.getByText("0 of 14 received")).toBeTruthy();
  });

  it("draws each badge with its own glyph", () => {
    // Every catalogue badge has a glyph of its own (no fallback star).
    expect(ACHIEVEMENTS.filter((badge) => !hasBadgeGlyph(badge.machine_name))).toEqual([]);
  });
});
