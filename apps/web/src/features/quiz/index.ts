export { QuizFlow } from "./components/quiz-flow";
export { prefetchQuiz, PRERENDERED_QUIZ_ID, seedOnboardingQuiz, seedPrerenderedQuiz, type Quiz, type QuizSource } from "./api/quiz";
export { prefetchQuizBuilder } from "./api/quiz-builder";
