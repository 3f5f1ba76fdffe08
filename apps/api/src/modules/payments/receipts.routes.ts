import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BillingResponse,
  CacheBuster,
  ErrorResponse,
  errorResponses,
  Receipt,
  ReceiptListResponse,
  ReceiptParams,
  ReceiptQuery,
} from "@serene/contracts";
import { authOf } from "../../plugins/auth";
import type { ReceiptsService } from "./receipts.service";

const errors = { ...errorResponses, 401: ErrorResponse };
const member = { security: [{ bearer: [] }] };

/** The member's receipts and what their subscription costs. */
export function receiptsRoutes(deps: { receipts: ReceiptsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/receipts",
      {
        onRequest: app.authenticate,
        schema: {
          tags: ["payments"],
          summary: "The member's receipts: every charge taken, newest first",
          ...member,
          querystring: CacheBuster,
          response: { 200: ReceiptListResponse, ...errors },
        },
      },
      async (request) => deps.receipts.list(authOf(request).signIn.user.id),
    );

    app.get(
      "/user/receipts/:id",
      {
        onRequest: app.authenticate,
        schema: {
          tags: ["payments"],
          summary: "One receipt of the member (another member's id is not found)",
          ...member,
          params: ReceiptParams,
          querystring: ReceiptQuery,
          response: { 200: Receipt, ...errors },
        },
      },
      async (request) => deps.receipts.one(authOf(request).signIn.user.id, request.params.id),
    );

    app.get(
      "/user/billing",
      {
        onRequest: app.authenticate,
        schema: {
          tags: ["payments"],
          summary: "What the subscription costs, when it is charged next, what pays it, and whether it can be resumed",
          ...member,
          querystring: CacheBuster,
          response: { 200: BillingResponse, ...errors },
        },
      },
      async (request) => deps.receipts.billing(authOf(request).signIn.user.id),
    );
  };
}
