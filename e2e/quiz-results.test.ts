import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newVisit } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const PASSWORD = "quiet evening walk 42";
let count = 0;
const newEmail = () => `results.${Date.now().toString(36)}.${++count}.${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Local storage as the quiz screens leave it: the quiz flag, the quiz form and the answers under the quiz's slug. */
function finishedQuiz(slug: string, answers: Record<string, unknown>, form: Record<string, unknown> = {}): Record<string, string> {
  return {
    quiz: "1",
    "quiz-form": JSON.stringify({ email: null, isQuizCompleted: false, slug, isCustomQuiz: false, funnel: slug, ...form }),
    [`quiz-answers:${slug}`]: JSON.stringify({ answers, step: Object.keys(answers).length }),
  };
}

/** Console errors except the browser's own note about a 4xx answer the page expected (the first week is not served here yet). */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes("Failed to load resource"));

describe("quiz results", () => {
  it("shows the goal's outcome from the stored answers, and Get My Plan opens the paywall with the quiz action", async () => {
    const { page, context, problems } = await newVisit(
      browser,
      390,
      finishedQuiz("onboarding", { goal: "REDUCE_STRESS", age: "30s", tension: 60 }),
    );
    await page.goto("/quiz-results");
    await page.getByRole("heading", { level: 1, name: "Calmer days, one breath at a time" }).waitFor();
    expect(await page.getByTestId("outcome-percentage").innerText()).toBe("91%");
    await page.getByText("of people with this goal who reported progress").waitFor();

    await page.getByRole("link", { name: "Get My Plan" }).first().click();
    await page.waitForURL((url) => url.pathname === "/subscription");
    expect(new URL(page.url()).searchParams.get("action")).toBe("quiz");
    await page.getByRole("radiogroup").waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("shows a custom quiz's band from the stored answers, and its paywall keeps the dynamic funnel", async () => {
    const answers = { goal: "REDUCE_STRESS", stress: ["racing_thoughts", "tight_body"], breathing: "rarely", evenings: "hard" };
    const { page, context, problems } = await newVisit(browser, 1280, finishedQuiz("calm-check-in", answers, { isCustomQuiz: true }));
    await page.goto("/quiz-dynamic-results/calm-check-in");
    await page.getByRole("heading", { level: 1, name: "Stress has been asking a lot of you" }).waitFor();

    await page.getByRole("link", { name: "Get My Plan" }).click();
    await page.waitForURL((url) => url.pathname === "/subscription/1");
    expect(new URL(page.url()).search).toBe("?dynamic=1&action=quiz");
    await page.getByRole("radiogroup").waitFor();
    expect(new URL(page.url()).pathname).toBe("/subscription/1");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("a registration with a custom quiz in progress lands on its dynamic result, the quiz marked completed", async () => {
    const answers = { sleep_habits: "takes_time", wind_down: ["nothing_yet"], feel: 40 };
    const { page, context, problems } = await newVisit(browser, 1280, finishedQuiz("better-evenings", answers, { isCustomQuiz: true }));
    await page.goto("/create-account");
    await page.getByLabel("First Name").fill("Noor");
    await page.getByLabel("Email").fill(newEmail());
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL((url) => url.pathname === "/quiz-dynamic-results/better-evenings");
    await page.getByRole("heading", { level: 1, name: "Your evenings could use a softer landing" }).waitFor();
    const form = await page.evaluate(() => JSON.parse(window.localStorage.getItem("quiz-form") ?? "{}") as { isQuizCompleted?: boolean });
    expect(form.isQuizCompleted).toBe(true);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("a login with a stored quiz flag lands on the quiz results", async () => {
    const email = newEmail();
    const response = await fetch(`${baseUrl()}/api/v1/user`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ name: "Ines", email, password: PASSWORD, phone: "", platform: "web" }),
    });
    expect(response.ok).toBe(true);
    const { page, context, problems } = await newVisit(browser, 1280, finishedQuiz("onboarding", { goal: "SLEEP_BETTER" }));
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL((url) => url.pathname === "/quiz-results");
    await page.getByTestId("outcome-percentage").waitFor();
    expect(await page.getByTestId("outcome-percentage").innerText()).toBe("90%");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
