export { QuizResultsPage } from "./components/quiz-results-page";
export { DynamicResultPage } from "./components/dynamic-result-page";
export { prefetchQuizResults, prefetchDynamicResult } from "./prefetch";
export { ResultsLoading } from "./components/results-shell";
