import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderPage } from "../../../test/render";
import { useMembership } from "../hooks/use-membership";
import { FREE_STATUS } from "../../../test/account-status";
import { card } from "../test/fixtures";
import { ContinueShelf, timeLeft } from "./continue-shelf";

function Shelf() {
  return <ContinueShelf membership={useMembership()} />;
}

describe("home's Continue shelf", () => {
  it("shows what the member left unfinished, latest first, with the time left, each card opening its player", async () => {
    const course = card(40, { name: "Seven Days of Ease", model: "meditation-sleep-course" });
    const single = card(2, { name: "A Ten-Minute Reset" });
    mockApi({
      "GET user/account-status": [200, FREE_STATUS],
      "GET user/continue": [
        200,
        {
          data: [
            { item: course, session_id: 41, position: 240, duration: 600, resume_at: 237 },
            { item: single, session_id: null, position: 570, duration: 600, resume_at: 567 },
          ],
        },
      ],
    });
    renderPage(Shelf, { at: "/home" });
    const region = await screen.findByRole("region", { name: "Continue" });
    const links = region.querySelectorAll("a");
    expect([...links].map((link) => link.getAttribute("href"))).toEqual(["/meditation-sleep-course/40", "/meditation-sleep/2"]);
    expect(region.textContent).toContain("6 min left");
    expect(region.textContent).toContain("Under a minute left");
  });

  it("shows nothing when nothing is unfinished, or when the list cannot be had", async () => {
    const { calls } = mockApi({ "GET user/account-status": [200, FREE_STATUS], "GET user/continue": [200, { data: [] }] });
    renderPage(Shelf, { at: "/home" });
    await waitFor(() => expect(calls.some((call) => call.path.includes("user/continue"))).toBe(true));
    expect(screen.queryByRole("region", { name: "Continue" })).toBeNull();
    expect(timeLeft({ position: 0, duration: 89 })).toBe("1 min left");
  });
});
