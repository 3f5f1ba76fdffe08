import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CacheBuster,
  CheckoutQuery,
  CheckoutResponse,
  IdParam,
  PackageListQuery,
  PackageListResponse,
  PackageResponse,
  UserCheckoutQuery,
} from "@serene/contracts";
import { memberErrors as errors, memberIdOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { PlansService } from "./plans.service.ts";

/** Spec 000 section 7: GET /package/web, /package/{id}, /checkout/{id} and /user/checkout/{id}. */
export function plansRoutes({ plans }: { plans: PlansService }): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("plans");
    app.get(
      "/package/web",
      {
        schema: {
          ...docs("Web packages, by placement, currency and provider"),
          querystring: PackageListQuery,
          response: { 200: PackageListResponse, ...errors },
        },
      },
      (request) => plans.webPackages(request.query),
    );
    app.get(
      "/package/:id",
      {
        schema: {
          ...docs("One package (the purchase event reads its currency and amount)"),
          params: IdParam,
          querystring: CacheBuster,
          response: { 200: PackageResponse, ...errors },
        },
      },
      (request) => plans.package(request.params.id),
    );
    app.get(
      "/checkout/:id",
      {
        // With a lead it answers that lead's clock: never cached.
        config: { personal: true },
        schema: {
          ...docs("A checkout: its type, theme, sales page, timed offer and packages"),
          description:
            "Without `lead`, every package is listed and the offer has no clock (the browser keeps a visitor's deadline). With the id of an unclaimed lead, the answer is the person's one clock for the checkout's offer packages (the lead, the other leads of its address and the address's member, on any checkout offering them): it starts on the person's first visit to any of those checkouts and is read afterwards; once it has ended, the offer packages are left out. An unknown or claimed lead is answered as a visitor.",
          params: IdParam,
          querystring: CheckoutQuery,
          response: { 200: CheckoutResponse, ...errors },
        },
      },
      (request) =>
        plans.checkout(request.params.id, request.query.lead ? { kind: "lead", leadId: request.query.lead } : { kind: "visitor" }),
    );
    app.get(
      "/user/checkout/:id",
      {
        ...memberOnly(app),
        schema: {
          ...docs("A checkout for a signed-in member, with the member's offer clock", {
            access: "member",
            description:
              "The member's one clock for the checkout's offer packages (with the leads of their address, on any checkout offering them) starts on their first visit to any of those checkouts and never restarts. `started_at` (the start the browser kept while they were a visitor) is taken on that first visit only if it is in the past and within the offer's hours: it can make the deadline earlier, never later.",
          }),
          params: IdParam,
          querystring: UserCheckoutQuery,
          response: { 200: CheckoutResponse, ...errors },
        },
      },
      (request) =>
        plans.checkout(request.params.id, {
          kind: "member",
          userId: memberIdOf(request),
          browserStart: request.query.started_at ? new Date(request.query.started_at) : undefined,
        }),
    );
  };
}
