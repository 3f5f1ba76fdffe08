import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, MixBody, MixList, MixParams, MixResponse } from "@serene/contracts";
import { z } from "zod";
import { limitPerMember, memberErrors as errors, memberIdOf as memberOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { MixerService } from "./mixer.service.ts";

/** A mix is a name of 40 characters and three sounds: well under 1 KiB as JSON, escapes included. */
const MIX_BODY_LIMIT = 8 * 1024;

/** The Sounds mixer's saved mixes (decision 044). Members only; every call is the member's own. */
export function mixerRoutes(service: MixerService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("mixer", "member");
    const reader = memberOnly(app);
    // After the bearer check, per client address and per member: 429 with Retry-After beyond RATE_LIMITS.mixWrite.
    const writer = memberOnly(app, limitPerMember(limiter, "mixWrite"));

    app.get(
      "/user/mixes",
      {
        ...reader,
        schema: {
          ...docs("The member's mixes, the latest changed first"),
          querystring: CacheBuster,
          response: { 200: MixList, ...errors },
        },
      },
      (request) => service.list(memberOf(request)),
    );
    app.post(
      "/user/mixes",
      {
        ...writer,
        bodyLimit: MIX_BODY_LIMIT,
        schema: {
          ...docs("Save a mix: a name and one to three soundscapes, each with its volume (422 on name beyond the member's limit)"),
          body: MixBody,
          response: { 201: MixResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(memberOf(request), request.body)),
    );
    app.put(
      "/user/mixes/:id",
      {
        ...writer,
        bodyLimit: MIX_BODY_LIMIT,
        schema: {
          ...docs("Edit one of the member's mixes: its name and sounds (404 for another member's mix)"),
          params: MixParams,
          body: MixBody,
          response: { 200: MixResponse, ...errors },
        },
      },
      (request) => service.update(memberOf(request), request.params.id, request.body),
    );
    app.delete(
      "/user/mixes/:id",
      {
        ...writer,
        schema: {
          ...docs("Delete one of the member's mixes (404 for another member's mix)"),
          params: MixParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(memberOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
