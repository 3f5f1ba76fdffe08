import { prefetchQuizResults, QuizResultsPage } from "../../features/quiz-results";
import { testimonials } from "../../features/paywall/paywall.content";

/** /quiz-results and /lead-quiz-result: the personal result, with the paywall's testimonials. */
export default function QuizResultsRoute() {
  return <QuizResultsPage testimonials={testimonials} />;
}

export function prefetch() {
  prefetchQuizResults();
}
