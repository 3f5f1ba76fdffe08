import type { ContentCard, PlanDay } from "@serene/contracts";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { analytics } from "../../lib/analytics";
import { mockApi, renderPage } from "../../test/render";
import { DynamicResultPage } from "./components/dynamic-result-page";
import { QuizResultsPage } from "./components/quiz-results-page";

const TESTIMONIALS = [{ id: "a", name: "Ana", detail: "Member for 2 months", comment: "Calmer evenings." }];
const Results = () => <QuizResultsPage testimonials={TESTIMONIALS} />;

const GOALS = [
  {
    goal: "REDUCE_STRESS",
    title: "Calmer days, one breath at a time",
    subtitle: "Short practices.",
    question: "?",
    answer_key: "stress",
    model_key: "m",
  },
  {
    goal: "SLEEP_BETTER",
    title: "Softer nights",
    subtitle: "Wind down gently.",
    question: "?",
    answer_key: "sleep_habits",
    model_key: "m",
  },
];
const quiz = (slug: string) => ({
  data: { id: 1, slug, type: "onboarding", title: "T", intro: "I", is_custom: false, total: 1, steps: [], goals: GOALS },
});
const card = (id: number, name: string): ContentCard => ({
  id,
  model: "meditation-sleep",
  name,
  cover: "/media/cover.jpg",
  type: "Meditations",
  duration: 10,
  amount_lessons: null,
  free: false,
  favorite: false,
});
const WEEK: PlanDay[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, content: [card(day, `Session ${day}`)] }));

