import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { analytics } from "../../../lib/analytics";
import { STORAGE_KEYS } from "../../../lib/storage";
import { mockApi, renderPage, validation } from "../../../test/render";
import type { Quiz } from "../api/quiz";
import { QuizFlow } from "./quiz-flow";

const QUIZ: Quiz = {
  id: 1,
  slug: "onboarding",
  type: "onboarding",
  title: "Find what helps you feel better",
  intro: "A few quick questions.",
  is_custom: false,
  total: 5,
  goals: [],
  steps: [
    {
      key: "goal",
      question: "What would you like help with first?",
      field: {
        key: "goal",
        kind: "select",
        options: [
          { key: "REDUCE_STRESS", label: "Reduce Anxiety & Panic" },
          { key: "SLEEP_BETTER", label: "Sleep Better" },
          { key: "INCREASE_ENERGY", label: "Stop Procrastination" },
        ],
      },
    },
    {
      key: "age",
      question: "Which age group are you in?",
      field: {
        key: "age",
        kind: "select",
        options: [
          { key: "20s", label: "18-29" },
          { key: "30s", label: "30-39" },
        ],
      },
    },
    {
      key: "emotions",
      question: "Which feelings have come up for you lately?",
      hint: "Choose any that fit.",
      field: {
        key: "emotions",
        kind: "multi select",
        options: [
          { key: "Stress", label: "Stress" },
          { key: "Sadness", label: "Sadness" },
        ],
      },
    },
    { key: "tension", question: "How much tension do you carry?", field: { key: "tension", kind: "range", default: 50 } },
    { key: "thoughts", question: "Anything you would like to add?", field: { key: "thoughts", kind: "text" } },
  ],
};

const CUSTOM: Quiz = { ...QUIZ, id: 2, slug: "calm-check-in", type: "Lead Quiz", is_custom: true, total: 1, steps: [QUIZ.steps[0]!] };

const LEAD = {
  id: "3f1c8a52-6a3e-4a3b-9c55-5a0d2b7f0c11",
  statistic_id: "stat-42",
  email: "maya@example.com",
  name: "Maya",
  quiz_id: 1,
  quiz_slug: "onboarding",
  answers: {},
  goal: "SLEEP_BETTER",
  outcome_percentage: 90,
  registered: false,
  created_at: "2026-11-25T10:00:00Z",
  updated_at: "2026-11-25T10:00:00Z",
};

const ONBOARDING = { kind: "onboarding" } as const;
const Onboarding = () => <QuizFlow source={ONBOARDING} />;

function renderQuiz(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ "GET quiz": [200, { data: QUIZ }], "POST events": [201, {}], ...extra });
  const view = renderPage(Onboarding, { at: "/quiz" });
  return { api, ...view };
}

const count = () => screen.getByTestId("quiz-count").textContent;
const bar = () => screen.getByRole("progressbar", { name: "Quiz progress" });
const question = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name });

