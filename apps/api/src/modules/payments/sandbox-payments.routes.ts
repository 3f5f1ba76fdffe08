import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SandboxCardConfirmBody, SandboxCardConfirmResponse } from "@serene/contracts";
import { isSameOriginPath, sameOriginLocation } from "@serene/domain";
import { limitPerAddress, routeDocs, sandboxPaymentErrors } from "../../http/index.ts";
import { escape, hidden, page } from "../../plugins/sandbox-page.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { SandboxCard } from "./processors/sandbox-card.ts";
import type { SandboxWallet } from "./processors/sandbox-wallet.ts";

/** POST /api/v1/sandbox/card/confirm: the sandbox's counterpart of Stripe.js confirmCardSetup. */
export function sandboxCardApiRoutes(card: SandboxCard, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/sandbox/card/confirm",
      {
        // Per client address and per setup (the client secret's intent id), once the body is valid: RATE_LIMITS.payment.
        preHandler: limitPerAddress(
          limiter,
          "payment",
          (request) => (request.body as SandboxCardConfirmBody).client_secret.split("_secret_")[0]!,
        ),
        schema: {
          ...routeDocs("sandbox")("Confirms a card setup with the offline sandbox card processor (Stripe's test cards)"),
          body: SandboxCardConfirmBody,
          response: { 200: SandboxCardConfirmResponse, ...sandboxPaymentErrors },
        },
      },
      async (request) => card.confirmSetup(request.body),
    );
  };
}

const Id = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{4,80}$/) });
/** Where the bank's page returns to: a path on this site (isSameOriginPath), else the page refuses with 422. */
const ReturnPath = z.string().max(1024).refine(isSameOriginPath).optional();
/** The web app's page after the thank-you page: a path on this site, else left out (the page goes to /thank-you alone). */
const RedirectPath = z
  .string()
  .max(512)
  .optional()
  .catch(undefined)
  .transform((value) => (isSameOriginPath(value) ? value : undefined));
const ApprovalQuery = z.object({ return_url: ReturnPath, redirect: RedirectPath });
const Decision = ApprovalQuery.extend({ decision: z.enum(["approve", "cancel"]) });
const WalletDecision = z.object({ decision: z.enum(["approve", "cancel"]) });

const CARD_RETURN = "/cancel-transaction?provider=stripe";
const WALLET_RETURN = "/cancel-transaction?provider=paypal";

const money = (cents: number, currency: string) => `${currency === "EUR" ? "€" : "$"}${(cents / 100).toFixed(2)}`;

const buttons = `<div class="actions"><button type="submit" name="decision" value="cancel">Cancel</button><button class="primary" type="submit" name="decision" value="approve">Approve</button></div>`;

/** The bank's approval page (3-D Secure) and the wallet's approval page, both offline. */
export function sandboxApprovalPages(deps: { card: SandboxCard | null; wallet: SandboxWallet | null }): FastifyPluginAsync {
  return async (app) => {
    const notFound = page(
      "Sandbox payment",
      `<span class="badge">Sandbox</span><h1>This payment was not found.</h1><p><a href="/">Back to the site</a></p>`,
    );
    const card = deps.card;
    const wallet = deps.wallet;
    /** A form or link whose return_url leaves the site: refused before anything is decided. */
    const badReturn = page(
      "Sandbox payment",
      `<span class="badge">Sandbox</span><h1>This payment cannot continue.</h1><p>The return_url must be a path on this site.</p><p><a href="/">Back to the site</a></p>`,
    );
    const refusesReturn = (result: { success: boolean; error?: z.ZodError }) =>
      !result.success && result.error!.issues.some((issue) => issue.path[0] === "return_url");

    if (card) {
      app.get("/sandbox/card/approve/:id", { schema: { hide: true } }, async (request, reply) => {
        const params = Id.safeParse(request.params);
        const query = ApprovalQuery.safeParse(request.query);
        if (refusesReturn(query)) return reply.code(422).type("text/html").send(badReturn);
        const payment = params.success ? await card.payment(params.data.id) : null;
        if (!payment || !query.success) return reply.code(404).type("text/html").send(notFound);
        const body = `<span class="badge">Sandbox bank</span><h1>Approve this payment</h1>
<p>Your bank asks you to confirm a payment of <strong>${escape(money(payment.amountCents, payment.currency))}</strong> to Serene with the card you entered.</p>
<form method="post" action="/sandbox/card/approve/${escape(payment.id)}">${hidden({ return_url: query.data.return_url, redirect: query.data.redirect })}${buttons}</form>`;
        return reply.type("text/html").send(page("Approve payment", body));
      });
      app.post("/sandbox/card/approve/:id", { schema: { hide: true } }, async (request, reply) => {
        const params = Id.safeParse(request.params);
        const form = Decision.safeParse(request.body);
        if (refusesReturn(form)) return reply.code(422).type("text/html").send(badReturn);
        if (!params.success || !form.success) return reply.code(400).type("text/html").send(notFound);
        await card.decide(params.data.id, form.data.decision === "approve");
        const back = form.data.return_url ?? CARD_RETURN;
        const redirect = form.data.redirect;
        const target = redirect ? `${back}${back.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(redirect)}` : back;
        return reply.code(303).redirect(sameOriginLocation(target) ?? CARD_RETURN);
      });
    }

    if (wallet) {
      app.get("/sandbox/wallet/approve/:id", { schema: { hide: true } }, async (request, reply) => {
        const params = Id.safeParse(request.params);
        const checkout = params.success ? await wallet.checkout(params.data.id) : null;
        if (!checkout) return reply.code(404).type("text/html").send(notFound);
        const item = checkout.item as {
          name?: string;
          money?: { amountCents: number; currency: string };
          months?: number;
          trialDays?: number;
        };
        const price = item.money ? money(item.money.amountCents, item.money.currency) : "";
        const terms = checkout.lifetime
          ? `${price} once`
          : item.trialDays
            ? `free for ${item.trialDays} days, then ${price} every ${item.months === 12 ? "year" : `${item.months} months`}`
            : `${price} every ${item.months === 1 ? "month" : item.months === 12 ? "year" : `${item.months} months`}`;
        const body = `<span class="badge">Sandbox wallet</span><h1>Pay with your wallet</h1>
<p><strong>${escape(item.name ?? "Serene")}</strong>: ${escape(terms)}.</p><p>Approve to let Serene ${checkout.lifetime ? "take this payment" : "bill your wallet on this schedule"}.</p>
<form method="post" action="/sandbox/wallet/approve/${escape(checkout.id)}">${buttons}</form>`;
        return reply.type("text/html").send(page("Approve with your wallet", body));
      });
      app.post("/sandbox/wallet/approve/:id", { schema: { hide: true } }, async (request, reply) => {
        const params = Id.safeParse(request.params);
        // The wallet returns to the pages its checkout named when it was made; the form names none.
        const form = WalletDecision.safeParse(request.body);
        if (!params.success || !form.success) return reply.code(400).type("text/html").send(notFound);
        const target = await wallet.decide(params.data.id, form.data.decision === "approve");
        if (!target) return reply.code(404).type("text/html").send(notFound);
        return reply.code(303).redirect(sameOriginLocation(target) ?? WALLET_RETURN);
      });
    }
  };
}
