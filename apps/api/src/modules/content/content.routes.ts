import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CacheBuster,
  CollectionResponse,
  ContentCardList,
  ContentCardPage,
  ContentItemResponse,
  ContentListQuery,
  IdParam,
  PlanQuery,
  PlanResponse,
  PremiumSummaryQuery,
  PremiumSummaryResponse,
  RecommendationQuery,
  ScreenParams,
  ScreenQuery,
  ScreenResponse,
  SearchQuery,
  TagListQuery,
  TagListResponse,
} from "@serene/contracts";
import { CONTENT_MODELS } from "@serene/domain";
import { memberErrors as errors, memberOnly, routeDocs, signInOf } from "../../http/index.ts";
import type { CatalogueService } from "./catalogue.service.ts";

/** Spec 001 section 7: the catalogue as members browse it. */
export function contentRoutes({ catalogue }: { catalogue: CatalogueService }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = memberOnly(app);
    const docs = routeDocs("content", "member");

    app.get(
      "/screen/:name",
      {
        ...member,
        schema: {
          ...docs("A screen's sections (home, meditation, music, sleep, therapy), paged"),
          params: ScreenParams,
          querystring: ScreenQuery,
          response: { 200: ScreenResponse, ...errors },
        },
      },
      (request) => catalogue.screen(request.params.name, request.query, signInOf(request)),
    );

    for (const model of CONTENT_MODELS) {
      app.get(
        `/${model}`,
        {
          ...member,
          schema: {
            ...docs(`Items of ${model}, filtered by tags (any of them), paged`),
            querystring: ContentListQuery,
            response: { 200: ContentCardPage, ...errors },
          },
        },
        (request) => catalogue.list(model, request.query, signInOf(request)),
      );
      app.get(
        `/${model}/:id`,
        {
          ...member,
          schema: {
            ...docs(`One ${model} item; streams only when the member may play it`),
            params: IdParam,
            querystring: CacheBuster,
            response: { 200: ContentItemResponse, ...errors },
          },
        },
        (request) => catalogue.detail(model, request.params.id, signInOf(request)),
      );
      app.get(
        `/${model}/:id/recommendations`,
        {
          ...member,
          schema: {
            ...docs(
              `Items like this ${model} item: its tags by default (any of them), or the tags given; is_tags_inclusive=0 wants every tag`,
            ),
            params: IdParam,
            querystring: RecommendationQuery,
            response: { 200: ContentCardList, ...errors },
          },
        },
        (request) => catalogue.recommendations(model, request.params.id, request.query, signInOf(request)),
      );
    }

    app.get(
      "/tags",
      {
        ...member,
        schema: {
          ...docs("The tags some item carries (of one model, when given), by name"),
          querystring: TagListQuery,
          response: { 200: TagListResponse, ...errors },
        },
      },
      (request) => catalogue.tags(request.query),
    );
    app.get(
      "/search",
      {
        ...member,
        schema: {
          ...docs("Full-text search over names, tags and descriptions (partial words match), narrowed by tags"),
          querystring: SearchQuery,
          response: { 200: ContentCardPage, ...errors },
        },
      },
      (request) => catalogue.search(request.query, signInOf(request)),
    );
    app.get(
      "/collection/:id",
      {
        ...member,
        schema: {
          ...docs("A collection and its items"),
          params: IdParam,
          querystring: CacheBuster,
          response: { 200: CollectionResponse, ...errors },
        },
      },
      (request) => catalogue.collection(request.params.id, signInOf(request)),
    );
    app.get(
      "/premium-summary",
      {
        ...member,
        schema: {
          ...docs("What Premium opens: the catalogue's locked sessions by type, and the courses and playlists holding them"),
          querystring: PremiumSummaryQuery,
          response: { 200: PremiumSummaryResponse, ...errors },
        },
      },
      () => catalogue.premiumSummary(),
    );
    app.get(
      "/personal-plan-by-day",
      {
        ...member,
        schema: {
          ...docs("The personal plan: every day, or one day, and the member's current day"),
          querystring: PlanQuery,
          response: { 200: PlanResponse, ...errors },
        },
      },
      (request) => catalogue.plan(request.query.day, signInOf(request)),
    );
  };
}
