import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CacheBuster,
  CheckoutResponse,
  ErrorResponse,
  errorResponses,
  IdParam,
  PackageListQuery,
  PackageListResponse,
  PackageResponse,
} from "@serene/contracts";
import type { PlansService } from "./plans.service";

const errors = { ...errorResponses, 401: ErrorResponse };

/** Spec 000 section 7: GET /package/web, /package/{id}, /checkout/{id} and /user/checkout/{id}. */
export function plansRoutes({ plans }: { plans: PlansService }): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = (summary: string) => ({ tags: ["plans"], summary });
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
        schema: {
          ...docs("A checkout: its type, theme and packages"),
          params: IdParam,
          querystring: CacheBuster,
          response: { 200: CheckoutResponse, ...errors },
        },
      },
      (request) => plans.checkout(request.params.id),
    );
    app.get(
      "/user/checkout/:id",
      {
        onRequest: app.authenticate,
        schema: {
          ...docs("A checkout for a signed-in member"),
          security: [{ bearer: [] }],
          params: IdParam,
          querystring: CacheBuster,
          response: { 200: CheckoutResponse, ...errors },
        },
      },
      (request) => plans.checkout(request.params.id),
    );
  };
}
