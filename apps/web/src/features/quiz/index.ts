export { QuizFlow } from "./components/quiz-flow";
export { prefetchQuiz, type QuizSource } from "./api/quiz";
export { prefetchQuizBuilder } from "./api/quiz-builder";
