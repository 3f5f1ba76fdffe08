import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AchievementList, CacheBuster, ErrorResponse, errorResponses } from "@serene/contracts";
import { authOf } from "../../plugins/auth";
import type { AchievementsService } from "./achievements.service";

const errors = { ...errorResponses, 401: ErrorResponse };

/** Spec 001 sections 2 and 7: the member's badges (decision 034). */
export function achievementsRoutes(service: AchievementsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/achievements",
      {
        onRequest: [app.authenticate],
        schema: {
          tags: ["achievements"],
          summary: "All fourteen badges in catalogue order: received or not, when, and the one received last",
          security: [{ bearer: [] }],
          querystring: CacheBuster,
          response: { 200: AchievementList, ...errors },
        },
      },
      (request: FastifyRequest) => service.list(authOf(request).signIn.user.id),
    );
  };
}
