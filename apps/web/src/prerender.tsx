import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import PaywallRoute from "./app/routes/paywall";
import QuizRoute from "./app/routes/quiz";
import { seedOnboardingQuiz, type Quiz } from "./features/quiz";
import { LandingPage } from "./features/landing";
import { ResultsLoading } from "./features/quiz-results";
import { SalesFrame } from "./features/sales-page";

/**
 * The landing page as static HTML, written at build time and served inside index.html for `/`,
 * so the first paint needs no JavaScript. The app replaces it with the same markup on boot.
 */
export function renderLanding(): string {
  return renderToString(
    <StaticRouter location="/">
      <LandingPage />
    </StaticRouter>,
  );
}

/**
 * The paywall as static HTML for `/subscription`: its header, benefits, trial timeline, guarantee,
 * testimonials and legal notes, with the plans still loading (they depend on the visitor's region).
 */
export function renderPaywall(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location="/subscription">
        <PaywallRoute />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

/**
 * The frame of the quiz results (header, night band, a plain heading and a placeholder card) as
 * static HTML: the result itself comes from answers kept in the browser, so only the frame is
 * painted before the code runs, and the result replaces it.
 */
export function renderQuizResultsFrame(): string {
  return renderToString(
    <StaticRouter location="/quiz-results">
      <ResultsLoading />
    </StaticRouter>,
  );
}

/**
 * The onboarding quiz's first question as static HTML for `/quiz` (the quiz the build ships, as
 * GET /quiz serves it), so the question paints before any script; the app then takes over with
 * the same quiz, or the step a returning visitor had reached.
 */
export function renderQuiz(quiz: Quiz): string {
  const client = new QueryClient();
  seedOnboardingQuiz(client, quiz);
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location="/quiz">
        <QuizRoute />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

/**
 * The top of a checkout sales page with slots for its words (`%SP_…%`), which the server fills from
 * the checkout's copy and theme for /promo/{id} and /lp/{lp}, so the hero paints before any script.
 */
export function renderSalesFrame(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location="/promo/0">
        <SalesFrame />
      </StaticRouter>
    </QueryClientProvider>,
  );
}
