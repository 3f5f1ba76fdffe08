import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, ErrorResponse, errorResponses, QuizIdParams, VslResponse } from "@serene/contracts";
import type { VslService } from "./vsl.service";

/** GET /vsl/{id}: a video-sales page, with the signed cookies that play its video. */
export function vslRoutes(service: VslService): FastifyPluginAsyncZod {
  return async (app) => {
    const optionalMember = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization !== undefined) await app.authenticate.call(app, request, reply);
    };
    app.get(
      "/vsl/:id",
      {
        onRequest: optionalMember,
        // The answer sets cookies of its own: never cached.
        config: { personal: true },
        schema: {
          tags: ["quiz"],
          summary: "A video-sales page by id or slug; sets short-lived signed cookies that open only its video",
          security: [{ bearer: [] }, {}],
          params: QuizIdParams,
          querystring: CacheBuster,
          response: { 200: VslResponse, 401: ErrorResponse, 404: errorResponses[404], 422: errorResponses[422] },
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
