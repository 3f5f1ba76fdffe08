import { mkdirSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, SignedCookiesResponse } from "@serene/contracts";
import type { MediaConfig } from "../../config.ts";
import { sendError } from "../../plugins/errors.ts";
import { errorsOnly, memberOnly, routeDocs, signInOf } from "../../http/index.ts";
import type { MediaAccess, MediaCookie } from "./media-access.service.ts";

/** Puts a cookie set on the answer: each cookie set, or expired where its value is null. */
export function applyMediaCookies(reply: FastifyReply, cookies: readonly MediaCookie[]) {
  for (const cookie of cookies) {
    if (cookie.value === null) reply.clearCookie(cookie.name, cookie.options);
    else reply.setCookie(cookie.name, cookie.value, cookie.options);
  }
}

/**
 * An `onRequest` hook for the answers after which the browser's media cookies must not open anything:
 * every sign-in (they belonged to whoever used the browser before) and log-out (decision 056). The
 * cookies are expired as the request arrives, so every answer carries it, and a set the route makes
 * later in the same answer replaces it.
 */
export function mediaCookiesLeave(media: Pick<MediaAccess, "expired">) {
  return async (_request: unknown, reply: FastifyReply) => {
    applyMediaCookies(reply, media.expired());
  };
}

/** GET /user/cloudfront-cookies: the signed cookie set, in the body and as cookies. */
export function signedCookieRoutes(deps: { media: MediaAccess }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/cloudfront-cookies",
      {
        ...memberOnly(app),
        schema: {
          ...routeDocs("media", "member")("Signed cookies (CloudFront custom policy) that open the media this member may play"),
          querystring: CacheBuster,
          response: { 200: SignedCookiesResponse, ...errorsOnly(401) },
        },
      },
      async (request, reply) => {
        const { cookies, body } = deps.media.forMember(signInOf(request));
        applyMediaCookies(reply, cookies);
        reply.header("cache-control", "no-store");
        return body;
      },
    );
  };
}

/**
 * What /media serves: media types only, each with its content type. Anything else under the media
 * root (a manifest, a script, a note) does not exist for a visitor. MPEG-TS segments (.ts) are
 * left out on purpose: the pack is fMP4 HLS, and .ts is also TypeScript.
 */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".m4s": "video/iso.segment",
  ".mp4": "video/mp4",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".vtt": "text/vtt",
  ".svg": "image/svg+xml",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

/** The media type of a path under /media, or null when it is not a media file. */
export function mediaTypeOf(pathname: string): string | null {
  const name = pathname.slice(pathname.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? (MEDIA_TYPES[name.slice(dot).toLowerCase()] ?? null) : null;
}

/**
 * /media/*: the media root, every request checked against the signed cookies the way CloudFront
 * checks them (covers are public). Ranges, ETags and conditional requests come from @fastify/static.
 */
export async function registerMediaFiles(app: FastifyInstance, deps: { media: MediaAccess; config: MediaConfig }) {
  mkdirSync(deps.config.uploadDir, { recursive: true });
  await app.register(async (scope) => {
    scope.addHook("onRequest", async (request, reply) => {
      let relative: string;
      try {
        relative = decodeURIComponent(request.url.split("?")[0]!.slice("/media/".length));
      } catch {
        return sendError(reply, 400, { message: "The address is not valid." });
      }
      // Checked on the path as it will be read: no way out of a folder, no way around the check.
      if (relative.split(/[\\/]/).some((segment) => segment === ".." || segment === ".")) {
        return sendError(reply, 403, { message: "You do not have access to this media." });
      }
      if (!mediaTypeOf(relative)) return sendError(reply, 404, { message: "Not found." });
      if (relative.startsWith("covers/")) return;
      const verdict = deps.media.check(request.cookies, relative, request.ip);
      if (!verdict.ok) {
        request.log.info({ reason: verdict.reason }, "media request refused");
        return sendError(reply, 403, { message: "You do not have access to this media." });
      }
    });
    await scope.register(fastifyStatic, {
      // The shipped pack first, then the console's uploads (their paths never meet: an upload's folder is its own).
      root: [deps.config.dir, deps.config.uploadDir],
      prefix: "/media/",
      decorateReply: false,
      index: false,
      dotfiles: "deny",
      allowedPath: (pathname) => mediaTypeOf(pathname) !== null && !pathname.includes(".."),
      setHeaders: (res, filePath) => {
        const type = mediaTypeOf(filePath);
        if (type) res.header("content-type", type);
        res.header("cache-control", filePath.includes("/covers/") ? "public, max-age=86400" : "private, max-age=3600");
      },
    });
  });
}
