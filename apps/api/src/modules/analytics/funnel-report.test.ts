import { analyticsEvents } from "@serene/db";
import { DAY_MS } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomIp } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { buildFunnelReport, renderFunnelHtml, renderFunnelText } from "./funnel-report.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Sends an event the way the web app's analytics does (POST /events), so names and properties pass its checks. */
async function track(session: string, name: string, path: string, properties: Record<string, string | number | boolean | null> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/events",
    remoteAddress: randomIp(),
    payload: { name, path, session_id: session, properties },
  });
  expect(res.statusCode, res.body).toBe(202);
}

const onboarding = (extra: Record<string, string | number> = {}) => ({ funnel: "report-onboarding", quiz: "report-onboarding", ...extra });

describe("the funnel report (npm run report:funnels)", () => {
  beforeAll(async () => {
    // Two people take the quiz; one goes all the way to a trial, the other stops after the first step.
    for (const session of ["report-session-a", "report-session-b"]) {
      await track(session, "quiz_view", "/quiz", onboarding({ total: 2 }));
      await track(session, "quiz_step", "/quiz", onboarding({ step: 1, key: "goal" }));
    }
    await track("report-session-a", "quiz_step", "/quiz", onboarding({ step: 2, key: "age" }));
    await track("report-session-a", "quiz_email", "/quiz", onboarding());
    await track("report-session-a", "quiz_results_view", "/quiz-results", onboarding());
    await track("report-session-a", "inform_intent", "/quiz-results", { funnel: "report-onboarding" });
    await track("report-session-a", "page_view", "/subscription");
    await track("report-session-a", "initiate_checkout", "/subscription", { package_id: "4", currency: "USD", value: 0 });
    await track("report-session-a", "start_trial", "/subscription", { package_id: "4", currency: "USD", value: 0, predicted_ltv: 59.99 });
    // The coming-soon funnel: two views, one sign-up.
    await track("report-session-c", "coming_soon_view", "/coming-soon/sleep-stories", { funnel: "coming-soon:sleep-stories" });
    await track("report-session-d", "coming_soon_view", "/coming-soon/sleep-stories", { funnel: "coming-soon:sleep-stories" });
    await track("report-session-d", "coming_soon_lead", "/coming-soon/sleep-stories", { funnel: "coming-soon:sleep-stories" });
    // Old news: a view from 40 days ago, and events the report does not read.
    await t.database.db.insert(analyticsEvents).values([
      {
        name: "quiz_view",
        path: "/quiz",
        sessionId: "report-session-old",
        properties: onboarding({ total: 2 }),
        occurredAt: new Date(Date.now() - 40 * DAY_MS),
      },
      { name: "page_view", path: "/faq", sessionId: "report-session-a", properties: {} },
      { name: "quiz_view", path: "/quiz", sessionId: null, properties: onboarding({ total: 2 }) },
    ]);
  });

  it("counts the people per step and the conversion from the step before, per funnel", async () => {
    const reports = await buildFunnelReport(t.database.db, { since: new Date(Date.now() - 30 * DAY_MS) });
    const quiz = reports.find((report) => report.funnel === "report-onboarding")!;
    expect(quiz.kind).toBe("quiz");
    expect(quiz.steps.map(({ key, people, conversion }) => [key, people, conversion])).toEqual([
      ["view", 2, null],
      ["step:1", 2, 100],
      ["step:2", 1, 50],
      ["email", 1, 100],
      ["results", 1, 100],
      ["paywall", 1, 100],
      ["checkout", 1, 100],
      ["purchase", 1, 100],
    ]);
    const comingSoon = reports.find((report) => report.funnel === "coming-soon:sleep-stories")!;
    expect(comingSoon.steps.map(({ people, conversion }) => [people, conversion])).toEqual([
      [2, null],
      [1, 50],
    ]);
  });

  it("takes every kept event without a start, and none before the start given", async () => {
    const all = await buildFunnelReport(t.database.db, { since: null });
    expect(all.find((report) => report.funnel === "report-onboarding")!.steps[0]!.people).toBe(3);
    expect(await buildFunnelReport(t.database.db, { since: new Date(Date.now() + DAY_MS) })).toEqual([]);
  });

  it("prints a plain table and writes a page that needs nothing from elsewhere", async () => {
    const since = new Date(Date.now() - 30 * DAY_MS);
    const reports = await buildFunnelReport(t.database.db, { since });
    const text = renderFunnelText(reports, { since });
    expect(text).toContain("report-onboarding (quiz)");
    expect(text).toMatch(/Step 2 answered\s+1\s+50\.0 %/);
    expect(text).toMatch(/Signed up\s+1\s+50\.0 %/);

    expect(text).toMatch(/^report-onboarding \(quiz\) · 1 person took a trial or bought, by any path$/m);

    const html = renderFunnelHtml(reports, { since, generatedAt: new Date() });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<svg");
    expect(html).toContain("<style>");
    expect(html).not.toMatch(/<script|<link|src=|href=|url\(/i);
    expect(html).toContain("coming-soon:sleep-stories");
    expect(renderFunnelText([], { since: null })).toContain("No funnel events yet.");
  });
});

describe("people and their purchases, as the web app records them", () => {
  /** A quiz taken to the e-mail step as the quiz screens record it. */
  async function quizToEmail(visit: string, funnel: string) {
    const props = { funnel, quiz: funnel };
    await track(visit, "page_view", "/quiz");
    await track(visit, "quiz_view", "/quiz", { ...props, total: 2 });
    await track(visit, "quiz_step", "/quiz", { ...props, step: 1, key: "goal" });
    await track(visit, "quiz_step", "/quiz", { ...props, step: 2, key: "age" });
    await track(visit, "quiz_email", "/quiz", props);
  }
  const trial = { package_id: "4", currency: "USD", value: 0 };

  it("credits a trial to the quiz it came from when the e-mailed link opened a new tab, and no step shows more than 100 %", async () => {
    const funnel = "handoff-onboarding";
    // Robin: the e-mailed result opens in a new tab of the same browser (the same visit id), then the paywall and a trial.
    await quizToEmail("handoff-visit-robin", funnel);
    await track("handoff-visit-robin", "page_view", "/authorization");
    await track("handoff-visit-robin", "page_view", "/quiz-results");
    await track("handoff-visit-robin", "quiz_results_view", "/quiz-results", { funnel, quiz: funnel });
    await track("handoff-visit-robin", "page_view", "/subscription");
    await track("handoff-visit-robin", "inform_intent", "/subscription", { place: "paywall", funnel });
    await track("handoff-visit-robin", "initiate_checkout", "/subscription", trial);
    await track("handoff-visit-robin", "start_trial", "/subscription", { ...trial, predicted_ltv: 59.99 });
    // Noor: the e-mailed offer opens in a new tab, past the result and the paywall, and the trial is taken there.
    await quizToEmail("handoff-visit-noor", funnel);
    await track("handoff-visit-noor", "page_view", "/lead-checkout/3");
    await track("handoff-visit-noor", "initiate_checkout", "/lead-checkout/3", trial);
    await track("handoff-visit-noor", "start_trial", "/lead-checkout/3", { ...trial, predicted_ltv: 59.99 });
    // Sam: gives the e-mail, never opens the result, and later opens the paywall from the members' area.
    await quizToEmail("handoff-visit-sam", funnel);
    await track("handoff-visit-sam", "page_view", "/subscription");
    await track("handoff-visit-sam", "page_view", "/subscription");

    const report = (await buildFunnelReport(t.database.db, { since: null })).find((entry) => entry.funnel === funnel)!;
    expect(report.steps.map(({ key, people, conversion }) => [key, people, conversion])).toEqual([
      ["view", 3, null],
      ["step:1", 3, 100],
      ["step:2", 3, 100],
      ["email", 3, 100],
      ["results", 1, 33.3],
      ["paywall", 1, 100],
      ["checkout", 1, 100],
      ["purchase", 1, 100],
    ]);
    expect(report.purchases).toBe(2);
    expect(renderFunnelText([report], { since: null })).toContain(`${funnel} (quiz) · 2 people took a trial or bought, by any path`);
  });

  it("prints no terminal control character or escape sequence from anonymous data", async () => {
    const hostile = [
      "\u001b[2J\u001b[Hcontrol-onboarding",
      "control-onboarding\u001b]0;owned\u0007",
      "control-\u009b31monboarding\r",
      "\u001b]8;;https://evil.example\u001b\\control-onboarding\u001b]8;;\u001b\\",
    ];
    for (const [index, funnel] of hostile.entries()) {
      await track(`control-visit-${index}`, "quiz_view", "/quiz", { funnel, quiz: funnel, total: 1 });
    }
    await track("control-visit-9", "quiz_view", "/quiz", { funnel: "\u001b[31m\u0007", total: 1 });
    await track("control-visit-9", "coming_soon_view", "/coming-soon/x", { funnel: "coming-soon:\u001b[1Aquiet\nnights" });

    const reports = await buildFunnelReport(t.database.db, { since: null });
    const text = renderFunnelText(reports, { since: null });
    const html = renderFunnelHtml(reports, { since: null, generatedAt: new Date() });
    for (const output of [text, html]) {
      // Nothing but line feeds below the space, no DEL, no C1 control, no escape.
      expect(output.replaceAll("\n", "")).not.toMatch(/[\p{Cc}]/u);
    }
    expect(reports.find((report) => report.funnel === "control-onboarding")!.steps[0]!.people).toBe(4);
    // The pages print only printable text whatever report they are given.
    const raw = [{ funnel: "\u001b[2J\u001b]0;owned\u0007raw\u009b1A", kind: "quiz" as const, steps: [], purchases: 0 }];
    for (const output of [renderFunnelText(raw, { since: null }), renderFunnelHtml(raw, { since: null, generatedAt: new Date() })]) {
      expect(output.replaceAll("\n", "")).not.toMatch(/[\p{Cc}]/u);
      expect(output).toContain("raw");
    }
    expect(text).toContain("coming-soon:quietnights (coming-soon)");
    expect(html).not.toContain("evil.example");
  });
});
