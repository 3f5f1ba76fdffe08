import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, ErrorResponse, errorResponses, LeadBody, LeadIdParams, LeadResponse, LeadUpdateBody } from "@serene/contracts";
import type { LeadsService } from "./leads.service";

/** A lead is an e-mail, a name and a quiz's answers: a few kilobytes at most, like POST /quiz. */
const LEAD_BODY_LIMIT = 32 * 1024;

/** POST /lead, PUT /lead, GET /lead/{id} (docs/decisions/025-lead-funnel.md). A bearer token is optional on each. */
export function leadsRoutes(service: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    // When a bearer token is sent it must be live (else 401); without one the caller is a visitor.
    const optionalMember = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization !== undefined) await app.authenticate.call(app, request, reply);
    };
    const caller = (request: FastifyRequest) => ({ userId: request.auth?.signIn.user.id ?? null, ip: request.ip });
    // A lead names a person and an e-mail: never cached, signed in or not.
    const config = { personal: true };
    const security: { [label: string]: string[] }[] = [{ bearer: [] }, {}];

    app.post(
      "/lead",
      {
        bodyLimit: LEAD_BODY_LIMIT,
        onRequest: optionalMember,
        config,
        schema: {
          tags: ["leads"],
          summary: "Give an e-mail after a quiz: a lead with its answers, and an e-mail with a sign-in link to the result",
          description:
            "A visitor's lead is sent a single-use link (/authorization?email=…&token=…&redirect=/quiz-results?lead=<id>); no account is touched until it is opened. A signed-in member's lead is theirs at once and no e-mail is sent.",
          security,
          querystring: CacheBuster,
          body: LeadBody,
          response: { 201: LeadResponse, 401: ErrorResponse, ...errorResponses },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.body, caller(request))),
    );
    app.put(
      "/lead",
      {
        bodyLimit: LEAD_BODY_LIMIT,
        onRequest: optionalMember,
        config,
        schema: {
          tags: ["leads"],
          summary: "Change a lead's name, e-mail or answers (a new e-mail of an unclaimed lead gets a fresh link)",
          security,
          querystring: CacheBuster,
          body: LeadUpdateBody,
          response: { 200: LeadResponse, 401: ErrorResponse, ...errorResponses },
        },
      },
      async (request) => service.update(request.body, caller(request)),
    );
    app.get(
      "/lead/:id",
      {
        onRequest: optionalMember,
        config,
        schema: {
          tags: ["leads"],
          summary: "A lead: reachable by its id until claimed, then by its member only (404 for anyone else)",
          security,
          params: LeadIdParams,
          querystring: CacheBuster,
          response: { 200: LeadResponse, 401: ErrorResponse, 404: errorResponses[404], 422: errorResponses[422], 429: errorResponses[429] },
        },
      },
      async (request) => service.find(request.params.id, caller(request)),
    );
  };
}
