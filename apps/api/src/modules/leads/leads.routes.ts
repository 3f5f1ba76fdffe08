import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, LeadBody, LeadIdParams, LeadResponse, LeadUpdateBody } from "@serene/contracts";
import { errorsOnly, memberErrors, optionalMember, routeDocs } from "../../http/index.ts";
import type { LeadsService } from "./leads.service.ts";

/** A lead is an e-mail, a name and a quiz's answers: a few kilobytes at most, like POST /quiz. */
const LEAD_BODY_LIMIT = 32 * 1024;

/** POST /lead, PUT /lead, GET /lead/{id} (docs/decisions/025-lead-funnel.md). A bearer token is optional on each. */
export function leadsRoutes(service: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    // When a bearer token is sent it must be live (else 401); without one the caller is a visitor.
    const visitorOrMember = optionalMember(app);
    const docs = routeDocs("leads", "optional-member");
    const caller = (request: FastifyRequest) => ({ userId: request.auth?.signIn.user.id ?? null, ip: request.ip });
    // A lead names a person and an e-mail: never cached, signed in or not.
    const config = { personal: true };

    app.post(
      "/lead",
      {
        bodyLimit: LEAD_BODY_LIMIT,
        ...visitorOrMember,
        config,
        schema: {
          ...docs("Give an e-mail after a quiz: a lead with its answers, and an e-mail with a sign-in link to the result"),
          description:
            "A visitor's lead is sent a single-use link (/authorization?email=…&token=…&redirect=/quiz-results?lead=<id>); no account is touched until it is opened. A signed-in member's lead is theirs at once and no e-mail is sent.",
          querystring: CacheBuster,
          body: LeadBody,
          response: { 201: LeadResponse, ...memberErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.body, caller(request))),
    );
    app.put(
      "/lead",
      {
        bodyLimit: LEAD_BODY_LIMIT,
        ...visitorOrMember,
        config,
        schema: {
          ...docs("Change a lead's name, e-mail or answers (a new e-mail of an unclaimed lead gets a fresh link)"),
          querystring: CacheBuster,
          body: LeadUpdateBody,
          response: { 200: LeadResponse, ...memberErrors },
        },
      },
      async (request) => service.update(request.body, caller(request)),
    );
    app.get(
      "/lead/:id",
      {
        ...visitorOrMember,
        config,
        schema: {
          ...docs("A lead: reachable by its id until claimed, then by its member only (404 for anyone else)"),
          params: LeadIdParams,
          querystring: CacheBuster,
          response: { 200: LeadResponse, ...errorsOnly(401, 404, 422, 429) },
        },
      },
      async (request) => service.find(request.params.id, caller(request)),
    );
  };
}
