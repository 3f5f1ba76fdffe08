import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CacheBuster,
  LandingPageParams,
  LandingPageQuery,
  LandingPageResponse,
  SalesPageParams,
  SalesPageResponse,
} from "@serene/contracts";
import { errorsOnly, routeDocs } from "../../http/index.ts";
import type { SalesPagesService } from "./sales-pages.service.ts";

/**
 * The same answer for everyone (the page fills in the name itself), changing only with a release:
 * browsers and shared caches may keep it for a few minutes.
 */
export const SALES_PAGE_CACHE_CONTROL = "public, max-age=300";

const errors = errorsOnly(404, 422);

/** Spec 000 section 2: the copy of the promo checkout sales page, and the campaign landing pages of /lp/{lp}. */
export function salesPagesRoutes(service: SalesPagesService): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("sales-pages");
    app.get(
      "/sales-page/:slug",
      {
        schema: {
          ...docs("The copy of a sales page, in the order of its 26 sections (prices come from the checkout)"),
          params: SalesPageParams,
          querystring: CacheBuster,
          response: { 200: SalesPageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = service.page(request.params.slug);
        reply.header("cache-control", SALES_PAGE_CACHE_CONTROL);
        return answer;
      },
    );
    app.get(
      "/lp/:lp",
      {
        schema: {
          ...docs("A campaign landing page: its checkout, theme and title, and its sales page with the campaign's own blocks in place"),
          params: LandingPageParams,
          querystring: LandingPageQuery,
          response: { 200: LandingPageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = service.landing(request.params.lp);
        reply.header("cache-control", SALES_PAGE_CACHE_CONTROL);
        return answer;
      },
    );
  };
}
