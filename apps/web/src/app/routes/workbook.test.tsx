import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { WORKBOOK } from "../../features/workbooks/test/fixtures";
import { useSubscriptionOffer } from "../../lib/buying/subscription-offer";
import { mockApi, renderPage } from "../../test/render";
import WorkbookPage from "./workbook";

afterEach(() => useSubscriptionOffer.setState({ open: false, trigger: null, placement: null }));

const USER = {
  id: "member-7",
  name: "Maya",
  email: "maya@example.com",
  pending_email: null,
  goal: null,
  has_password: true,
  created_at: "2026-01-01T00:00:00Z",
};
const at = { path: "/workbooks/workbook/:id", at: "/workbooks/workbook/6" };

describe("/workbooks/workbook/:id", () => {
  it("opens the workbook where this member left it on this device", async () => {
    window.localStorage.setItem("workbook-progress:member-7:6", JSON.stringify({ index: 1, answers: {} }));
    window.localStorage.setItem("workbook-progress:someone-else:6", JSON.stringify({ index: 3, answers: {} }));
    mockApi({ "GET user": [200, USER], "GET workbook/6": [200, { data: WORKBOOK }] });
    renderPage(WorkbookPage, at);
    expect(await screen.findByRole("heading", { level: 1, name: "Thought Record" })).toBeTruthy();
    expect(screen.getByText("Question 2 of 6")).toBeTruthy();
  });

  it("shows the spec's reason instead of the questions while an earlier workbook is not completed", async () => {
    const reason = 'Workbook "Thought Record" not completed yet';
    mockApi({
      "GET user": [200, USER],
      "GET workbook/6": [200, { data: { ...WORKBOOK, name: "Thought Record Review", available: false, locked_reason: reason } }],
    });
    renderPage(WorkbookPage, at);
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("offers the subscription for a workbook the member's plan does not include", async () => {
    mockApi({ "GET user": [200, USER], "GET workbook/6": [200, { data: { ...WORKBOOK, free: false, available: false } }] });
    renderPage(WorkbookPage, at);
    await userEvent.click(await screen.findByRole("button", { name: "See plans" }));
    expect(useSubscriptionOffer.getState()).toMatchObject({ open: true, trigger: "locked" });
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("says calmly when there is no such workbook", async () => {
    mockApi({ "GET user": [200, USER], "GET workbook/6": [404, { message: "Workbook not found." }] });
    renderPage(WorkbookPage, at);
    await waitFor(() => expect(screen.getByText("This workbook could not be found.")).toBeTruthy());
  });
});
