import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AccountStatusResponse, CacheBuster, ErrorResponse } from "@serene/contracts";
import { authOf } from "../../plugins/auth";
import type { SubscriptionsService } from "./subscriptions.service";

export function subscriptionsRoutes(deps: { subscriptions: SubscriptionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/account-status",
      {
        onRequest: app.authenticate,
        schema: {
          tags: ["subscriptions"],
          summary: "The member's subscription: type, since when, and through which provider (all null for a free member)",
          security: [{ bearer: [] }],
          querystring: CacheBuster,
          response: { 200: AccountStatusResponse, 401: ErrorResponse },
        },
      },
      async (request) => deps.subscriptions.accountStatus(authOf(request).signIn.user.id),
    );
  };
}