/** Answers the two single choices and the multi select, leaving the person on the slider. */
async function answerToSlider() {
  fireEvent.click(await screen.findByRole("radio", { name: "Sleep Better" }));
  fireEvent.click(await screen.findByRole("radio", { name: "30-39" }));
  fireEvent.click(await screen.findByRole("checkbox", { name: "Stress" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  await question("How much tension do you carry?");
}

describe("quiz flow", () => {
  it("shows 'N of total' and a bar at progress*100/total, moves on with a single choice and goes back", async () => {
    const { api } = renderQuiz();
    await question("What would you like help with first?");
    expect(count()).toBe("1 of 5");
    expect(bar().getAttribute("aria-valuenow")).toBe("20");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();

    fireEvent.click(screen.getByRole("radio", { name: "Sleep Better" }));
    await question("Which age group are you in?");
    expect(count()).toBe("2 of 5");
    expect(bar().getAttribute("aria-valuenow")).toBe("40");

    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await question("What would you like help with first?");
    expect(count()).toBe("1 of 5");
    // The earlier answer is still chosen.
    expect(screen.getByRole("radio", { name: "Sleep Better" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("radio", { name: "Reduce Anxiety & Panic" }).getAttribute("aria-checked")).toBe("false");

    // The quiz was loaded once; no call waits between the steps.
    expect(api.named("GET quiz")).toHaveLength(1);
    expect(api.calls.filter((call) => call.path !== "events" && call.path !== "quiz")).toEqual([]);
  });

  it("needs one choice of a multi select before Continue, and records the view and every step", async () => {
    const track = vi.spyOn(analytics, "track");
    renderQuiz();
    await question("What would you like help with first?");
    expect(track).toHaveBeenCalledWith("quiz_view", { funnel: "onboarding", quiz: "onboarding", total: 5 });
    fireEvent.click(screen.getByRole("radio", { name: "Sleep Better" }));
    fireEvent.click(await screen.findByRole("radio", { name: "30-39" }));
    await question("Which feelings have come up for you lately?");
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Sadness" }));
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await question("How much tension do you carry?");
    expect(track.mock.calls.filter(([name]) => name === "quiz_step").map(([, props]) => props)).toEqual([
      { funnel: "onboarding", quiz: "onboarding", step: 1, key: "goal" },
      { funnel: "onboarding", quiz: "onboarding", step: 2, key: "age" },
      { funnel: "onboarding", quiz: "onboarding", step: 3, key: "emotions" },
    ]);
    expect(track.mock.calls.filter(([name]) => name === "quiz_view")).toHaveLength(1);
  });

  it("starts a slider at 50 with its value shown, and keeps a moved value", async () => {
    renderQuiz();
    await answerToSlider();
    const slider = screen.getByRole("slider");
    expect((slider as HTMLInputElement).value).toBe("50");
    expect(slider.getAttribute("aria-valuetext")).toBe("50 out of 100");
    expect(screen.getByText("50", { selector: "output" })).toBeTruthy();
    fireEvent.change(slider, { target: { value: "72" } });
    expect(screen.getByText("72", { selector: "output" })).toBeTruthy();
    expect(slider.getAttribute("aria-valuetext")).toBe("72 out of 100");
  });

  it("resumes at the same step with the same answers after the page is opened again", async () => {
    const first = renderQuiz();
    await answerToSlider();
    fireEvent.change(screen.getByRole("slider"), { target: { value: "64" } });
    first.unmount();

    renderQuiz();
    await question("How much tension do you carry?");
    expect(count()).toBe("4 of 5");
    expect((screen.getByRole("slider") as HTMLInputElement).value).toBe("64");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await question("Which feelings have come up for you lately?");
    expect((screen.getByRole("checkbox", { name: "Stress" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Sadness" }) as HTMLInputElement).checked).toBe(false);
    const stored = JSON.parse(window.localStorage.getItem("quiz-progress:onboarding")!) as { step: number; answers: object };
    expect(stored).toEqual({ step: 2, answers: { goal: "SLEEP_BETTER", age: "30s", emotions: ["Stress"], tension: 64 } });
  });

  it("works from the keyboard: arrows move between choices, Enter chooses, the next question's heading takes the focus", async () => {
    const user = userEvent.setup();
    renderQuiz();
    await question("What would you like help with first?");
    // The product's name in the header, then the group's one tab stop.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Reduce Anxiety & Panic" }));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Sleep Better" }));
    // Moving the focus chooses nothing yet.
    expect(count()).toBe("1 of 5");
    expect(screen.getByRole("radio", { name: "Sleep Better" }).getAttribute("aria-checked")).toBe("false");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Stop Procrastination" }));
    await user.keyboard("{Home}{ArrowDown}{Enter}");
    const age = await question("Which age group are you in?");
    await waitFor(() => expect(document.activeElement).toBe(age));

    // One tab stop per group: Tab from the heading reaches the first choice, then leaves the group.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "18-29" }));
    await user.keyboard(" ");
    const feelings = await question("Which feelings have come up for you lately?");
    await waitFor(() => expect(document.activeElement).toBe(feelings));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Stress" }));
    await user.keyboard(" ");
    expect((screen.getByRole("checkbox", { name: "Stress" }) as HTMLInputElement).checked).toBe(true);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Continue" }));
    await user.keyboard("{Enter}");
    const tension = await question("How much tension do you carry?");
    await waitFor(() => expect(document.activeElement).toBe(tension));
    expect(JSON.parse(window.localStorage.getItem("quiz-progress:onboarding")!)).toMatchObject({
      answers: { goal: "SLEEP_BETTER", age: "20s", emotions: ["Stress"] },
    });
  });

  it("ends with the e-mail step for a visitor: POST /lead with the answers, then the inbox and a password as the other way", async () => {
    const track = vi.spyOn(analytics, "track");
    const { api } = renderQuiz({ "POST lead": [201, { data: LEAD }] });
    await answerToSlider();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await question("Anything you would like to add?");
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "  Evenings are hard.  " } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));

    await question("Where should we send your results?");
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("type")).toBe("email");
    expect(screen.getByRole("link", { name: /how we look after your data/i }).getAttribute("href")).toBe("/privacy-policy");
    fireEvent.change(email, { target: { value: "maya@example.com" } });
    fireEvent.change(screen.getByLabelText("First name (optional)"), { target: { value: "Maya" } });
    fireEvent.click(screen.getByRole("button", { name: "Send my results" }));

    await question("Check your inbox");
    expect(api.named("POST lead")[0]!.body).toEqual({
      email: "maya@example.com",
      name: "Maya",
      quiz: "onboarding",
      // The slider left alone is sent at its 50.
      answers: { goal: "SLEEP_BETTER", age: "30s", emotions: ["Stress"], tension: 50, thoughts: "Evenings are hard." },
    });
    expect(screen.getByText("maya@example.com")).toBeTruthy();
    // A plain sign-up: the lead's own account opens only from the link in its inbox (decision 050).
    expect(screen.getByRole("link", { name: "Create a password instead" }).getAttribute("href")).toBe("/registration");
    expect(window.localStorage.getItem(STORAGE_KEYS.quizFlag)).toBe("onboarding");
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.quizForm)!)).toEqual({
      email: "maya@example.com",
      isQuizCompleted: true,
      slug: "onboarding",
      isCustomQuiz: false,
      funnel: "onboarding",
      lead: LEAD.id,
    });
    expect(JSON.parse(window.localStorage.getItem("quiz-answers:onboarding")!)).toMatchObject({
      step: 5,
      answers: { goal: "SLEEP_BETTER" },
    });
    expect(track).toHaveBeenCalledWith("quiz_email", { funnel: "onboarding", quiz: "onboarding" });
    // Nothing went to POST /quiz: the lead keeps the answers.
    expect(api.named("POST quiz")).toHaveLength(0);
  });

  it("shows the inbox again after a reload, and starts over on request", async () => {
    window.localStorage.setItem("quiz-progress:onboarding", JSON.stringify({ step: 5, answers: { goal: "SLEEP_BETTER" } }));
    const first = renderQuiz({ "POST lead": [201, { data: LEAD }] });
    fireEvent.change(await screen.findByLabelText("E-mail"), { target: { value: "maya@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send my results" }));
    await question("Check your inbox");
    first.unmount();

    renderQuiz();
    await question("Check your inbox");
    expect(screen.queryByLabelText("E-mail")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Take the quiz again" }));
    await question("What would you like help with first?");
    expect(count()).toBe("1 of 5");
    expect(window.localStorage.getItem("quiz-progress:onboarding")).toBeNull();
  });

  it("keeps the person's input and explains kindly when the e-mail is refused or the call fails", async () => {
    let reply: ReturnType<typeof validation> = validation({ email: ["The email field must be a valid email address."] });
    window.localStorage.setItem("quiz-progress:onboarding", JSON.stringify({ step: 5, answers: { goal: "SLEEP_BETTER" } }));
    renderQuiz({ "POST lead": () => reply });
    const email = await screen.findByLabelText("E-mail");

    // A plain check first, without a call.
    fireEvent.click(screen.getByRole("button", { name: "Send my results" }));
    expect(await screen.findByText("Please enter your e-mail address.")).toBeTruthy();

    fireEvent.change(email, { target: { value: "maya@example.co" } });
    fireEvent.click(screen.getByRole("button", { name: "Send my results" }));
    expect(await screen.findByText("The email field must be a valid email address.")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");

    reply = [404, { message: "Not found." }];
    fireEvent.click(screen.getByRole("button", { name: "Send my results" }));
    expect(await screen.findByText(/We could not send your results just now/)).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe("maya@example.co");
    expect(screen.queryByRole("heading", { name: "Check your inbox" })).toBeNull();
  });

  it("sends a signed-in member's answers to POST /quiz with their token and opens their results", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, "member-token");
    window.localStorage.setItem("quiz-progress:onboarding", JSON.stringify({ step: 4, answers: { goal: "SLEEP_BETTER", tension: 30 } }));
    const { api } = renderQuiz({ "POST quiz": [201, { data: { id: "a1" } }] });
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/quiz-results");
    const [call] = api.named("POST quiz");
    expect(call!.headers.Authorization).toBe("Bearer member-token");
    expect(call!.body).toEqual({ quiz: "onboarding", answers: { goal: "SLEEP_BETTER", tension: 30 }, isQuizCompleted: true });
    expect(api.named("POST lead")).toHaveLength(0);
    expect(window.localStorage.getItem("quiz-progress:onboarding")).toBeNull();
    expect(screen.queryByLabelText("E-mail")).toBeNull();
  });

  it("opens a custom quiz by its slug and sends a member to its dynamic results", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, "member-token");
    const api = mockApi({
      "GET quiz/web/calm-check-in": [200, { data: CUSTOM }],
      "GET quiz-builder/calm-check-in": [
        200,
        {
          data: {
            id: 2,
            slug: "calm-check-in",
            type: "Lead Quiz",
            checkout_id: 1,
            goals: [
              { goal: "SLEEP_BETTER", title: "Evenings that wind down", subtitle: "s", question: "q", answer_key: "a", model_key: "m" },
            ],
            result: { bands: [] },
          },
        },
      ],
      "POST quiz": [201, { data: { id: "a2" } }],
      "POST events": [201, {}],
    });
    const Custom = () => <QuizFlow source={{ kind: "custom", slug: "calm-check-in" }} />;
    renderPage(Custom, { at: "/lead-quiz/calm-check-in", path: "/lead-quiz/:slug" });
    fireEvent.click(await screen.findByRole("radio", { name: "Sleep Better" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/quiz-dynamic-results/calm-check-in");
    expect(api.named("POST quiz")[0]!.body).toMatchObject({ quiz: "calm-check-in", answers: { goal: "SLEEP_BETTER" } });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.quizForm)!)).toMatchObject({ slug: "calm-check-in", isCustomQuiz: true });
  });

  it("asks a visitor of a custom quiz for the e-mail too, with the per-goal copy of the goal they chose", async () => {
    const api = mockApi({
      "GET quiz/web/calm-check-in": [200, { data: CUSTOM }],
      "GET quiz-builder/calm-check-in": [
        200,
        {
          data: {
            id: 2,
            slug: "calm-check-in",
            type: "Lead Quiz",
            checkout_id: 1,
            goals: [
              {
                goal: "SLEEP_BETTER",
                title: "Evenings that wind down",
                subtitle: "Relaxing audio for a calmer bedtime.",
                question: "q",
                answer_key: "sleep_habits",
                model_key: "sleep_habits",
              },
            ],
            result: { bands: [] },
          },
        },
      ],
      "POST lead": [201, { data: { ...LEAD, quiz_slug: "calm-check-in" } }],
      "POST events": [201, {}],
    });
    const Custom = () => <QuizFlow source={{ kind: "custom", slug: "calm-check-in" }} />;
    renderPage(Custom, { at: "/lead-quiz/calm-check-in", path: "/lead-quiz/:slug" });
    fireEvent.click(await screen.findByRole("radio", { name: "Sleep Better" }));
    await question("Where should we send your results?");
    expect(screen.getByText("Evenings that wind down")).toBeTruthy();
    expect(screen.getByText(/Relaxing audio for a calmer bedtime/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "maya@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send my results" }));
    await question("Check your inbox");
    expect(api.named("POST lead")[0]!.body).toEqual({
      email: "maya@example.com",
      quiz: "calm-check-in",
      answers: { goal: "SLEEP_BETTER" },
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.quizForm)!)).toMatchObject({
      slug: "calm-check-in",
      isCustomQuiz: true,
      funnel: "calm-check-in",
      lead: LEAD.id,
    });
  });

  it("says kindly that an unknown quiz is not there and links to the main quiz", async () => {
    mockApi({ "GET quiz/web/nope": [404, { message: "Quiz not found." }] });
    const Missing = () => <QuizFlow source={{ kind: "custom", slug: "nope" }} />;
    renderPage(Missing, { at: "/lead-quiz/nope", path: "/lead-quiz/:slug" });
    const heading = await question("We could not find this quiz");
    const card = heading.closest("section")!;
    expect(within(card).getByRole("link", { name: "Take the main quiz" }).getAttribute("href")).toBe("/quiz");
  });
});
