import { useParams, type Params } from "react-router";
import { DynamicResultPage, prefetchDynamicResult } from "../../features/quiz-results";
import { testimonials } from "../../features/paywall/paywall.content";

/** /quiz-dynamic-results/{slug} and /lead-dynamic-result/{slug}: a custom quiz's result by its own rules. */
export default function QuizDynamicResultsRoute() {
  const { slug = "" } = useParams();
  // A new quiz in the address starts a new result.
  return <DynamicResultPage key={slug} slug={slug} testimonials={testimonials} />;
}

export function prefetch(params: Params) {
  prefetchDynamicResult(params.slug);
}
