import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ComingSoonLeadBody, ComingSoonLeadResponse, ComingSoonParams, ComingSoonQuery, ComingSoonResponse } from "@serene/contracts";
import { limitPerMember, memberErrors as errors, memberIdOf as memberOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { ComingSoonService } from "./coming-soon.service.ts";

/** A sign-up is a few names; anything bigger is not one. */
const LEAD_BODY_LIMIT = 8 * 1024;

/** Spec 000 sections 2 and 7: /coming-soon/{key?} is for signed-in members only. */
export function comingSoonRoutes(service: ComingSoonService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("coming-soon", "member");
    // After the bearer check, per client address and per member (RATE_LIMITS): 429 with Retry-After beyond.
    const reader = memberOnly(app, limitPerMember(limiter, "comingSoon"));
    const signUp = memberOnly(app, limitPerMember(limiter, "comingSoonLead"));

    app.get(
      "/coming-soon",
      {
        ...reader,
        schema: {
          ...docs("The default coming-soon page"),
          querystring: ComingSoonQuery,
          response: { 200: ComingSoonResponse, ...errors },
        },
      },
      async (request) => service.page(undefined, memberOf(request)),
    );
    app.get(
      "/coming-soon/:key",
      {
        ...reader,
        schema: {
          ...docs("A coming-soon page by key (404 for an unknown key; the web app then shows the default page)"),
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
          ...signUp,
          schema: {
            ...(url.endsWith("/") ? { hide: true } : {}),
            ...docs("Sign up on a coming-soon page: the member's name and e-mail (again for the same funnel and e-mail: updated)"),
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
