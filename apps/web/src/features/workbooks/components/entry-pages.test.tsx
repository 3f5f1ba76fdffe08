import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { mockApi, renderPage } from "../../../test/render";
import { noteContent, noteTitle } from "../model/summary";
import { FREE_STATUS } from "../../../test/account-status";
import { ENTRY, workbookCard } from "../test/fixtures";
import { EntryView } from "./entry-view";
import { WorkbookResult } from "./workbook-result";
import { WorksheetsList } from "./worksheets-list";

const where = () => screen.getByTestId("location").textContent;
const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);
const RECOMMENDED = {
  id: 31,
  model: "meditation-sleep",
  name: "Soft Landing",
  cover: "/media/covers/soft.webp",
  type: "Meditations",
  duration: 8,
  amount_lessons: null,
  free: true,
};
const NOTE = { id: "n-9", title: "", content: "", date: "", created_at: "", updated_at: "" };

describe("the result page", () => {
  it("reads back the entry just saved, recommends a session and saves the summary as a note", async () => {
    const { named } = mockApi({
      "GET workbooks": [200, { data: [] }],
      "GET user/workbook/e-1": [200, { data: ENTRY }],
      "GET recommendation": [200, { data: [RECOMMENDED] }],
      "GET user/account-status": [200, FREE_STATUS],
      "POST user/notes": [201, { data: NOTE }],
    });
    renderPage(() => <WorkbookResult workbookId="6" freshEntryId="e-1" />, { at: "/workbooks/workbook/6/result" });
    expect(await screen.findByRole("heading", { level: 1, name: "Thought Record" })).toBeTruthy();
    expect(screen.getByText("What would you say to a friend who had them?")).toBeTruthy();
    expect(screen.getByText("Go gently.")).toBeTruthy();
    expect(screen.getByText("They noticed")).toBeTruthy();
    const session = await screen.findByRole("link", { name: /Soft Landing/ });
    expect(session.getAttribute("href")).toBe("/meditation-sleep/31");

    await userEvent.click(screen.getByRole("button", { name: "Save as a note" }));
    const link = await screen.findByRole("link", { name: /Open the note/ });
    expect(link.getAttribute("href")).toBe("/profile/notes/n-9");
    expect(named("POST user/notes")[0]?.body).toEqual({ title: "Thought Record, November 20, 2026", content: noteContent(ENTRY) });
    expect(toasts()).toContain("Saved to your notes");
    expect(screen.getByRole("link", { name: "Back to workbooks" }).getAttribute("href")).toBe("/workbooks");
  });

  it("shows the member's latest entry of the workbook when opened without a fresh one", async () => {
    const { named } = mockApi({
      "GET workbooks": [200, { data: [workbookCard(6, "Thought Record", { completed: true, latest_entry_id: "e-1" })] }],
      "GET user/workbook/e-1": [200, { data: ENTRY }],
      "GET recommendation": [200, { data: [] }],
      "GET user/account-status": [200, FREE_STATUS],
    });
    renderPage(() => <WorkbookResult workbookId="6" freshEntryId={null} />, { at: "/workbooks/workbook/6/result" });
    expect(await screen.findByRole("heading", { level: 1, name: "Thought Record" })).toBeTruthy();
    expect(named("GET user/workbook/e-1")).toHaveLength(1);
  });

  it("sends to the workbook when there is no entry to show", async () => {
    mockApi({ "GET workbooks": [200, { data: [workbookCard(6, "Thought Record")] }] });
    renderPage(() => <WorkbookResult workbookId="6" freshEntryId={null} />, { at: "/workbooks/workbook/6/result" });
    await waitFor(() => expect(where()).toBe("/workbooks/workbook/6"));
  });

  it("writes the note from the answers as a person reads them", () => {
    expect(noteTitle(ENTRY)).toBe("Thought Record, November 20, 2026");
    expect(noteContent(ENTRY)).toBe(
      "What would you like to look at today?\nWork\n\nName the thoughts that came up at work.\nI am behind; They noticed\n\nWhat would you say to a friend who had them?\nGo gently.",
    );
  });
});

