import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CacheBuster,
  CancelParams,
  ChangePlanBody,
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
import { limitPerMember, memberIdOf, memberOnly, paymentErrors as errors, routeDocs } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { PurchasesService } from "./purchases.service.ts";

interface Deps {
  purchases: PurchasesService;
  limiter: RateLimiter;
}

const ProviderParams = CancelParams;
const ReturnParams = z.object({ purchaseId: z.string() });
const ReturnQuery = z.object({ redirect: z.string().max(512).optional() });

/** Card calls under /stripe, wallet calls under /paypal, cancellation, and both providers' webhooks. */
export function paymentsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("payments", "member");
    const member = memberOnly(app);
    // Per client address and per member, once the body is valid: 429 with Retry-After beyond RATE_LIMITS.payment.
    const limit = limitPerMember(deps.limiter, "payment");

    app.get(
      "/stripe/setup-intent",
      {
        ...member,
        schema: {
          ...docs("A card setup intent: the publishable key and the client secret the card form confirms"),
          querystring: CacheBuster,
          response: { 200: SetupIntentResponse, ...errors },
        },
      },
      async (request) => deps.purchases.setupIntent(memberIdOf(request)),
    );

    app.post(
      "/stripe/payment-method",
      {
        ...member,
        preHandler: limit,
        schema: {
          ...docs(
            "Saves the confirmed card and buys the package: a free trial starts, or the first charge is taken ('need approve' sends the member to the bank)",
          ),
          headers: IdempotencyHeaders,
          body: SavePaymentMethodBody,
          response: { 200: PurchaseResponse, ...errors },
        },
      },
      async (request) => deps.purchases.saveCardAndBuy(memberIdOf(request), request.body, request.headers["idempotency-key"]),
    );

    for (const provider of ["stripe", "paypal"] as const) {
      app.get(
        `/${provider}/subscription/preview`,
        {
          ...member,
          schema: {
            ...docs(
              "What the upgrade to the annual plan costs today: the annual price less a credit for the unused part of the paid period",
            ),
            querystring: UpgradePreviewQuery,
            response: { 200: UpgradePreviewResponse, ...errors },
          },
        },
        async (request) => deps.purchases.upgradePreview(memberIdOf(request), provider, request.query),
      );

      app.put(
        `/${provider}/subscription`,
        {
          ...member,
          preHandler: limit,
          schema: {
            ...docs(
              "Changes the plan: the upgrade to the annual plan, paid now at the annual price less the credit for the unused part of the paid period",
            ),
            headers: IdempotencyHeaders,
            body: ChangePlanBody,
            response: { 200: PurchaseResponse, ...errors },
          },
        },
        async (request) => deps.purchases.changePlan(memberIdOf(request), provider, request.body, request.headers["idempotency-key"]),
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
        ...member,
        preHandler: limit,
        schema: {
          ...docs("Starts a wallet checkout: where the member approves the payment"),
          headers: IdempotencyHeaders,
          querystring: WalletCheckoutQuery,
          response: { 200: WalletCheckoutResponse, ...errors },
        },
      },
      async (request) => deps.purchases.walletCheckout(memberIdOf(request), request.query, request.headers["idempotency-key"]),
    );

    app.post(
      "/paypal/success-transaction",
      {
        ...member,
        preHandler: limit,
        schema: {
          ...docs("The member is back from the wallet having approved: the subscription starts"),
          headers: IdempotencyHeaders,
          body: WalletReturnBody,
          response: { 200: PurchaseResponse, ...errors },
        },
      },
      async (request) => deps.purchases.walletReturn(memberIdOf(request), request.body),
    );

    app.get(
      "/paypal/cancel-transaction",
      {
        ...member,
        schema: {
          ...docs("The member came back from the wallet without approving"),
          querystring: WalletCancelQuery,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => deps.purchases.walletCancel(memberIdOf(request), request.query.token),
    );

    app.delete(
      "/subscription/web/cancel/:provider",
      {
        ...member,
        schema: {
          ...docs("Cancels the subscription: billing stops, access lasts until the period ends"),
          params: ProviderParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => deps.purchases.cancel(memberIdOf(request), request.params.provider),
    );

    app.post(
      "/subscription/web/resume/:provider",
      {
        ...member,
        preHandler: limit,
        schema: {
          ...docs("Resumes a cancelled subscription whose period has not ended: billing goes on as before"),
          params: ProviderParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => deps.purchases.resume(memberIdOf(request), request.params.provider),
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
        ...docs("Provider webhook (signature verified)", { access: "public" }),
        response: { 200: z.object({ received: z.boolean() }), ...errors },
      };
      hooks.post("/stripe/webhook", { schema }, receive("stripe"));
      hooks.post("/paypal/webhook", { schema }, receive("paypal"));
    });
  };
}
