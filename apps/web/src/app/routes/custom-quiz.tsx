import { useParams, type Params } from "react-router";
import { prefetchQuiz, prefetchQuizBuilder, QuizFlow } from "../../features/quiz";

/** /lead-quiz/{slug}, /single-quiz/{slug}, /user-quiz/{slug}: a custom quiz (GET /quiz/web/{slug}) and its extra data. */
export default function CustomQuizRoute() {
  const { slug = "" } = useParams();
  return <QuizFlow key={slug} source={{ kind: "custom", slug }} />;
}

/** The quiz and its extra data are asked for together, while the page's code loads. */
export function prefetch(params: Params) {
  if (!params.slug) return;
  void prefetchQuiz({ kind: "custom", slug: params.slug });
  void prefetchQuizBuilder(params.slug);
}
