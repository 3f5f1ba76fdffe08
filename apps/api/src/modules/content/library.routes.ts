import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ActivityResponse,
  CacheBuster,
  ContentCardList,
  ContentRef,
  FavoriteResponse,
  SessionReportBody,
  SessionReportResponse,
  SessionStatisticsResponse,
  ShareResponse,
  TimeZoneQuery,
} from "@serene/contracts";
import type { FastifyRequest } from "fastify";
import { limitPerMember, memberErrors as errors, memberIdOf as userId, memberOnly, routeDocs, signInOf } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { LibraryService } from "./library.service.ts";

/** Spec 001 section 7: the member's favourites, history, views and listening sessions. */
export function libraryRoutes({ library, limiter }: { library: LibraryService; limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async (app) => {
    const listener = (request: FastifyRequest) => signInOf(request).user;
    const member = memberOnly(app);
    // After the bearer check, per client address and per member: 429 with Retry-After beyond RATE_LIMITS.share.
    const sharer = memberOnly(app, limitPerMember(limiter, "share"));
    // Listening reports likewise, beyond RATE_LIMITS.listening (decision 054).
    const reporter = memberOnly(app, limitPerMember(limiter, "listening"));
    const docs = routeDocs("library", "member");

    app.get(
      "/recently-played",
      {
        ...member,
        schema: {
          ...docs("Items the member played, latest first"),
          querystring: CacheBuster,
          response: { 200: ContentCardList, ...errors },
        },
      },
      (request) => library.recentlyPlayed(signInOf(request)),
    );
    app.get(
      "/favorite",
      {
        ...member,
        schema: {
          ...docs("The member's favourites, latest first"),
          querystring: CacheBuster,
          response: { 200: ContentCardList, ...errors },
        },
      },
      (request) => library.favorites(signInOf(request)),
    );
    app.get(
      "/recommendation",
      {
        ...member,
        schema: {
          ...docs("Items for the member: their goal and the tags of what they like, not yet played"),
          querystring: CacheBuster,
          response: { 200: ContentCardList, ...errors },
        },
      },
      (request) => library.recommended(signInOf(request)),
    );
    app.post(
      "/user/favorite",
      { ...member, schema: { ...docs("Mark an item as favourite"), body: ContentRef, response: { 200: FavoriteResponse, ...errors } } },
      (request) => library.addFavorite(userId(request), request.body),
    );
    app.delete(
      "/user/favorite",
      {
        ...member,
        schema: { ...docs("Remove an item from favourites"), body: ContentRef, response: { 200: FavoriteResponse, ...errors } },
      },
      (request) => library.removeFavorite(userId(request), request.body),
    );
    app.post(
      "/user/history",
      {
        ...member,
        schema: {
          ...docs("Record that the member started an item (Recently Played)"),
          body: ContentRef,
          response: { 201: ActivityResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await library.recordPlay(userId(request), request.body)),
    );
    app.post(
      "/user/views",
      {
        ...member,
        schema: { ...docs("The view record: the member opened an item"), body: ContentRef, response: { 201: ActivityResponse, ...errors } },
      },
      async (request, reply) => reply.code(201).send(await library.recordView(userId(request), request.body)),
    );
    app.get(
      "/user/sessions",
      {
        ...member,
        schema: {
          ...docs("Listening statistics and their pictures, days counted in the member's time zone (tz, else their last, else UTC)"),
          querystring: TimeZoneQuery,
          response: { 200: SessionStatisticsResponse, ...errors },
        },
      },
      (request) => library.statistics(listener(request), request.query.tz),
    );
    app.post(
      "/user/sessions",
      {
        ...reporter,
        schema: {
          ...docs(
            "Report a listening session (UTC to the second, ending in Z); tz: the member's time zone for their days. Kept only " +
              "where it could be true: an item the member may play, not before the account, no longer than the item, not over " +
              "the member's other sessions (422 naming the field otherwise)",
          ),
          querystring: TimeZoneQuery,
          body: SessionReportBody,
          response: { 201: SessionReportResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await library.reportSession(listener(request), request.body, request.query.tz)),
    );
    app.post(
      "/user/shares",
      {
        ...sharer,
        schema: {
          ...docs("Record that the member copied an item's share link"),
          body: ContentRef,
          response: { 201: ShareResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await library.recordShare(userId(request), request.body)),
    );
  };
}
