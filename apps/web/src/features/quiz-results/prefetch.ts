import { queryClient } from "../../lib/query-client";
import { firstWeekQueryOptions } from "./api/first-week";
import { quizBuilderQueryOptions, quizQueryOptions, quizSource } from "../../lib/server-data/quiz";
import { readLocalQuiz } from "./model";

/** With answers on this device, the goal's copy and first week are asked for while the page's code loads. */
export function prefetchQuizResults() {
  const local = readLocalQuiz();
  if (!local?.goal) return;
  void queryClient.prefetchQuery(quizQueryOptions(quizSource(local.slug)));
  void queryClient.prefetchQuery(firstWeekQueryOptions(local.goal));
}

/** The custom quiz's result rules are asked for while the page's code loads. */
export function prefetchDynamicResult(slug: string | undefined) {
  if (slug) void queryClient.prefetchQuery(quizBuilderQueryOptions(slug));
}
