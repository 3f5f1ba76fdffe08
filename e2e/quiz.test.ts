import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newVisit, registerMember } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const count = (page: Page) => page.getByTestId("quiz-count").innerText();
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name }).waitFor();

async function choose(page: Page, label: string, next: string) {
  await page.getByRole("radio", { name: label, exact: true }).click();
  await heading(page, next);
}

describe("onboarding quiz", () => {
  it("runs from the landing's 'Start my quiz' to the e-mail step, going back once and surviving a reload", async () => {
    const { page, problems, context } = await newVisit(browser, 390);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Start my quiz" }).first().click();
    await page.waitForURL("**/quiz");

    await heading(page, "What would you like help with first?");
    expect(await count(page)).toBe("1 of 13");
    expect(await page.getByRole("progressbar", { name: "Quiz progress" }).getAttribute("aria-valuenow")).toBe("8");
    await choose(page, "Sleep Better", "Which age group are you in?");
    expect(await count(page)).toBe("2 of 13");

    // Back once: the goal chosen is still checked; a new choice moves on again.
    await page.getByRole("button", { name: "Back" }).click();
    await heading(page, "What would you like help with first?");
    expect(await page.getByRole("radio", { name: "Sleep Better" }).getAttribute("aria-checked")).toBe("true");
    await choose(page, "Reduce Anxiety & Panic", "Which age group are you in?");

    await choose(page, "30-39", "What does a typical day look like for you?");
    await choose(page, "Mostly at home", "How do you describe yourself?");
    await choose(page, "Non-binary", "Which way of practising sounds more like you?");
    await choose(page, "Our way", "Which feelings have come up for you lately?");
    await page.getByText("Stress", { exact: true }).click();
    await page.getByText("Self-doubt", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "What has been on your mind the most?");
    await page.getByText("Overthinking", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How much tension do you carry in your body on most days?");
    const slider = page.getByRole("slider");
    expect(await slider.inputValue()).toBe("50");
    // Arrow keys move the slider by one.
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await slider.inputValue()).toBe("52");
    await page.getByText("52", { exact: true }).waitFor();
    expect(await count(page)).toBe("8 of 13");

    // A reload opens the same step with the same answers.
    await page.reload();
    await heading(page, "How much tension do you carry in your body on most days?");
    expect(await count(page)).toBe("8 of 13");
    expect(await page.getByRole("slider").inputValue()).toBe("52");
    await page.getByRole("button", { name: "Back" }).click();
    await heading(page, "What has been on your mind the most?");
    expect(await page.getByRole("checkbox", { name: "Overthinking" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How much tension do you carry in your body on most days?");
    expect(await page.getByRole("slider").inputValue()).toBe("52");

    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How has your mood been this past week?");
    expect(await page.getByRole("slider").inputValue()).toBe("50");
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How is your energy during the day?");
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How often do worries keep circling?");
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "What would you like to listen to or watch?");
    await page.getByText("Sleep stories and sounds", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How do you usually fall asleep?");
    expect(await count(page)).toBe("13 of 13");
    await choose(page, "It takes me a while", "Where should we send your results?");

    const email = page.getByLabel("E-mail");
    expect(await email.getAttribute("type")).toBe("email");
    expect(await page.getByRole("link", { name: /how we look after your data/i }).getAttribute("href")).toBe("/privacy-policy");
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("quiz-progress:onboarding") ?? "null") as unknown);
    expect(stored).toEqual({
      step: 13,
      answers: {
        goal: "REDUCE_STRESS",
        age: "30s",
        typical_day: "Mostly at home",
        gender: "Non-binary",
        approach: "Our way",
        emotions: ["Stress", "Self-doubt"],
        challenges: ["Overthinking"],
        tension: 52,
        mood: 50,
        energy_rate: 50,
        worry: 50,
        content_type: ["sleep"],
        sleep_habits: "takes_time",
      },
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("comes with its first question in the page, before any script runs", async () => {
    const html = await (await fetch(`${baseUrl()}/quiz`)).text();
    expect(html).toContain("What would you like help with first?");
    expect(html).toContain('id="prerendered-quiz"');
  });

  it("is answered with the keyboard alone", async () => {
    const { page, problems, context } = await newVisit(browser, 1280);
    await page.goto("/quiz");
    await heading(page, "What would you like help with first?");
    // The prerendered question is on screen before the app; the app has taken over once the quiz's data element is gone.
    await page.waitForFunction(() => !document.getElementById("prerendered-quiz"));
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Reduce Anxiety & Panic");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("Stop Depression");
    expect(await count(page)).toBe("1 of 13");
    await page.keyboard.press("Enter");
    await heading(page, "Which age group are you in?");
    // The new question's heading has the focus; Tab reaches its first choice.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("18-29");
    await page.keyboard.press("Space");
    await heading(page, "What does a typical day look like for you?");
    expect(await count(page)).toBe("3 of 13");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("saves a signed-in member's answers with POST /quiz and opens the custom quiz's dynamic result", async () => {
    const token = await registerMember("Noor");
    const { page, problems, context } = await newVisit(browser, 390, { t: token });
    await page.goto("/single-quiz/one-thing-today");
    await heading(page, "What would help you most today?");
    expect(await count(page)).toBe("1 of 1");
    const saved = page.waitForResponse((response) => response.url().includes("/api/v1/quiz?") && response.request().method() === "POST");
    await page.getByRole("radio", { name: "Sleep Better" }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    expect(((await response.json()) as { data: { goal: string } }).data.goal).toBe("SLEEP_BETTER");
    await page.waitForURL("**/quiz-dynamic-results/one-thing-today");
    const form = await page.evaluate(() => JSON.parse(window.localStorage.getItem("quiz-form") ?? "null") as unknown);
    expect(form).toEqual({ isQuizCompleted: true, slug: "one-thing-today", isCustomQuiz: true, funnel: "one-thing-today" });
    expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
    await context.close();
  });

  it("answers an unknown custom quiz kindly, with a way to the main quiz", async () => {
    const { page, context } = await newVisit(browser, 390);
    await page.goto("/lead-quiz/no-such-quiz");
    await heading(page, "We could not find this quiz");
    await page.getByRole("link", { name: "Take the main quiz" }).click();
    await heading(page, "What would you like help with first?");
    await context.close();
  });
});
