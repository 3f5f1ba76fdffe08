import { analyticsEvents } from "@serene/db";
import { DAY_MS } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomIp } from "../../test/accounts";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildFunnelReport, renderFunnelHtml, renderFunnelText } from "./funnel-report";

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

    const html = renderFunnelHtml(reports, { since, generatedAt: new Date() });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<svg");
    expect(html).toContain("<style>");
    expect(html).not.toMatch(/<script|<link|src=|href=|url\(/i);
    expect(html).toContain("coming-soon:sleep-stories");
    expect(renderFunnelText([], { since: null })).toContain("No funnel events yet.");
  });
});
