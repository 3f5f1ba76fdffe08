import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARDS, launch, linkIn, mailTo, newVisit, payByCard, subscriptionType } from "./browser";
import { repoRoot, startServer, type RunningServer } from "./server";

/**
 * The whole acquisition funnel on a server of its own, so the funnel report can read its database
 * afterwards: 'Start my quiz' on the landing → every step (going back once) → the e-mail → the link
 * from the outbox → the result → Get My Plan → the yearly trial by card → a home whose plan follows
 * the goal; then `npm run report:funnels` counts that person at every step.
 */
let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startServer({ env: { RATE_LIMIT_FACTOR: "20" } })]);
});
afterAll(async () => {
  if (server.process.exitCode === null) await server.stop();
});

const EMAIL = `funnel.${Date.now().toString(36)}@example.com`;
const GOAL = { key: "REDUCE_STRESS", label: "Reduce Anxiety & Panic", outcome: "91%" };
const heading = (page: Page) => page.getByRole("heading", { level: 1 }).innerText();
const ONBOARDING_STEPS = (
  JSON.parse(readFileSync(path.join(repoRoot, "content/demo/quizzes.json"), "utf8")) as { slug: string; steps: unknown[] }[]
).find((quiz) => quiz.slug === "onboarding")!.steps.length;

/** Answers the question on screen the way a person would, by its controls, and waits for the next one. */
async function answer(page: Page, choice?: string) {
  const before = await heading(page);
  const radios = page.getByRole("radio");
  if ((await radios.count()) > 0) {
    await (choice ? page.getByRole("radio", { name: choice, exact: true }) : radios.first()).click();
  } else {
    const boxes = page.getByRole("checkbox");
    if ((await boxes.count()) > 0) await page.locator(`label[for="${await boxes.first().getAttribute("id")}"]`).click();
    const text = page.getByRole("textbox");
    if ((await text.count()) > 0) await text.first().fill("Quiet evenings help.");
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect.poll(() => heading(page)).not.toBe(before);
}

describe("the quiz funnel", () => {
  it("takes a visitor from 'Start my quiz' to a paid trial and a home that follows their goal, and the report counts it", async () => {
    const { page, context, problems } = await newVisit(browser, 1280);
    await page.goto(`${server.url}/`);
    await page.getByRole("link", { name: "Start my quiz" }).first().click();
    await page.waitForURL("**/quiz");
    await page.waitForFunction(() => !document.getElementById("prerendered-quiz"));

    // Every step, once going back from the third to the second.
    await answer(page, GOAL.label);
    await answer(page);
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => page.getByTestId("quiz-count").innerText()).toBe(`2 of ${ONBOARDING_STEPS}`);
    for (let step = 2; step <= ONBOARDING_STEPS; step++) {
      expect(await page.getByTestId("quiz-count").innerText()).toBe(`${step} of ${ONBOARDING_STEPS}`);
      await answer(page);
    }

    // The e-mail: the lead is created and the link is sent.
    expect(await heading(page)).toBe("Where should we send your results?");
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("First name (optional)").fill("Robin");
    await page.getByRole("button", { name: "Send my results" }).click();
    await expect.poll(() => heading(page)).toMatch(/inbox/i);

    // The link signs Robin in (opening the account) and lands on the result.
    const mail = await mailTo(EMAIL, /result/i, server.url);
    await page.goto(`${server.url}${linkIn(mail, "/authorization")}`);
    await page.waitForURL((url) => url.pathname === "/quiz-results");
    await expect.poll(() => page.getByTestId("outcome-percentage").innerText()).toBe(GOAL.outcome);
    expect(await page.evaluate(() => Boolean(window.localStorage.getItem("t")))).toBe(true);

    // Get My Plan: the paywall with the quiz action; the yearly trial is preselected.
    await page.getByRole("link", { name: "Get My Plan" }).first().click();
    await page.waitForURL((url) => url.pathname === "/subscription" && url.searchParams.get("action") === "quiz");
    await page.getByRole("radiogroup").waitFor();
    await page.getByRole("button", { name: "Get My Plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Select payment method" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId("payment-total").textContent()).toBe("$0.00");
    await payByCard(page, CARDS.succeeds);
    await page.getByText("Successfully subscribed!").waitFor();
    await page.waitForURL((url) => url.pathname === "/home");
    expect(await subscriptionType(page, server.url)).toBe("Free trial");

    // Home: today's plan opens with the session for Robin's goal that the result promised.
    const week = (await (await fetch(`${server.url}/api/v1/quiz/first-week?goal=${GOAL.key}`)).json()) as {
      data: { days: { content: { name: string }[] }[] };
    };
    const plan = page.getByRole("region", { name: "Personal Plan" });
    await plan.getByRole("listitem").first().waitFor();
    expect(await plan.getByRole("listitem").first().innerText()).toContain(week.data.days[0]!.content[0]!.name);
    expect(problems.filter((problem) => !problem.includes("Failed to load resource"))).toEqual([]);
    await context.close();

    // The report, from the same database once the server has stopped, counts Robin at every step.
    expect(await server.stop()).toBe(0);
    const out = path.join(server.dataDir, "funnels.html");
    const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/report-funnels.ts", "--out", out], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: String(server.port) },
    });
    const onboarding = stdout.split("\n\n").find((block) => block.startsWith("onboarding"))!;
    expect(onboarding, stdout).toBeDefined();
    const people = Object.fromEntries(
      onboarding
        .split("\n")
        .slice(3)
        .map((line) => line.trim().match(/^(.+?)\s{2,}(\d+)/)!)
        .map((match) => [match[1], Number(match[2])]),
    );
    expect(Object.keys(people)).toHaveLength(ONBOARDING_STEPS + 6);
    for (const [step, count] of Object.entries(people)) expect(count, step).toBe(1);
    expect(readFileSync(out, "utf8")).toContain("<svg");
  });
});