const keep = (slug: string, answers: Record<string, unknown>, form: Record<string, unknown> = {}) => {
  window.localStorage.setItem("quiz-form", JSON.stringify({ slug, isQuizCompleted: true, ...form }));
  window.localStorage.setItem(`quiz-answers:${slug}`, JSON.stringify({ answers, step: 3 }));
};

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/quiz-results", () => {
  it("shows the result from the answers kept on this device: copy, outcome percentage, first week and Get My Plan", async () => {
    keep("onboarding", { goal: "REDUCE_STRESS", age: "30s", tension: 70 }, { funnel: "vsl-calm" });
    const api = mockApi({
      "GET quiz/web/onboarding": [200, quiz("onboarding")],
      "GET quiz/first-week": [200, { data: { goal: "REDUCE_STRESS", days: WEEK } }],
    });
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    renderPage(Results, { at: "/quiz-results", strict: true });

    expect(await screen.findByRole("heading", { level: 1, name: "Calmer days, one breath at a time" })).toBeTruthy();
    expect(screen.getByTestId("outcome-percentage").textContent).toBe("91%");
    expect(screen.getByText("of people with this goal who reported progress")).toBeTruthy();
    expect(await screen.findByText("Session 7")).toBeTruthy();
    expect(api.named("GET quiz/first-week")[0]!.query.get("goal")).toBe("REDUCE_STRESS");
    for (const link of screen.getAllByRole("link", { name: "Get My Plan" }))
      expect(link.getAttribute("href")).toBe("/subscription?action=quiz");
    expect(screen.getByText("Calmer evenings.")).toBeTruthy();
    // Once, even in strict mode, with the funnel of the quiz form.
    expect(track.mock.calls.filter(([name]) => name === "quiz_results_view")).toEqual([
      ["quiz_results_view", { funnel: "vsl-calm", quiz: "onboarding" }],
    ]);
    // No lead and no member: nothing else was asked for.
    expect([...new Set(api.calls.map((call) => call.path))].sort()).toEqual(["quiz/first-week", "quiz/web/onboarding"]);
  });

  it("keeps a plain title and the result when the copy and the first week cannot be loaded", async () => {
    keep("onboarding", { goal: "SLEEP_BETTER" });
    mockApi({});
    renderPage(Results, { at: "/quiz-results" });
    expect(await screen.findByRole("heading", { level: 1, name: "Your personal plan is ready" })).toBeTruthy();
    expect(screen.getByTestId("outcome-percentage").textContent).toBe("90%");
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Your first week" })).toBeNull());
  });

  it("reads the lead of the e-mailed link when this device has no answers", async () => {
    const lead = { id: "lead-1", quiz_slug: "onboarding", goal: "SLEEP_BETTER", outcome_percentage: 90, answers: { goal: "SLEEP_BETTER" } };
    mockApi({ "GET lead/lead-1": [200, { data: lead }], "GET quiz/web/onboarding": [200, quiz("onboarding")] });
    renderPage(Results, { at: "/quiz-results?lead=lead-1" });
    expect(await screen.findByRole("heading", { level: 1, name: "Softer nights" })).toBeTruthy();
    expect(screen.getByTestId("outcome-percentage").textContent).toBe("90%");
  });

  it("uses a signed-in member's goal without answers or a lead", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "GET user": [200, { id: "u", name: "N", email: "e", goal: "INCREASE_ENERGY" }], "GET quiz": [200, quiz("onboarding")] });
    renderPage(Results, { at: "/quiz-results" });
    expect(await screen.findByTestId("outcome-percentage")).toBeTruthy();
    expect(screen.getByTestId("outcome-percentage").textContent).toBe("87%");
  });

  it("invites to take the quiz when there is nothing to show", async () => {
    const api = mockApi({});
    renderPage(Results, { at: "/quiz-results?lead=unknown" });
    expect(await screen.findByRole("heading", { level: 1, name: "Your result will appear here" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Take the quiz" }).getAttribute("href")).toBe("/quiz");
    expect(api.named("GET user")).toHaveLength(0);
  });

  it("reads broken stored answers as none", async () => {
    window.localStorage.setItem("quiz-form", JSON.stringify({ slug: "onboarding" }));
    window.localStorage.setItem("quiz-answers:onboarding", "{not json");
    mockApi({});
    renderPage(Results, { at: "/quiz-results" });
    expect(await screen.findByRole("link", { name: "Take the quiz" })).toBeTruthy();
  });
});

const BUILDER = {
  data: {
    id: 2,
    slug: "calm-check-in",
    type: "Lead Quiz",
    checkout_id: 1,
    goals: GOALS,
    result: {
      bands: [
        { min: 0, max: 3, title: "You have some steady habits already", copy: "Keep it going.", checkout_id: 1 },
        { min: 4, max: 100, title: "Stress is showing up now and then", copy: "A few minutes a day help.", checkout_id: 5 },
      ],
      fields: [
        {
          key: "breathing",
          kind: "select",
          options: [
            { key: "often", label: "Often", score: 0 },
            { key: "rarely", label: "Rarely", score: 2 },
          ],
        },
        {
          key: "stress",
          kind: "multi select",
          options: [
            { key: "racing", label: "Racing thoughts", score: 2 },
            { key: "tight", label: "A tight body", score: 1 },
          ],
        },
      ],
    },
  },
};
const Dynamic = () => <DynamicResultPage slug="calm-check-in" testimonials={TESTIMONIALS} />;

describe("/quiz-dynamic-results/{slug}", () => {
  it("shows the band the answers' score falls in, and its checkout with the dynamic flag", async () => {
    keep("calm-check-in", { goal: "REDUCE_STRESS", breathing: "rarely", stress: ["racing", "tight"] }, { isCustomQuiz: true });
    mockApi({ "GET quiz-builder/calm-check-in": [200, BUILDER] });
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    renderPage(Dynamic, { at: "/quiz-dynamic-results/calm-check-in", strict: true });
    // 2 + 2 + 1 = 5: the second band.
    expect((await screen.findByTestId("band-title")).textContent).toBe("Stress is showing up now and then");
    expect(screen.getByText("A few minutes a day help.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Get My Plan" }).getAttribute("href")).toBe("/subscription/5?dynamic=1&action=quiz");
    expect(track.mock.calls.filter(([name]) => name === "quiz_results_view")).toEqual([
      ["quiz_results_view", { funnel: "calm-check-in", quiz: "calm-check-in" }],
    ]);
  });

  it("shows the first band for answers that score nothing", async () => {
    keep("calm-check-in", { breathing: "often" }, { isCustomQuiz: true });
    mockApi({ "GET quiz-builder/calm-check-in": [200, BUILDER] });
    renderPage(Dynamic, { at: "/quiz-dynamic-results/calm-check-in" });
    expect((await screen.findByTestId("band-title")).textContent).toBe("You have some steady habits already");
    expect(screen.getByRole("link", { name: "Get My Plan" }).getAttribute("href")).toBe("/subscription/1?dynamic=1&action=quiz");
  });

  it("reads the answers of the lead the e-mailed link names when this device has none", async () => {
    const lead = { id: "lead-2", quiz_slug: "calm-check-in", goal: "REDUCE_STRESS", answers: { breathing: "rarely", stress: ["racing"] } };
    mockApi({ "GET lead/lead-2": [200, { data: lead }], "GET quiz-builder/calm-check-in": [200, BUILDER] });
    renderPage(Dynamic, { at: "/quiz-dynamic-results/calm-check-in?lead=lead-2" });
    // 2 + 2 = 4: the second band, and its checkout.
    expect((await screen.findByTestId("band-title")).textContent).toBe("Stress is showing up now and then");
    expect(screen.getByRole("link", { name: "Get My Plan" }).getAttribute("href")).toBe("/subscription/5?dynamic=1&action=quiz");
  });

  it("invites to take that quiz when this device has no answers for it", async () => {
    keep("onboarding", { goal: "SLEEP_BETTER" });
    mockApi({ "GET quiz-builder/calm-check-in": [200, BUILDER] });
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    renderPage(Dynamic, { at: "/quiz-dynamic-results/calm-check-in" });
    expect((await screen.findByRole("link", { name: "Take the quiz" })).getAttribute("href")).toBe("/lead-quiz/calm-check-in");
    expect(track).not.toHaveBeenCalledWith("quiz_results_view", expect.anything());
  });

  it("says so for an unknown quiz", async () => {
    keep("calm-check-in", { breathing: "often" });
    mockApi({});
    renderPage(Dynamic, { at: "/quiz-dynamic-results/calm-check-in" });
    expect(await screen.findByRole("heading", { level: 1, name: "We could not find this quiz" })).toBeTruthy();
  });
});
