import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FaqListQuery, FaqListResponse } from "@serene/contracts";
import { errorsOnly, routeDocs } from "../../http/index.ts";
import type { FaqService } from "./faq.service.ts";

export function faqRoutes(service: FaqService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/faq",
      {
        schema: {
          ...routeDocs("faq")("Questions and answers, paged"),
          querystring: FaqListQuery,
          response: { 200: FaqListResponse, ...errorsOnly(422) },
        },
      },
      async (request) => service.list(request.query),
    );
  };
}
