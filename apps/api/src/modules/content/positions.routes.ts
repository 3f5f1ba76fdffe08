import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, ContinueList, ErrorResponse, errorResponses, IdParam, PositionBody, PositionResponse } from "@serene/contracts";
import { z } from "zod";
import { authOf } from "../../plugins/auth";
import type { PositionsService } from "./positions.service";

const errors = { ...errorResponses, 401: ErrorResponse };

/** The member's place in each item, and home's 'Continue' (decision 043). */
export function positionsRoutes({ positions }: { positions: PositionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { onRequest: app.authenticate };
    const docs = (summary: string) => ({ tags: ["library"], summary, security: [{ bearer: [] }] });
    const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).signIn.user.id;

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
      (request) => positions.continueList(authOf(request).signIn),
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
