// The quiz's part of npm run bench: how long from an answer to the next question on screen, in Chromium.
import { chromium } from "playwright-core";
import { startServer } from "../e2e/server";
import { percentile, round } from "./bench-content";

/**
 * Runs in the page (as source text, so the bundler's helpers never leak into it): answers the
 * question on screen (a choice, or the first box and Continue) and resolves with the milliseconds
 * from the answering click to the first frame after the next heading is in the page.
 */
const ANSWER_AND_WAIT = `(async () => {
  const before = document.querySelector("h1")?.textContent;
  const radio = document.querySelector("[role=radio]");
  const box = document.querySelector("input[type=checkbox]");
  if (!radio && box) document.querySelector('label[for="' + box.id + '"]')?.click();
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const answer = radio ?? Array.from(document.querySelectorAll("button")).find((button) => button.textContent?.trim() === "Continue");
  const start = performance.now();
  answer.click();
  return new Promise((resolve) => {
    const check = () => {
      const now = document.querySelector("h1")?.textContent;
      if (now && now !== before) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  });
})()`;

/**
 * Answers the whole onboarding quiz `runs` times (after one warm-up run) and times each answer: from
 * the click that answers (a choice, or Continue) to the first frame painted after the next question's
 * heading is in the page. No network is involved between steps, so this is the app's own work.
 */
export async function measureAnswerToNextQuestion(chromePath: string, runs = 5) {
  const server = await startServer({ env: { LOG_LEVEL: "warn" } });
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu", "--disable-quic"] });
  try {
    const page = await (await browser.newContext()).newPage();
    const timings: number[] = [];
    for (let run = 0; run < runs + 1; run++) {
      await page.goto(`${server.url}/quiz`);
      await page.evaluate(() => window.localStorage.clear());
      await page.reload();
      await page.waitForFunction(() => !document.getElementById("prerendered-quiz") && document.querySelector("[role=radio]"));
      for (;;) {
        const heading = await page.locator("h1").innerText();
        if (/send your results/i.test(heading)) break;
        const elapsed = await page.evaluate<number>(ANSWER_AND_WAIT);
        if (run > 0) timings.push(elapsed); // the first run warms caches and compiles
      }
    }
    return {
      answers: timings.length,
      p50: round(percentile(timings, 50)),
      p95: round(percentile(timings, 95)),
      max: round(Math.max(...timings)),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
