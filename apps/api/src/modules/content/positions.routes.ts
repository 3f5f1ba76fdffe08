import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, ContinueList, IdParam, PositionBody, PositionResponse } from "@serene/contracts";
import { z } from "zod";
import { memberErrors as errors, memberIdOf as userId, memberOnly, routeDocs, signInOf } from "../../http/index.ts";
import type { PositionsService } from "./positions.service.ts";

/** The member's place in each item, and home's 'Continue' (decision 043). */
export function positionsRoutes({ positions }: { positions: PositionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = memberOnly(app);
    const docs = routeDocs("library", "member");

    app.get(
      "/user/continue",
      {
        ...member,
        schema: {
          ...docs("Unfinished items to continue, latest first"),
          querystring: CacheBuster,
          response: { 200: ContinueList, ...errors },
        },
      },
      (request) => positions.continueList(signInOf(request)),
    );
    app.get(
      "/user/positions/:id",
      {
        ...member,
        schema: {
          ...docs("The member's place in an item (data is null when none is kept)"),
          params: IdParam,
          querystring: CacheBuster,
          response: { 200: PositionResponse, ...errors },
        },
      },
      (request) => positions.find(userId(request), request.params.id),
    );
    app.put(
      "/user/positions/:id",
      {
        ...member,
        schema: {
          ...docs("Keep the member's place in an item (seconds), replacing the one before"),
          params: IdParam,
          body: PositionBody,
          response: { 200: PositionResponse, ...errors },
        },
      },
      (request) => positions.save(userId(request), request.params.id, request.body),
    );
    app.delete(
      "/user/positions/:id",
      {
        ...member,
        schema: { ...docs("Forget the member's place: start again"), params: IdParam, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await positions.remove(userId(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
