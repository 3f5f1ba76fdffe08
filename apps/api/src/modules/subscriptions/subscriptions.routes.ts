import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AccountStatusResponse, CacheBuster } from "@serene/contracts";
import { errorsOnly, memberIdOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { SubscriptionsService } from "./subscriptions.service.ts";

export function subscriptionsRoutes(deps: { subscriptions: SubscriptionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/account-status",
      {
        ...memberOnly(app),
        schema: {
          ...routeDocs(
            "subscriptions",
            "member",
          )("The member's subscription: type, since when, and through which provider (all null for a free member)"),
          querystring: CacheBuster,
          response: { 200: AccountStatusResponse, ...errorsOnly(401) },
        },
      },
      async (request) => deps.subscriptions.accountStatus(memberIdOf(request)),
    );
  };
}
