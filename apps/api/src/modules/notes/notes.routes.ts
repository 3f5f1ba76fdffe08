import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, DeletedResponse, NoteBody, NoteList, NoteParams, NoteResponse, PageQuery } from "@serene/contracts";
import { limitPerMember, memberErrors as errors, memberIdOf as memberOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { NotesService } from "./notes.service.ts";

/** A note is at most 10,000 characters (under 60 KiB as JSON, escapes included); anything bigger is not one. */
const NOTE_BODY_LIMIT = 64 * 1024;

/** Spec 001 sections 2, 7 and 9: the member's notes (decision 033). Members only; every call is the member's own. */
export function notesRoutes(service: NotesService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("notes", "member");
    const reader = memberOnly(app);
    // After the bearer check, per client address and per member: 429 with Retry-After beyond RATE_LIMITS.noteWrite.
    const writer = memberOnly(app, limitPerMember(limiter, "noteWrite"));

    app.get(
      "/user/notes",
      {
        ...reader,
        schema: {
          ...docs("The member's notes, newest first (20 a page unless per_page says otherwise, up to 100)"),
          querystring: PageQuery,
          response: { 200: NoteList, ...errors },
        },
      },
      (request) => service.list(memberOf(request), { page: request.query.page, perPage: request.query.per_page }),
    );
    app.get(
      "/user/notes/:id",
      {
        ...reader,
        schema: {
          ...docs("One of the member's notes (404 for another member's, an unknown or a malformed id)"),
          params: NoteParams,
          querystring: CacheBuster,
          response: { 200: NoteResponse, ...errors },
        },
      },
      (request) => service.read(memberOf(request), request.params.id),
    );
    app.post(
      "/user/notes",
      {
        ...writer,
        bodyLimit: NOTE_BODY_LIMIT,
        schema: { ...docs("Write a note"), body: NoteBody, response: { 201: NoteResponse, ...errors } },
      },
      async (request, reply) => reply.code(201).send(await service.create(memberOf(request), request.body)),
    );
    app.put(
      "/user/notes/:id",
      {
        ...writer,
        bodyLimit: NOTE_BODY_LIMIT,
        schema: {
          ...docs("Edit one of the member's notes: its title and content (404 for another member's note)"),
          params: NoteParams,
          body: NoteBody,
          response: { 200: NoteResponse, ...errors },
        },
      },
      (request) => service.update(memberOf(request), request.params.id, request.body),
    );
    app.delete(
      "/user/notes/:id",
      {
        ...writer,
        schema: {
          ...docs("Delete one of the member's notes (404 for another member's note)"),
          params: NoteParams,
          response: { 200: DeletedResponse, ...errors },
        },
      },
      (request) => service.remove(memberOf(request), request.params.id),
    );
  };
}
