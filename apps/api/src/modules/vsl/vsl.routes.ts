import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, QuizIdParams, VslResponse } from "@serene/contracts";
import { errorsOnly, optionalMember, routeDocs } from "../../http/index.ts";
import type { VslService } from "./vsl.service.ts";

/** GET /vsl/{id}: a video-sales page, with the signed cookies that play its video. */
export function vslRoutes(service: VslService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/vsl/:id",
      {
        ...optionalMember(app),
        // The answer sets cookies of its own: never cached.
        config: { personal: true },
        schema: {
          ...routeDocs(
            "quiz",
            "optional-member",
          )("A video-sales page by id or slug; sets short-lived signed cookies that open only its video"),
          params: QuizIdParams,
          querystring: CacheBuster,
          response: { 200: VslResponse, ...errorsOnly(401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { body, cookies } = service.page(request.params.id, request.auth?.signIn ?? null);
        for (const cookie of cookies) {
          if (cookie.value === null) reply.clearCookie(cookie.name, cookie.options);
          else reply.setCookie(cookie.name, cookie.value, cookie.options);
        }
        return body;
      },
    );
  };
}
