import { describe, expect, it } from "vitest";
import { conversionPercent, countFunnels, funnelSteps, type FunnelEvent, type FunnelEventProperties } from "./funnels";

const event = (sessionId: string | null, name: string, properties: FunnelEventProperties = {}, path = "/quiz"): FunnelEvent => ({
  name,
  path,
  sessionId,
  properties,
});
const quiz = (funnel: string, extra: FunnelEventProperties = {}) => ({ funnel, quiz: funnel, ...extra });
const people = (report: ReturnType<typeof countFunnels>[number]) => Object.fromEntries(report.steps.map((step) => [step.key, step.people]));

describe("funnelSteps", () => {
  it("orders a quiz funnel: view, each step, e-mail, results, paywall, checkout, trial or purchase", () => {
    expect(funnelSteps("quiz", 2).map((step) => step.key)).toEqual([
      "view",
      "step:1",
      "step:2",
      "email",
      "results",
      "paywall",
      "checkout",
      "purchase",
    ]);
    expect(funnelSteps("vsl", 1).map((step) => step.key)).toEqual([
      "vsl",
      "view",
      "step:1",
      "email",
      "results",
      "paywall",
      "checkout",
      "purchase",
    ]);
    expect(funnelSteps("coming-soon").map((step) => step.label)).toEqual(["Page viewed", "Signed up"]);
  });
});

describe("conversionPercent", () => {
  it("is the share of the previous step, one decimal; null for the first step or after nobody", () => {
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(3, 3)).toBe(100);
    expect(conversionPercent(0, 4)).toBe(0);
    expect(conversionPercent(1, 0)).toBeNull();
    expect(conversionPercent(5, null)).toBeNull();
  });
});

describe("countFunnels", () => {
  it("counts distinct sessions per step, with the conversion from the step before", () => {
    const events = [
      // a: the whole way, answering step 1 twice (once after going back).
      event("a", "quiz_view", quiz("onboarding", { total: 3 })),
      event("a", "quiz_step", quiz("onboarding", { step: 1, key: "goal" })),
      event("a", "quiz_step", quiz("onboarding", { step: 1, key: "goal" })),
      event("a", "quiz_step", quiz("onboarding", { step: 2, key: "age" })),
      event("a", "quiz_step", quiz("onboarding", { step: 3, key: "day" })),
      event("a", "quiz_email", quiz("onboarding")),
      event("a", "quiz_results_view", quiz("onboarding")),
      event("a", "page_view", {}, "/subscription"),
      event("a", "initiate_checkout", { package_id: "4", value: 0 }, "/subscription"),
      event("a", "start_trial", { package_id: "4" }, "/thank-you"),
      // b: stops after step 1; c: opens it only; a session-less event counts for nobody.
      event("b", "quiz_view", quiz("onboarding", { total: 3 })),
      event("b", "quiz_step", quiz("onboarding", { step: "1", key: "goal" })),
      event("c", "quiz_view", quiz("onboarding", { total: 3 })),
      event(null, "quiz_view", quiz("onboarding", { total: 3 })),
    ];
    const [onboarding] = countFunnels(events);
    expect(onboarding!.funnel).toBe("onboarding");
    expect(onboarding!.kind).toBe("quiz");
    expect(onboarding!.steps.map(({ key, people, conversion }) => [key, people, conversion])).toEqual([
      ["view", 3, null],
      ["step:1", 2, 66.7],
      ["step:2", 1, 50],
      ["step:3", 1, 100],
      ["email", 1, 100],
      ["results", 1, 100],
      ["paywall", 1, 100],
      ["checkout", 1, 100],
      ["purchase", 1, 100],
    ]);
  });

  it("gives paywall, checkout and purchase events to the session's latest funnel, or to the funnel they name", () => {
    const events = [
      event("a", "quiz_view", quiz("onboarding", { total: 1 })),
      event("a", "quiz_view", quiz("calm-check-in", { total: 1 })),
      event("a", "inform_intent", {}, "/quiz-results"),
      event("a", "checkout_start", {}, "/subscription"),
      // No quiz event in this session before it, no funnel named: nobody's.
      event("b", "purchase", { value: 59.99 }, "/thank-you"),
      event("b", "quiz_view", quiz("onboarding", { total: 1 })),
      // Another tab (a new session) that names the funnel from the stored quiz form.
      event("c", "page_view", { funnel: "onboarding" }, "/subscription/7"),
      event("c", "purchase", { funnel: "onboarding" }, "/thank-you"),
      // A page view elsewhere is not the paywall.
      event("b", "page_view", {}, "/home"),
    ];
    const reports = countFunnels(events);
    expect(reports.map((report) => report.funnel)).toEqual(["calm-check-in", "onboarding"]);
    expect(people(reports[0]!)).toMatchObject({ view: 1, paywall: 1, checkout: 1, purchase: 0 });
    expect(people(reports[1]!)).toMatchObject({ view: 2, paywall: 1, checkout: 0, purchase: 1 });
  });

  it("counts a video-sales page and the quiz it leads to, and the coming-soon funnels, each in its own report", () => {
    const events = [
      event("v", "vsl_view", { funnel: "evening-reset", quiz: "sleep-check" }, "/vsl/evening-reset"),
      event("v", "quiz_view", quiz("sleep-check", { total: 2 })),
      event("v", "quiz_step", quiz("sleep-check", { step: 1 })),
      event("v", "page_view", {}, "/subscription"),
      event("w", "vsl_view", { funnel: "evening-reset", quiz: "sleep-check" }, "/vsl/evening-reset"),
      event("m", "coming_soon_view", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      event("m", "coming_soon_view", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      event("n", "coming_soon_view", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      event("n", "coming_soon_lead", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      // A coming-soon visit is no quiz touch: a later purchase in that session is nobody's.
      event("n", "purchase", {}, "/thank-you"),
    ];
    const reports = countFunnels(events);
    expect(reports.map((report) => [report.kind, report.funnel])).toEqual([
      ["quiz", "sleep-check"],
      ["vsl", "evening-reset"],
      ["coming-soon", "coming-soon:sleep-stories"],
    ]);
    expect(people(reports[0]!)).toMatchObject({ view: 1, "step:1": 1, "step:2": 0, paywall: 1 });
    expect(reports[1]!.steps.slice(0, 4).map(({ key, people, conversion }) => [key, people, conversion])).toEqual([
      ["vsl", 2, null],
      ["view", 1, 50],
      ["step:1", 1, 100],
      ["step:2", 0, 0],
    ]);
    expect(people(reports[1]!)).toMatchObject({ paywall: 1 });
    expect(reports[2]!.steps).toEqual([
      { key: "view", label: "Page viewed", people: 2, conversion: null },
      { key: "lead", label: "Signed up", people: 1, conversion: 50 },
    ]);
  });

  it("ignores events it cannot place: unknown names, quiz events without a funnel, steps that are not numbers", () => {
    const reports = countFunnels([
      event("a", "something_else", { funnel: "onboarding" }),
      event("a", "quiz_view", {}),
      event("a", "quiz_step", { funnel: "onboarding", step: "two" }),
      event("a", "coming_soon_view", {}),
    ]);
    expect(reports).toEqual([]);
  });
});
