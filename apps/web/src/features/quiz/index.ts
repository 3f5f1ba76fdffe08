export { QuizFlow } from "./components/quiz-flow";
export {
  prefetchQuiz,
  prefetchQuizBuilder,
  PRERENDERED_QUIZ_ID,
  seedOnboardingQuiz,
  seedPrerenderedQuiz,
  type Quiz,
  type QuizSource,
} from "./api/quiz";
