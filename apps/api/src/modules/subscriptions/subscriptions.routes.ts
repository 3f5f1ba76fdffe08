import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AccountStatusResponse, CacheBuster, ErrorResponse } from "@serene/contracts";
import type { Sessions } from "../accounts/sessions";
import { authenticate, authOf } from "../../plugins/auth";
import type { SubscriptionsService } from "./subscriptions.service";

export function subscriptionsRoutes(deps: { subscriptions: SubscriptionsService; sessions: Sessions }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/account-status",
      {
        onRequest: authenticate(deps.sessions),
        schema: {
          tags: ["subscriptions"],
          summary: "The member's subscription: type, since when, and through which provider (all null for a free member)",
          security: [{ bearer: [] }],
          querystring: CacheBuster,
          response: { 200: AccountStatusResponse, 401: ErrorResponse },
        },
      },
      async (request) => deps.subscriptions.accountStatus(authOf(request).session.user.id),
    );
  };
}
