import type { QuizAnswerBody, QuizAnswerResponse } from "@serene/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * POST /quiz: a signed-in member's answers (the bearer goes with every call), which also set their
 * goal. The page shows its own notice on a failure, so the call is silent.
 */
export const answerQuiz = async (body: QuizAnswerBody): Promise<QuizAnswerResponse["data"]> =>
  await api.post("quiz", { body, silent: true });

export const useAnswerQuiz = () => useMutation({ mutationFn: answerQuiz });
