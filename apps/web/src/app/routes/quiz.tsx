import { prefetchQuiz, QuizFlow } from "../../features/quiz";

const ONBOARDING = { kind: "onboarding" } as const;

/** /quiz: the onboarding quiz (GET /quiz), where every 'Start my quiz' leads. */
export default function QuizRoute() {
  return <QuizFlow source={ONBOARDING} />;
}

/** The quiz is asked for while the page's code loads, so the first question comes with its first render. */
export function prefetch() {
  void prefetchQuiz(ONBOARDING);
}
