import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { analytics } from "../../../lib/analytics";
import { useSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { mockApi, renderPage } from "../../../test/render";
import { writeProgress } from "../model/progress";
import { workbookCard } from "../test/fixtures";
import { cardState, WorkbookCard } from "./workbook-card";
import { homeWorkbooks, WorkbookGrid, WorkbooksShelf } from "./workbook-grid";

afterEach(() => useSubscriptionOffer.setState({ open: false, trigger: null, placement: null }));

// The tooltip measures its arrow; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const REVIEW_TOOLTIP = 'Workbook "Thought Record" not completed yet';
const DESTROYER_TOOLTIP = 'Workbook "Thought Chain Effect" not completed yet';

const waiting = workbookCard(7, "Thought Record Review", { available: false, locked_reason: REVIEW_TOOLTIP });
const destroyer = workbookCard(10, "Bad Thoughts Destroyer", { available: false, locked_reason: DESTROYER_TOOLTIP });
const completed = workbookCard(6, "Thought Record", { completed: true, latest_entry_id: "entry-42" });
const forSubscribers = workbookCard(3, "Exposure Hierarchy", { free: false, available: false });
const open = workbookCard(1, "General Issues");

const where = () => screen.getByTestId("location").textContent;

describe("a workbook waiting for another (spec 001 section 4)", () => {
  it("shows exactly the spec's tooltip on keyboard focus and has no link", async () => {
    renderPage(() => <WorkbookCard card={waiting} />, { at: "/workbooks" });
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("button", { name: /Thought Record Review/ })).toBeNull();
    await userEvent.tab();
    const tip = await screen.findByRole("tooltip");
    expect(tip.textContent).toBe(REVIEW_TOOLTIP);
  });

  it("shows the tooltip on a tap or click and goes nowhere", async () => {
    renderPage(() => <WorkbookCard card={destroyer} />, { at: "/workbooks" });
    fireEvent.click(screen.getByText("Bad Thoughts Destroyer"));
    expect((await screen.findByRole("tooltip")).textContent).toBe(DESTROYER_TOOLTIP);
    expect(useSubscriptionOffer.getState().open).toBe(false);
    expect(screen.queryByTestId("location")).toBeNull();
  });
});

describe("workbook cards", () => {
  it("links a completed workbook to the member's latest entry, and 'Fill in again' starts afresh", async () => {
    writeProgress("member-1", "6", { index: 3, answers: { q1: ["Work"] } });
    renderPage(() => <WorkbookCard card={completed} />, { at: "/workbooks" });
    const link = screen.getByRole("link", { name: /Thought Record/ });
    expect(link.getAttribute("href")).toBe("/profile/workbook/entry-42");
    await userEvent.click(
      screen.getByRole("button", { name: (name) => name.replace(/\s+([,:])/g, "$1") === "Fill in again: Thought Record" }),
    );
    expect(where()).toBe("/workbooks/workbook/6");
    expect(window.localStorage.getItem("workbook-progress:member-1:6")).toBeNull();
  });

  it("opens the subscription offer for a workbook the member's plan does not include, recording LockedIntent", async () => {
    const track = vi.spyOn(analytics, "track");
    renderPage(() => <WorkbookCard card={forSubscribers} />, { at: "/workbooks" });
    expect(screen.getByText("For subscribers")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: /Exposure Hierarchy/ }));
    expect(useSubscriptionOffer.getState()).toMatchObject({ open: true, trigger: "locked" });
    expect(track).toHaveBeenCalledWith("LockedIntent", expect.anything());
    expect(screen.queryByTestId("location")).toBeNull();
  });

  it("resets a free, unfinished workbook's kept answers and opens it", async () => {
    writeProgress("member-1", "1", { index: 2, answers: { q1: "x" } });
    writeProgress("member-1", "11", { index: 1, answers: {} });
    renderPage(() => <WorkbookCard card={open} />, { at: "/workbooks" });
    await userEvent.click(screen.getByRole("button", { name: /General Issues/ }));
    expect(where()).toBe("/workbooks/workbook/1");
    expect(window.localStorage.getItem("workbook-progress:member-1:1")).toBeNull();
    // Another workbook's progress is left alone.
    expect(window.localStorage.getItem("workbook-progress:member-1:11")).not.toBeNull();
  });

  it("reads its state in the order the spec gives: waiting first, then completed, subscribers and open", () => {
    expect(cardState(waiting)).toBe("waiting");
    expect(cardState({ ...completed, locked_reason: REVIEW_TOOLTIP })).toBe("waiting");
    expect(cardState(completed)).toBe("completed");
    expect(cardState({ ...completed, latest_entry_id: null })).toBe("open");
    expect(cardState(forSubscribers)).toBe("subscribers");
    expect(cardState(open)).toBe("open");
  });
});

describe("the workbooks list and home's row", () => {
  it("lists every card from GET /workbooks", async () => {
    mockApi({ "GET workbooks": [200, { data: [open, forSubscribers, completed, waiting, destroyer] }] });
    renderPage(WorkbookGrid, { at: "/workbooks" });
    const list = await screen.findByRole("list", { name: "Workbooks" });
    expect(list.querySelectorAll(":scope > li")).toHaveLength(5);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/profile/workbook/entry-42"]);
  });

  it("puts forward on home what the member can start now, then their completed ones, with a link to all", async () => {
    const cards = [waiting, forSubscribers, completed, open, destroyer, workbookCard(2, "Setting Goals")];
    expect(homeWorkbooks(cards, 4).map((card) => card.name)).toEqual([
      "General Issues",
      "Setting Goals",
      "Thought Record",
      "Exposure Hierarchy",
    ]);
    mockApi({ "GET workbooks": [200, { data: cards }] });
    renderPage(() => <WorkbooksShelf />, { at: "/home" });
    await screen.findByRole("heading", { name: "Workbooks" });
    await waitFor(() => expect(screen.getByRole("link", { name: "See all workbooks" }).getAttribute("href")).toBe("/workbooks"));
    await act(async () => {
      await userEvent.click(screen.getByRole("button", { name: /General Issues/ }));
    });
    expect(where()).toBe("/workbooks/workbook/1");
  });

  it("leaves home calm when the workbooks do not load", async () => {
    const { calls } = mockApi({ "GET workbooks": [500, { message: "Server Error" }] });
    const { container } = renderPage(() => <WorkbooksShelf />, { at: "/home" });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector("section")).toBeNull());
  });
});
