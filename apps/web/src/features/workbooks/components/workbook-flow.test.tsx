import type { WorkbookEntry } from "@serene/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi, renderPage, validation } from "../../../test/render";
import { ENTRY, WORKBOOK } from "../test/fixtures";
import { WorkbookFlow } from "./workbook-flow";

const KEY = "workbook-progress:member-1:6";

function renderFlow(onSaved: (entry: WorkbookEntry) => void = () => {}) {
  return renderPage(() => <WorkbookFlow workbook={WORKBOOK} memberId="member-1" onSaved={onSaved} />, { at: "/workbooks/workbook/6" });
}

const progress = () => screen.getByRole("progressbar", { name: "Progress" });
const next = () => userEvent.click(screen.getByRole("button", { name: /^(Next|Continue|Save my answers)$/ }));
const heading = () => screen.getByRole("heading", { level: 2 }).textContent;

describe("a workbook, one question at a time (spec 001 section 4)", () => {
  it("starts with the instruction and Continue, with progress (index + 1) / n over every question", async () => {
    renderFlow();
    expect(heading()).toBe("Find a quiet moment. There are no wrong answers.");
    expect(screen.getByText("Question 1 of 6")).toBeTruthy();
    expect(progress().getAttribute("value")).toBe("1");
    expect(progress().getAttribute("max")).toBe("6");
    expect((screen.getByRole("button", { name: "Back" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(heading()).toBe("What would you like to look at today?");
    expect(screen.getByText("Question 2 of 6")).toBeTruthy();
  });

  it("holds Next with a kind message while a required answer is missing", async () => {
    renderFlow();
    await next();
    await next();
    expect(screen.getByRole("alert").textContent).toBe("Choose at least one answer to go on.");
    expect(heading()).toBe("What would you like to look at today?");
    await userEvent.click(screen.getByRole("checkbox", { name: "Work" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks only the questions of the chosen groups, case-insensitively, and recounts the progress", async () => {
    renderFlow();
    await next();
    await userEvent.click(screen.getByRole("checkbox", { name: "Work" }));
    // Choosing the groups recounts: the instruction, the group question and the two questions of "work".
    expect(screen.getByText("Question 2 of 4")).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "Sleep" }));
    expect(screen.getByText("Question 2 of 6")).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "Work" }));
    expect(screen.getByText("Question 2 of 4")).toBeTruthy();
    await next();
    // "Sleep" chose the questions grouped "sleep" and "Sleep".
    expect(heading()).toBe("How did you sleep last night?");
    expect(progress().getAttribute("value")).toBe("3");
  });

  it("draws every field kind: checkbox cards, radio cards, a list of lines, a textarea with a counter and a slider", async () => {
    renderFlow();
    await next();
    await userEvent.click(screen.getByRole("checkbox", { name: "Sleep" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Work" }));
    await next();

    // select: radio cards
    const radios = within(screen.getByRole("radiogroup", { name: "How did you sleep last night?" })).getAllByRole("radio");
    expect(radios).toHaveLength(2);
    await userEvent.click(screen.getByRole("radio", { name: "Poorly" }));
    expect((screen.getByRole("radio", { name: "Poorly" }) as HTMLInputElement).checked).toBe(true);
    await next();

    // multi text: add and remove lines
    expect(heading()).toBe("Name the thoughts that came up at work.");
    await userEvent.type(screen.getByRole("textbox", { name: "Answer 1" }), "I am behind");
    await userEvent.click(screen.getByRole("button", { name: "Add another" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Answer 2" }), "Nobody noticed");
    await userEvent.click(screen.getByRole("button", { name: "Add another" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Answer 3" }), "They noticed");
    await userEvent.click(screen.getByRole("button", { name: "Remove answer 2" }));
    expect(screen.getAllByRole("textbox").map((input) => (input as HTMLInputElement).value)).toEqual(["I am behind", "They noticed"]);
    await next();

    // text: a textarea with its counter
    const area = screen.getByRole("textbox", { name: "What would you say to a friend who had them?" });
    expect(area.tagName).toBe("TEXTAREA");
    await userEvent.type(area, "Go gently.");
    expect(screen.getByText("10 / 500")).toBeTruthy();
    await next();

    // range: a slider with its value and both ends' words
    const slider = screen.getByRole("slider", { name: "How rested do you feel now?" });
    expect(screen.getByText("0 · Not at all")).toBeTruthy();
    expect(screen.getByText("10 · Fully rested")).toBeTruthy();
    expect((slider as HTMLInputElement).value).toBe("5");
    fireEvent.change(slider, { target: { value: "8" } });
    expect(screen.getByRole("status").textContent).toBe("8 of 10");
    expect(screen.getByRole("button", { name: "Save my answers" })).toBeTruthy();
  });

  it("goes back a question with Back", async () => {
    renderFlow();
    await next();
    await userEvent.click(screen.getByRole("checkbox", { name: "Work" }));
    await next();
    expect(heading()).toBe("Name the thoughts that came up at work.");
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(heading()).toBe("What would you like to look at today?");
    expect((screen.getByRole("checkbox", { name: "Work" }) as HTMLInputElement).checked).toBe(true);
  });

  it("keeps the answers on this device so a reload resumes, and Reset (after asking) clears index, groups and answers", async () => {
    const first = renderFlow();
    await next();
    await userEvent.click(screen.getByRole("checkbox", { name: "Work" }));
    await next();
    await userEvent.type(screen.getByRole("textbox", { name: "Answer 1" }), "I am behind");
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? "{}")).toEqual({ index: 2, answers: { q1: ["Work"], q3: ["I am behind"] } });
    first.unmount();

    renderFlow();
    expect(heading()).toBe("Name the thoughts that came up at work.");
    expect((screen.getByRole("textbox", { name: "Answer 1" }) as HTMLInputElement).value).toBe("I am behind");
    expect(screen.getByText("Question 3 of 4")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Reset" }));
    const dialog = screen.getByRole("dialog", { name: "Are you sure?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep my answers" }));
    expect(heading()).toBe("Name the thoughts that came up at work.");

    await userEvent.click(screen.getByRole("button", { name: "Reset" }));
    await userEvent.click(within(screen.getByRole("dialog", { name: "Are you sure?" })).getByRole("button", { name: "Start over" }));
    expect(heading()).toBe("Find a quiet moment. There are no wrong answers.");
    expect(screen.getByText("Question 1 of 6")).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? "{}")).toEqual({ index: 0, answers: {} });
  });

  it("ignores kept progress it cannot read", () => {
    window.localStorage.setItem(KEY, "{not json");
    renderFlow();
    expect(screen.getByText("Question 1 of 6")).toBeTruthy();
  });

  it("sends the asked questions' answers, forgets the kept progress and goes on", async () => {
    const onSaved = vi.fn();
    const { named } = mockApi({ "POST user/workbook": [201, { data: ENTRY }] });
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ index: 4, answers: { q1: ["Work"], q2: "well", q3: ["I am behind", "  ", " They noticed "], q4: " Go gently. " } }),
    );
    renderFlow(onSaved);
    expect(heading()).toBe("What would you say to a friend who had them?");
    await next();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(ENTRY));
    // q2 belongs to a group not chosen, so it is left out; lines are trimmed and blank ones dropped.
    expect(named("POST user/workbook")[0]?.body).toEqual({
      workbook_id: 6,
      answers: { q1: ["Work"], q3: ["I am behind", "They noticed"], q4: "Go gently." },
    });
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("sends an untouched slider's shown value", async () => {
    const { named } = mockApi({ "POST user/workbook": [201, { data: ENTRY }] });
    window.localStorage.setItem(KEY, JSON.stringify({ index: 3, answers: { q1: ["Sleep"], q2: "well" } }));
    renderFlow();
    expect(heading()).toBe("How rested do you feel now?");
    await next();
    await waitFor(() => expect(named("POST user/workbook")).toHaveLength(1));
    expect(named("POST user/workbook")[0]?.body).toEqual({ workbook_id: 6, answers: { q1: ["Sleep"], q2: "well", q5: 5 } });
  });

  it("opens the question the server found a problem in and shows its message there", async () => {
    const onSaved = vi.fn();
    mockApi({ "POST user/workbook": validation({ "answers.q3": ["Each thought must not be greater than 200 characters."] }) });
    window.localStorage.setItem(KEY, JSON.stringify({ index: 3, answers: { q1: ["Work"], q3: ["I am behind"], q4: "Go gently." } }));
    renderFlow(onSaved);
    await next();
    await waitFor(() => expect(heading()).toBe("Name the thoughts that came up at work."));
    expect(screen.getByRole("alert").textContent).toBe("Each thought must not be greater than 200 characters.");
    expect(onSaved).not.toHaveBeenCalled();
    // The answers are still kept for another try.
    expect(window.localStorage.getItem(KEY)).not.toBeNull();
  });

  it("says kindly that nothing was lost when saving fails", async () => {
    mockApi({ "POST user/workbook": [503, { message: "Service Unavailable" }] });
    window.localStorage.setItem(KEY, JSON.stringify({ index: 3, answers: { q1: ["Work"], q3: ["I am behind"], q4: "Go gently." } }));
    renderFlow();
    await next();
    expect((await screen.findByRole("alert")).textContent).toMatch(/kept on this device/);
  });
});
