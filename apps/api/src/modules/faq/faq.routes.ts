import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, FaqListQuery, FaqListResponse } from "@serene/contracts";
import type { FaqService } from "./faq.service";

export function faqRoutes(service: FaqService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/faq",
      {
        schema: {
          tags: ["faq"],
          summary: "Questions and answers, paged",
          querystring: FaqListQuery,
          response: { 200: FaqListResponse, 422: errorResponses[422] },
        },
      },
      async (request) => service.list(request.query),
    );
  };
}
