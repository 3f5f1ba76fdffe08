import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CacheBuster,
  FirstWeekQuery,
  FirstWeekResponse,
  QuizAnswerBody,
  QuizAnswerResponse,
  QuizBuilderResponse,
  QuizFieldsResponse,
  QuizIdParams,
  QuizQuery,
  QuizResponse,
} from "@serene/contracts";
import { isQuizGoal } from "@serene/domain";
import { invalidField } from "../../domain-errors.ts";
import { errorsOnly, limitPerAddress, memberErrors, optionalMember, routeDocs } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { CatalogueService } from "../content/catalogue.service.ts";
import type { QuizService } from "./quiz.service.ts";

/** Answers are a few kilobytes at most. */
const ANSWER_BODY_LIMIT = 32 * 1024;

export function quizRoutes(
  service: QuizService,
  limiter: RateLimiter,
  catalogue: Pick<CatalogueService, "firstWeek">,
): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("quiz");

    app.get(
      "/quiz",
      {
        schema: {
          ...docs("The default quiz of a platform (web): the onboarding quiz"),
          querystring: QuizQuery,
          response: { 200: QuizResponse, ...errorsOnly(422) },
        },
      },
      async () => service.defaultQuiz(),
    );
    app.get(
      "/quiz/web/:id",
      {
        schema: {
          ...docs("A quiz by id or slug"),
          params: QuizIdParams,
          querystring: CacheBuster,
          response: { 200: QuizResponse, ...errorsOnly(404, 422) },
        },
      },
      async (request) => service.quiz(request.params.id),
    );
    app.get(
      "/quiz/first-week",
      {
        schema: {
          ...docs("The recommended first week for a goal (7 plan days from the catalogue); without a goal the general plan"),
          querystring: FirstWeekQuery,
          response: { 200: FirstWeekResponse, ...errorsOnly(422) },
        },
      },
      async (request) => {
        const goal = request.query.goal || null;
        if (goal !== null && !isQuizGoal(goal)) throw invalidField("goal", "The selected goal is invalid.");
        return catalogue.firstWeek(goal);
      },
    );
    app.get(
      "/quiz/fields",
      {
        schema: {
          ...docs("The field kinds, and the quiz answer form's sliders and lists"),
          querystring: CacheBuster,
          response: { 200: QuizFieldsResponse, ...errorsOnly(422) },
        },
      },
      async () => service.fields(),
    );
    app.get(
      "/quiz-builder/:id",
      {
        schema: {
          ...docs("The extra data of a custom quiz: result rules, checkout, per-goal copy"),
          params: QuizIdParams,
          querystring: CacheBuster,
          response: { 200: QuizBuilderResponse, ...errorsOnly(404, 422) },
        },
      },
      async (request) => service.builder(request.params.id),
    );
    app.post(
      "/quiz",
      {
        bodyLimit: ANSWER_BODY_LIMIT,
        // A bearer token is optional: when one is sent it must be live (else 401); without one the answer is anonymous.
        ...optionalMember(app),
        // Per client address (RATE_LIMITS.quiz): 429 with Retry-After beyond.
        preHandler: limitPerAddress(limiter, "quiz"),
        schema: {
          // With a bearer token the answers are the member's, without it anonymous.
          ...docs("Send quiz answers (signed in: stored against the member and their goal set; else anonymous)", {
            access: "optional-member",
          }),
          querystring: CacheBuster,
          body: QuizAnswerBody,
          response: { 201: QuizAnswerResponse, ...memberErrors },
        },
      },
      async (request, reply) => {
        const result = await service.answer(request.body, { userId: request.auth?.signIn.user.id ?? null });
        return reply.code(201).send(result);
      },
    );
  };
}
