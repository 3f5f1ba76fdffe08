import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ComingSoonLeadBody,
  ComingSoonLeadResponse,
  ComingSoonParams,
  ComingSoonQuery,
  ComingSoonResponse,
  ErrorResponse,
  errorResponses,
} from "@serene/contracts";
import { authOf } from "../../plugins/auth";
import type { RateLimiter } from "../../plugins/rate-limit";
import type { ComingSoonService } from "./coming-soon.service";

/** A sign-up is a few names; anything bigger is not one. */
const LEAD_BODY_LIMIT = 8 * 1024;

const errors = { ...errorResponses, 401: ErrorResponse };
const member = { security: [{ bearer: [] }] };

/** Spec 000 sections 2 and 7: /coming-soon/{key?} is for signed-in members only. */
export function comingSoonRoutes(service: ComingSoonService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    // After the bearer check, per client address and per member (RATE_LIMITS): 429 with Retry-After beyond.
    const limit = (name: "comingSoon" | "comingSoonLead") => async (request: FastifyRequest) =>
      limiter.consume(name, request.ip, authOf(request).signIn.user.id);
    const memberOf = (request: FastifyRequest) => authOf(request).signIn.user.id;

    app.get(
      "/coming-soon",
      {
        onRequest: [app.authenticate, limit("comingSoon")],
        schema: {
          tags: ["coming-soon"],
          summary: "The default coming-soon page",
          ...member,
          querystring: ComingSoonQuery,
          response: { 200: ComingSoonResponse, ...errors },
        },
      },
      async (request) => service.page(undefined, memberOf(request)),
    );
    app.get(
      "/coming-soon/:key",
      {
        onRequest: [app.authenticate, limit("comingSoon")],
        schema: {
          tags: ["coming-soon"],
          summary: "A coming-soon page by key (404 for an unknown key; the web app then shows the default page)",
          ...member,
          params: ComingSoonParams,
          querystring: ComingSoonQuery,
          response: { 200: ComingSoonResponse, ...errors },
        },
      },
      async (request) => service.page(request.params.key, memberOf(request)),
    );

    // The spec names the address with a trailing slash (the web app calls that); the document lists it without
    // one, as its lint wants, and both answer the same.
    for (const url of ["/coming-soon/lead", "/coming-soon/lead/"]) {
      app.post(
        url,
        {
          bodyLimit: LEAD_BODY_LIMIT,
          onRequest: [app.authenticate, limit("comingSoonLead")],
          schema: {
            ...(url.endsWith("/") ? { hide: true } : {}),
            tags: ["coming-soon"],
            summary: "Sign up on a coming-soon page: the member's name and e-mail (again for the same funnel and e-mail: updated)",
            ...member,
            querystring: ComingSoonQuery,
            body: ComingSoonLeadBody,
            response: { 200: ComingSoonLeadResponse, 201: ComingSoonLeadResponse, ...errors },
          },
        },
        async (request, reply) => {
          const { lead, created } = await service.signUp(request.body, memberOf(request));
          return reply.code(created ? 201 : 200).send(lead);
        },
      );
    }
  };
}