describe("worksheets", () => {
  const summary = (id: string, name: string, answered: number) => ({
    id,
    workbook_id: 6,
    workbook_name: name,
    created_at: "2026-11-20T10:00:00Z",
    answered,
  });

  it("lists the member's entries with name, date and answered count, each linking to its view", async () => {
    const { named } = mockApi({
      "GET user/workbook": [
        200,
        {
          data: [summary("e-2", "Thought Record", 4), summary("e-1", "General Issues", 1)],
          meta: { current_page: 1, per_page: 20, total: 2, last_page: 1 },
        },
      ],
    });
    renderPage(WorksheetsList, { at: "/profile/worksheets" });
    const rows = await screen.findAllByRole("link");
    expect(rows.map((row) => row.getAttribute("href"))).toEqual(["/profile/workbook/e-2", "/profile/workbook/e-1"]);
    expect(within(rows[0] as HTMLElement).getByText("Thought Record")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("4 answers")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("1 answer")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("November 20, 2026")).toBeTruthy();
    expect(named("GET user/workbook")[0]?.query.get("per_page")).toBe("20");
  });

  it("pages by 20", async () => {
    const { named } = mockApi({
      "GET user/workbook": (call) => [
        200,
        {
          data: [summary(`e-${call.query.get("page")}`, "Thought Record", 2)],
          meta: { current_page: Number(call.query.get("page")), per_page: 20, total: 21, last_page: 2 },
        },
      ],
    });
    renderPage(WorksheetsList, { at: "/profile/worksheets" });
    await screen.findByText("Page 1 of 2");
    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    await screen.findByText("Page 2 of 2");
    expect(named("GET user/workbook").map((call) => call.query.get("page"))).toEqual(["1", "2"]);
  });

  it("invites to the workbooks when there is nothing yet", async () => {
    mockApi({ "GET user/workbook": [200, { data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } }] });
    renderPage(WorksheetsList, { at: "/profile/worksheets" });
    expect((await screen.findByRole("link", { name: "Open the workbooks" })).getAttribute("href")).toBe("/workbooks");
  });
});

describe("one saved entry", () => {
  const cards = { data: [workbookCard(6, "Thought Record", { completed: true, latest_entry_id: "e-1" })] };

  it("shows every answer; delete asks 'Are you sure?', then 'Successfully deleted' and back to the worksheets", async () => {
    const { named } = mockApi({
      "GET user/workbook/e-1": [200, { data: ENTRY }],
      "GET workbooks": [200, cards],
      "DELETE user/workbook/e-1": [200, { message: "Successfully deleted" }],
    });
    renderPage(() => <EntryView id="e-1" />, { at: "/profile/workbook/e-1" });
    expect(await screen.findByRole("heading", { name: "Thought Record" })).toBeTruthy();
    expect(screen.getByText("November 20, 2026")).toBeTruthy();
    expect(screen.getByText("Go gently.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Worksheets/ }).getAttribute("href")).toBe("/profile/worksheets");

    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Are you sure?" });
    expect(named("DELETE user/workbook/e-1")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(where()).toBe("/profile/worksheets"));
    expect(toasts()).toContain("Successfully deleted");
  });

  it("only logs a failed delete, and tells the member kindly the worksheet is still there", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({
      "GET user/workbook/e-1": [200, { data: ENTRY }],
      "GET workbooks": [200, cards],
      "DELETE user/workbook/e-1": [500, { message: "Server Error" }],
    });
    renderPage(() => <EntryView id="e-1" />, { at: "/profile/workbook/e-1" });
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await userEvent.click(within(screen.getByRole("dialog", { name: "Are you sure?" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(toasts()).toEqual(["This worksheet could not be deleted just now. It is still here; please try again later."]);
    expect(screen.getByRole("heading", { name: "Thought Record" })).toBeTruthy();
  });

  it("'Fill in again' starts the workbook afresh", async () => {
    window.localStorage.setItem("workbook-progress:member-1:6", JSON.stringify({ index: 2, answers: {} }));
    mockApi({ "GET user/workbook/e-1": [200, { data: ENTRY }], "GET workbooks": [200, cards] });
    renderPage(() => <EntryView id="e-1" />, { at: "/profile/workbook/e-1" });
    await userEvent.click(await screen.findByRole("button", { name: "Fill in again" }));
    expect(where()).toBe("/workbooks/workbook/6");
    expect(window.localStorage.getItem("workbook-progress:member-1:6")).toBeNull();
  });

  it("says calmly when the entry is not there (another member's id is a 404)", async () => {
    mockApi({ "GET user/workbook/e-404": [404, { message: "Not found." }], "GET workbooks": [200, cards] });
    renderPage(() => <EntryView id="e-404" />, { at: "/profile/workbook/e-404" });
    expect(await screen.findByText("This worksheet could not be found. It may have been deleted.")).toBeTruthy();
  });
});
