import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BillingResponse, CacheBuster, Receipt, ReceiptListResponse, ReceiptParams, ReceiptQuery } from "@serene/contracts";
import { memberErrors as errors, memberIdOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { ReceiptsService } from "./receipts.service.ts";

/** The member's receipts and what their subscription costs. */
export function receiptsRoutes(deps: { receipts: ReceiptsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("payments", "member");
    app.get(
      "/user/receipts",
      {
        ...memberOnly(app),
        schema: {
          ...docs("The member's receipts: every charge taken, newest first"),
          querystring: CacheBuster,
          response: { 200: ReceiptListResponse, ...errors },
        },
      },
      async (request) => deps.receipts.list(memberIdOf(request)),
    );

    app.get(
      "/user/receipts/:id",
      {
        ...memberOnly(app),
        schema: {
          ...docs("One receipt of the member (another member's id is not found)"),
          params: ReceiptParams,
          querystring: ReceiptQuery,
          response: { 200: Receipt, ...errors },
        },
      },
      async (request) => deps.receipts.one(memberIdOf(request), request.params.id),
    );

    app.get(
      "/user/billing",
      {
        ...memberOnly(app),
        schema: {
          ...docs("What the subscription costs, when it is charged next, what pays it, and whether it can be resumed"),
          querystring: CacheBuster,
          response: { 200: BillingResponse, ...errors },
        },
      },
      async (request) => deps.receipts.billing(memberIdOf(request)),
    );
  };
}
