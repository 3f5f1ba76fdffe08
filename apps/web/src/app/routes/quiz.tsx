import { prefetchQuiz, QuizFlow, seedPrerenderedQuiz } from "../../features/quiz";

const ONBOARDING = { kind: "onboarding" } as const;

/** /quiz: the onboarding quiz (GET /quiz), where every 'Start my quiz' leads. */
export default function QuizRoute() {
  return <QuizFlow source={ONBOARDING} />;
}

/**
 * A prerendered /quiz brought the quiz with the page; otherwise it is asked for while the page's
 * code loads, so the first question comes with its first render.
 */
export function prefetch() {
  if (!seedPrerenderedQuiz()) void prefetchQuiz(ONBOARDING);
}
