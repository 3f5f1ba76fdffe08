import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AchievementList, CacheBuster } from "@serene/contracts";
import { memberErrors as errors, memberIdOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { AchievementsService } from "./achievements.service.ts";

/** Spec 001 sections 2 and 7: the member's badges (decision 034). */
export function achievementsRoutes(service: AchievementsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/achievements",
      {
        ...memberOnly(app),
        schema: {
          ...routeDocs(
            "achievements",
            "member",
          )("All fourteen badges in catalogue order: received or not, when, and the one received last"),
          querystring: CacheBuster,
          response: { 200: AchievementList, ...errors },
        },
      },
      (request) => service.list(memberIdOf(request)),
    );
  };
}
