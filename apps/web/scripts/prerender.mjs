// After `vite build`: renders the landing page, the paywall, the onboarding quiz's first question, the
// quiz results' frame and the top of the sales pages (with slots the server fills) to static HTML
// (dist/prerendered/).
// Product name and support address stay placeholders that the server fills in from its config.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const web = fileURLToPath(new URL("..", import.meta.url));
globalThis.__APP_CONFIG__ = { appName: "%APP_NAME%", supportEmail: "%SUPPORT_EMAIL%" };
const entry = path.join(web, "dist-ssr", "prerender.js");
const { renderLanding, renderPaywall, renderQuiz, renderQuizResultsFrame, renderSalesFrame } = await import(pathToFileURL(entry).href);

/**
 * The onboarding quiz as GET /quiz serves it (the API's quiz presenter: questions without option
 * scores), from the content the server loads, so the prerendered question is the one it serves.
 */
function onboardingQuiz() {
  const quizzes = JSON.parse(readFileSync(path.join(web, "..", "..", "content", "demo", "quizzes.json"), "utf8"));
  const quiz = quizzes.find((entry) => entry.default) ?? quizzes.find((entry) => entry.type === "onboarding");
  return {
    id: quiz.id,
    slug: quiz.slug,
    type: quiz.type,
    title: quiz.title,
    intro: quiz.intro,
    is_custom: false,
    total: quiz.steps.length,
    goals: quiz.goals,
    steps: quiz.steps.map((step) => ({
      ...step,
      field: { ...step.field, options: step.field.options?.map(({ key, label }) => ({ key, label })) },
    })),
  };
}

/** The quiz's first question, and the quiz itself for the app to start from (JSON, never run as script). */
function renderQuizPage() {
  const quiz = onboardingQuiz();
  const data = JSON.stringify(quiz).replaceAll("<", "\\u003c");
  return `${renderQuiz(quiz)}<script type="application/json" id="prerendered-quiz">${data}</script>`;
}
mkdirSync(path.join(web, "dist", "prerendered"), { recursive: true });
for (const [route, name, render] of [
  ["/", "landing", renderLanding],
  ["/subscription", "paywall", renderPaywall],
  ["/quiz", "quiz", renderQuizPage],
  ["/quiz-results", "quiz-results", renderQuizResultsFrame],
  ["/promo/{id} and /lp/{lp}", "sales", renderSalesFrame],
]) {
  const html = render();
  writeFileSync(path.join(web, "dist", "prerendered", `${name}.html`), html);
  console.log(`prerendered ${route} (${(html.length / 1024).toFixed(1)} KiB of HTML)`);
}
rmSync(path.join(web, "dist-ssr"), { recursive: true, force: true });
