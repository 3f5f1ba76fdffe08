import { describe, expect, it } from "vitest";
import { conversionPercent, countFunnels, funnelSteps, peopleInOrder, type FunnelEvent, type FunnelEventProperties } from "./funnels.ts";

const event = (sessionId: string | null, name: string, properties: FunnelEventProperties = {}, path = "/quiz"): FunnelEvent => ({
  name,
  path,
  sessionId,
  properties,
});
const quiz = (funnel: string, extra: FunnelEventProperties = {}) => ({ funnel, quiz: funnel, ...extra });
const people = (report: ReturnType<typeof countFunnels>[number]) => Object.fromEntries(report.steps.map((step) => [step.key, step.people]));
/** A quiz taken to the e-mail step as the web app records it: opened, each step answered, the e-mail given. */
const quizRun = (person: string, funnel: string, total: number): FunnelEvent[] => [
  event(person, "quiz_view", quiz(funnel, { total })),
  ...Array.from({ length: total }, (_, index) => event(person, "quiz_step", quiz(funnel, { step: index + 1, key: `q${index + 1}` }))),
  event(person, "quiz_email", quiz(funnel)),
];

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

describe("peopleInOrder", () => {
  const steps = ["view", "step:1", "email", "purchase"];
  it("moves a person on only by the next step due, so no step has more people than the one before", () => {
    expect(
      peopleInOrder(steps, [
        ["view", "step:1", "email", "purchase"],
        ["view", "view", "step:1", "view", "step:1"],
        ["purchase", "view", "email"],
        ["step:1", "email", "purchase"],
        [],
      ]),
    ).toEqual([3, 2, 1, 1]);
    expect(peopleInOrder(steps, [])).toEqual([0, 0, 0, 0]);
  });
});

