import { defineModule } from "../../http/module.ts";
import { quizRoutes } from "./quiz.routes.ts";

/** Quizzes and their answers; the service is shared, as a lead carries a quiz's answers. */
export const quizModule = defineModule({
  name: "quiz",
  api: (api, { quiz, limiter, catalogue }) => api.register(quizRoutes(quiz, limiter, catalogue)),
});
