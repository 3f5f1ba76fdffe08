import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CacheBuster,
  CancelParams,
  ChangePlanBody,
  ErrorResponse,
  errorResponses,
  IdempotencyHeaders,
  MessageResponse,
  PurchaseResponse,
  SavePaymentMethodBody,
  SetupIntentResponse,
  UpgradePreviewQuery,
  UpgradePreviewResponse,
  WalletCancelQuery,
  WalletCheckoutQuery,
  WalletCheckoutResponse,
  WalletReturnBody,
} from "@serene/contracts";
import { isSameOriginPath } from "@serene/domain";
import { authOf } from "../../plugins/auth";
import type { RateLimiter } from "../../plugins/rate-limit";
import type { PurchasesService } from "./purchases.service";

interface Deps {
  purchases: PurchasesService;
  limiter: RateLimiter;
}

const errors = { ...errorResponses, 401: ErrorResponse, 402: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse };
const member = { security: [{ bearer: [] }] };
const ProviderParams = CancelParams;
const ReturnParams = z.object({ purchaseId: z.uuid() });
const ReturnQuery = z.object({ redirect: z.string().max(512).optional() });

/** Card calls under /stripe, wallet calls under /paypal, cancellation, and both providers' webhooks. */
export function paymentsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = app.authenticate;
    const limit = async (request: FastifyRequest) => deps.limiter.consume("payment", request.ip, authOf(request).signIn.user.id);

    app.get(
      "/stripe/setup-intent",
      {
        onRequest: auth,
        schema: {
          tags: ["payments"],
          summary: "A card setup intent: the publishable key and the client secret the card form confirms",
          ...member,
          querystring: CacheBuster,
          response: { 200: SetupIntentResponse, ...errors },
        },
      },
      async (request) => deps.purchases.setupIntent(authOf(request).signIn.user.id),
    );

    app.post(
      "/stripe/payment-method",
      {
        onRequest: auth,
        preHandler: limit,
        schema: {
          tags: ["payments"],
          summary:
            "Saves the confirmed card and buys the package: a free trial starts, or the first charge is taken ('need approve' sends the member to the bank)",
          ...member,
          headers: IdempotencyHeaders,
          body: SavePaymentMethodBody,
          response: { 200: PurchaseResponse, ...errors },
        },
      },
      async (request) => deps.purchases.saveCardAndBuy(authOf(request).signIn.user.id, request.body, request.headers["idempotency-key"]),
    );

    for (const provider of ["stripe", "paypal"] as const) {
      app.get(
        `/${provider}/subscription/preview`,
        {
          onRequest: auth,
          schema: {
            tags: ["payments"],
            summary:
              "What the upgrade to the annual plan costs today: the annual price less a credit for the unused part of the paid period",
            ...member,
            querystring: UpgradePreviewQuery,
            response: { 200: UpgradePreviewResponse, ...errors },
          },
        },
        async (request) => deps.purchases.upgradePreview(authOf(request).signIn.user.id, provider, request.query),
      );

      app.put(
        `/${provider}/subscription`,
        {
          onRequest: auth,
          preHandler: limit,
          schema: {
            tags: ["payments"],
            summary:
              "Changes the plan: the upgrade to the annual plan, paid now at the annual price less the credit for the unused part of the paid period",
            ...member,
            headers: IdempotencyHeaders,
            body: ChangePlanBody,
            response: { 200: PurchaseResponse, ...errors },
          },
        },
        async (request) =>
          deps.purchases.changePlan(authOf(request).signIn.user.id, provider, request.body, request.headers["idempotency-key"]),
      );
    }

    // The bank's approval page sends the browser back here; it goes on to /thank-you or /cancel-transaction.
    app.get(
      "/stripe/return/:purchaseId",
      { schema: { hide: true, params: ReturnParams, querystring: ReturnQuery } },
      async (request, reply) => {
        const outcome = await deps.purchases.approvalReturn(request.params.purchaseId);
        // Only a path on this site may be a redirect target.
        const redirect = isSameOriginPath(request.query.redirect) ? request.query.redirect : null;
        const target =
          outcome === "granted"
            ? `/thank-you${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`
            : `/cancel-transaction?provider=stripe${outcome === "waiting" ? "&reason=pending" : ""}`;
        return reply.code(303).redirect(target);
      },
    );

    app.get(
      "/paypal/subscription",
      {
        onRequest: auth,
        preHandler: limit,
        schema: {
          tags: ["payments"],
          summary: "Starts a wallet checkout: where the member approves the payment",
          ...member,
          headers: IdempotencyHeaders,
          querystring: WalletCheckoutQuery,
          response: { 200: WalletCheckoutResponse, ...errors },
        },
      },
      async (request) => deps.purchases.walletCheckout(authOf(request).signIn.user.id, request.query, request.headers["idempotency-key"]),
    );

    app.post(
      "/paypal/success-transaction",
      {
        onRequest: auth,
        preHandler: limit,
        schema: {
          tags: ["payments"],
          summary: "The member is back from the wallet having approved: the subscription starts",
          ...member,
          headers: IdempotencyHeaders,
          body: WalletReturnBody,
          response: { 200: PurchaseResponse, ...errors },
        },
      },
      async (request) => deps.purchases.walletReturn(authOf(request).signIn.user.id, request.body),
    );

    app.get(
      "/paypal/cancel-transaction",
      {
        onRequest: auth,
        schema: {
          tags: ["payments"],
          summary: "The member came back from the wallet without approving",
          ...member,
          querystring: WalletCancelQuery,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => deps.purchases.walletCancel(authOf(request).signIn.user.id, request.query.token),
    );

    app.delete(
      "/subscription/web/cancel/:provider",
      {
        onRequest: auth,
        schema: {
          tags: ["payments"],
          summary: "Cancels the subscription: billing stops, access lasts until the period ends",
          ...member,
          params: ProviderParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => deps.purchases.cancel(authOf(request).signIn.user.id, request.params.provider),
    );

    app.post(
      "/subscription/web/resume/:provider",
      {
        onRequest: auth,
        preHandler: limit,
        schema: {
          tags: ["payments"],
          summary: "Resumes a cancelled subscription whose period has not ended: billing goes on as before",
          ...member,
          params: ProviderParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => deps.purchases.resume(authOf(request).signIn.user.id, request.params.provider),
    );

    // Webhooks read the raw body: the signature covers the exact bytes.
    await app.register(async (hooks) => {
      hooks.removeAllContentTypeParsers();
      hooks.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
      const receive = (provider: "stripe" | "paypal") => async (request: FastifyRequest, reply: FastifyReply) => {
        await deps.purchases.receiveWebhook(provider, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers);
        return reply.send({ received: true });
      };
      const schema = {
        tags: ["payments"],
        summary: "Provider webhook (signature verified)",
        response: { 200: z.object({ received: z.boolean() }), ...errors },
      };
      hooks.post("/stripe/webhook", { schema }, receive("stripe"));
      hooks.post("/paypal/webhook", { schema }, receive("paypal"));
    });
  };
}
