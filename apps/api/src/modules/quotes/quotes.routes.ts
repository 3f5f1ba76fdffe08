import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { QuoteQuery, QuoteResponse } from "@serene/contracts";
import { errorsOnly, routeDocs } from "../../http/index.ts";
import type { QuotesService } from "./quotes.service.ts";

/** The same answer for everyone: a random one may be kept a minute, the quote of the day until the day ends (at most 5 minutes). */
export const RANDOM_QUOTE_MAX_AGE = 60;
export const DAILY_QUOTE_MAX_AGE = 300;

const errors = errorsOnly(422, 429);

/** Spec 001 section 7: GET /quote (rand=true for one at random). Public: the text is the same for everyone. */
export function quotesRoutes(service: QuotesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/quote",
      {
        schema: {
          ...routeDocs("quotes")("A quote with its author: at random with rand=true, else the quote of the day (UTC)"),
          querystring: QuoteQuery,
          response: { 200: QuoteResponse, ...errors },
        },
      },
      async (request, reply) => {
        const random = request.query.rand === "true";
        const maxAge = random ? RANDOM_QUOTE_MAX_AGE : Math.min(DAILY_QUOTE_MAX_AGE, service.secondsToNextDay());
        reply.header("cache-control", `public, max-age=${maxAge}`);
        return random ? service.random() : service.ofTheDay();
      },
    );
  };
}