describe("countFunnels", () => {
  it("counts distinct people per step, with the conversion from the step before", () => {
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

  it("gives paywall, checkout and purchase events to the funnel they name, or to the person's latest funnel", () => {
    const events = [
      // a finishes calm-check-in, then opens the onboarding quiz; the paywall names calm-check-in (the stored
      // quiz form), the checkout names nothing and goes to the last touch: onboarding, which a has not got that far in.
      ...quizRun("a", "calm-check-in", 1),
      event("a", "quiz_results_view", quiz("calm-check-in"), "/quiz-results"),
      event("a", "quiz_view", quiz("onboarding", { total: 1 })),
      event("a", "inform_intent", { place: "paywall", funnel: "calm-check-in" }, "/subscription"),
      event("a", "checkout_start", {}, "/subscription"),
      // No funnel event of b's before it, no funnel named: nobody's.
      event("b", "purchase", { value: 59.99 }, "/subscription"),
      event("b", "quiz_view", quiz("onboarding", { total: 1 })),
      // A page view elsewhere is not the paywall.
      event("b", "page_view", {}, "/home"),
    ];
    const reports = countFunnels(events);
    expect(reports.map((report) => report.funnel)).toEqual(["calm-check-in", "onboarding"]);
    expect(people(reports[0]!)).toMatchObject({ view: 1, email: 1, results: 1, paywall: 1, checkout: 0, purchase: 0 });
    expect(people(reports[1]!)).toMatchObject({ view: 2, paywall: 0, checkout: 0, purchase: 0 });
    expect(reports.map((report) => report.purchases)).toEqual([0, 0]);
  });

  it("never shows a step above the one before: a person counts at a step only after every step before it", () => {
    // What the web app records when a quiz ends in a trial, and when another person gets to the paywall from the
    // members' area without having seen a result. Counted per step alone, the paywall had 2 people after 1 result: 200 %.
    const events = [
      ...quizRun("robin", "onboarding", 3),
      event("robin", "page_view", {}, "/subscription"),
      event("robin", "quiz_results_view", quiz("onboarding"), "/quiz-results"),
      event("robin", "page_view", {}, "/subscription"),
      event("robin", "inform_intent", { place: "paywall", funnel: "onboarding" }, "/subscription"),
      event("robin", "initiate_checkout", { package_id: "4", currency: "USD", value: 0 }, "/subscription"),
      event("robin", "start_trial", { package_id: "4", currency: "USD", value: 0, predicted_ltv: 59.99 }, "/subscription"),
      ...quizRun("sam", "onboarding", 3),
      event("sam", "page_view", {}, "/subscription"),
      event("sam", "initiate_checkout", { package_id: "4", currency: "USD", value: 0 }, "/subscription"),
      // Step 3 without step 2 before it: kai stops at step 1.
      event("kai", "quiz_view", quiz("onboarding", { total: 3 })),
      event("kai", "quiz_step", quiz("onboarding", { step: 1 })),
      event("kai", "quiz_step", quiz("onboarding", { step: 3 })),
      // A results page and a paywall with no quiz before them: nobody reached them through this funnel.
      event("noa", "quiz_results_view", quiz("onboarding"), "/quiz-results"),
      event("noa", "inform_intent", { place: "paywall", funnel: "onboarding" }, "/subscription"),
    ];
    const [onboarding] = countFunnels(events);
    expect(onboarding!.steps.map(({ key, people, conversion }) => [key, people, conversion])).toEqual([
      ["view", 3, null],
      ["step:1", 3, 100],
      ["step:2", 2, 66.7],
      ["step:3", 2, 100],
      ["email", 2, 100],
      ["results", 1, 50],
      ["paywall", 1, 100],
      ["checkout", 1, 100],
      ["purchase", 1, 100],
    ]);
    for (const step of onboarding!.steps) expect(step.conversion ?? 0).toBeLessThanOrEqual(100);
  });

  it("credits a trial to the quiz the person came through, in whichever tab of their browser they bought it", () => {
    // Two people finish the onboarding quiz. One opens the e-mailed result in a new tab and takes the trial from
    // the paywall; the other opens the e-mailed offer in a new tab (past the result and the paywall) and takes it
    // there. The browser's visit id is the same in every tab, so both trials are the quiz's.
    const events = [
      ...quizRun("visit-1", "onboarding", 2),
      event("visit-2", "quiz_view", quiz("onboarding", { total: 2 })),
      event("visit-2", "quiz_step", quiz("onboarding", { step: 1, key: "goal" })),
      event("visit-1", "quiz_results_view", quiz("onboarding"), "/quiz-results"),
      event("visit-1", "page_view", {}, "/subscription"),
      event("visit-1", "inform_intent", { place: "paywall", funnel: "onboarding" }, "/subscription"),
      event("visit-2", "quiz_step", quiz("onboarding", { step: 2, key: "age" })),
      event("visit-2", "quiz_email", quiz("onboarding")),
      event("visit-1", "initiate_checkout", { package_id: "4", currency: "USD", value: 0 }, "/subscription"),
      event("visit-1", "start_trial", { package_id: "4", currency: "USD", value: 0, predicted_ltv: 59.99 }, "/subscription"),
      event("visit-2", "initiate_checkout", { package_id: "4", currency: "USD", value: 0 }, "/lead-checkout/3"),
      event("visit-2", "start_trial", { package_id: "4", currency: "USD", value: 0, predicted_ltv: 59.99 }, "/lead-checkout/3"),
    ];
    const [onboarding] = countFunnels(events);
    expect(people(onboarding!)).toMatchObject({ email: 2, results: 1, paywall: 1, checkout: 1, purchase: 1 });
    expect(onboarding!.purchases).toBe(2);
  });

  it("reads funnel names as printable text, so no terminal control sequence reaches a report", () => {
    const reports = countFunnels([
      event("a", "quiz_view", quiz("onboarding", { total: 1 })),
      event("b", "quiz_view", { funnel: "\u001b[2J\u001b[Honboarding\u0007", quiz: "onboarding", total: 1 }),
      event("c", "quiz_view", { funnel: "\u001b]0;owned\u0007", total: 1 }),
      event("d", "coming_soon_view", { funnel: "coming-soon:sleep\r\nstories\u009b31m" }, "/coming-soon/sleep-stories"),
    ]);
    expect(reports.map((report) => [report.funnel, report.steps[0]!.people])).toEqual([
      ["onboarding", 2],
      ["coming-soon:sleepstories", 1],
    ]);
  });

  it("counts a video-sales page and the quiz it leads to, and the coming-soon funnels, each in its own report", () => {
    const events = [
      event("v", "vsl_view", { funnel: "evening-reset", quiz: "sleep-check" }, "/vsl/evening-reset"),
      ...quizRun("v", "sleep-check", 2),
      event("v", "quiz_results_view", quiz("sleep-check"), "/quiz-results"),
      event("v", "page_view", {}, "/subscription"),
      event("w", "vsl_view", { funnel: "evening-reset", quiz: "sleep-check" }, "/vsl/evening-reset"),
      event("x", "quiz_view", quiz("sleep-check", { total: 2 })),
      event("m", "coming_soon_view", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      event("m", "coming_soon_view", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      event("n", "coming_soon_view", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      event("n", "coming_soon_lead", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      // Signed up without the page view before it: not through the page.
      event("o", "coming_soon_lead", { funnel: "coming-soon:sleep-stories" }, "/coming-soon/sleep-stories"),
      // A coming-soon visit is no quiz touch: a later purchase by that person is nobody's.
      event("n", "purchase", {}, "/thank-you"),
    ];
    const reports = countFunnels(events);
    expect(reports.map((report) => [report.kind, report.funnel])).toEqual([
      ["quiz", "sleep-check"],
      ["vsl", "evening-reset"],
      ["coming-soon", "coming-soon:sleep-stories"],
    ]);
    expect(people(reports[0]!)).toMatchObject({ view: 2, "step:1": 1, "step:2": 1, results: 1, paywall: 1 });
    expect(reports[1]!.steps.slice(0, 4).map(({ key, people, conversion }) => [key, people, conversion])).toEqual([
      ["vsl", 2, null],
      ["view", 1, 50],
      ["step:1", 1, 100],
      ["step:2", 1, 100],
    ]);
    expect(people(reports[1]!)).toMatchObject({ paywall: 1, checkout: 0 });
    expect(reports[2]!.steps).toEqual([
      { key: "view", label: "Page viewed", people: 2, conversion: null },
      { key: "lead", label: "Signed up", people: 1, conversion: 50 },
    ]);
    expect(reports[2]!.purchases).toBe(0);
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
