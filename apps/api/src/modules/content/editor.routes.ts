import type { Readable } from "node:stream";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreateEditorItemBody,
  DataFilesResponse,
  EditorItemList,
  EditorItemParams,
  EditorItemQuery,
  EditorItemResponse,
  EditorItemSaved,
  MediaVariantName,
  PublishBody,
  ShelfItemsBody,
  ShelfParams,
  ShelfSaved,
  ShelvesResponse,
  UpdateEditorItemBody,
  WithdrawBody,
} from "@serene/contracts";
import { invalidField } from "../../domain-errors.ts";
import { routeDocs, staffErrors as errors, staffFrom, staffOf, staffOnly } from "../../http/index.ts";
import type { StaffService } from "../staff/staff.service.ts";
import { dataFilesReport } from "./data-files.service.ts";
import type { EditorService } from "./editor.service.ts";

const UploadParams = EditorItemParams.extend({ variant: MediaVariantName });
const UploadHeaders = z.object({
  "content-type": z.string().regex(/^(audio|video)\/[\w.+-]+/, { error: "Send an audio or video file (Content-Type audio/… or video/…)." }),
  /** The file's name on the editor's computer, URI-encoded. */
  "x-file-name": z.string().max(600).optional(),
});

/** The editor's room (decision 070): staff with `content.write` (editors and owners). */
export function editorRoutes(deps: { editor: EditorService; staff: StaffService; uploadMaxBytes: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("admin", "staff");
    const editor = staffOnly(deps.staff, "content.write");
    const actor = (request: Parameters<typeof staffOf>[0]) => ({ staff: staffOf(request).staff, from: staffFrom(request) });

    app.get(
      "/admin/content",
      {
        ...editor,
        schema: {
          ...docs("The catalogue's items as editors see them: drafts, scheduled, published and withdrawn"),
          querystring: EditorItemQuery,
          response: { 200: EditorItemList, ...errors },
        },
      },
      (request) => deps.editor.list(request.query),
    );
    app.get(
      "/admin/content/:id",
      {
        ...editor,
        schema: {
          ...docs("One item with its tags, streams and uploads"),
          params: EditorItemParams,
          response: { 200: EditorItemResponse, ...errors },
        },
      },
      (request) => deps.editor.detail(request.params.id),
    );
    app.post(
      "/admin/content",
      {
        ...editor,
        schema: {
          ...docs("Make an item, as a draft members do not see"),
          body: CreateEditorItemBody,
          response: { 200: EditorItemSaved, ...errors },
        },
      },
      (request) => deps.editor.create(actor(request), request.body),
    );
    app.put(
      "/admin/content/:id",
      {
        ...editor,
        schema: {
          ...docs("Change an item's name, description, type, tags, goal and access"),
          params: EditorItemParams,
          body: UpdateEditorItemBody,
          response: { 200: EditorItemSaved, ...errors },
        },
      },
      (request) => deps.editor.update(actor(request), request.params.id, request.body),
    );
    app.post(
      "/admin/content/:id/publish",
      {
        ...editor,
        schema: {
          ...docs("Publish an item now, or from a moment ahead (scheduled)"),
          params: EditorItemParams,
          body: PublishBody,
          response: { 200: EditorItemSaved, ...errors },
        },
      },
      (request) => deps.editor.publish(actor(request), request.params.id, request.body),
    );
    app.post(
      "/admin/content/:id/withdraw",
      {
        ...editor,
        schema: {
          ...docs("Withdraw an item from every shelf, search and plan at once, on every node"),
          params: EditorItemParams,
          body: WithdrawBody,
          response: { 200: EditorItemSaved, ...errors },
        },
      },
      (request) => deps.editor.withdraw(actor(request), request.params.id, request.body),
    );

    app.get(
      "/admin/data-files",
      {
        ...editor,
        schema: {
          ...docs("Whether the quizzes, pages, quotes and workbooks files load as they are on disk now, with a preview of each"),
          response: { 200: DataFilesResponse, ...errors },
        },
      },
      () => dataFilesReport(),
    );
    app.get(
      "/admin/shelves",
      {
        ...editor,
        schema: {
          ...docs("The screens' sections and the collections, with their items in order"),
          response: { 200: ShelvesResponse, ...errors },
        },
      },
      () => deps.editor.shelves(),
    );
    app.put(
      "/admin/shelves/:kind/:id",
      {
        ...editor,
        schema: {
          ...docs("Set a shelf's items (a screen's section or a collection): added, removed and reordered at once"),
          params: ShelfParams,
          body: ShelfItemsBody,
          response: { 200: ShelfSaved, ...errors },
        },
      },
      (request) => deps.editor.setShelf(actor(request), request.params.kind, request.params.id, request.body),
    );

    // Captions (WebVTT) and a cover image arrive as the body itself, small enough to read whole.
    await app.register(async (scope) => {
      const small = scope.withTypeProvider<ZodTypeProvider>();
      small.addContentTypeParser("text/vtt", { parseAs: "string", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
      small.addContentTypeParser(/^image\//, { parseAs: "buffer", bodyLimit: 4 * 1024 * 1024 }, (_request, body, done) => done(null, body));
      small.put(
        "/admin/content/:id/captions/:variant",
        {
          ...editor,
          bodyLimit: 1024 * 1024,
          schema: {
            ...docs("Set the WebVTT captions of one of an item's uploaded streams"),
            params: UploadParams,
            headers: z.object({
              "content-type": z.string().regex(/^text\/vtt\b/, { error: "Send a WebVTT file (Content-Type text/vtt)." }),
            }),
            response: { 200: EditorItemSaved, ...errors },
          },
        },
        (request) => deps.editor.setCaptions(actor(request), request.params.id, request.params.variant, String(request.body ?? "")),
      );
      small.put(
        "/admin/content/:id/cover",
        {
          ...editor,
          bodyLimit: 4 * 1024 * 1024,
          schema: {
            ...docs("Set an item's cover image (PNG, JPEG or WebP, at most 4 MB)"),
            params: EditorItemParams,
            headers: z.object({ "content-type": z.string().regex(/^image\//, { error: "Send an image (Content-Type image/…)." }) }),
            response: { 200: EditorItemSaved, ...errors },
          },
        },
        (request) =>
          deps.editor.setCover(actor(request), request.params.id, {
            contentType: request.headers["content-type"].split(";")[0]!.trim(),
            bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          }),
      );
    });

    // A recording arrives as the request's body itself, read as a stream (never held in memory whole).
    await app.register(async (scope) => {
      const uploads = scope.withTypeProvider<ZodTypeProvider>();
      uploads.addContentTypeParser(/^(audio|video)\//, { bodyLimit: deps.uploadMaxBytes }, (_request, payload, done) =>
        done(null, payload),
      );
      uploads.put(
        "/admin/content/:id/media/:variant",
        {
          ...editor,
          bodyLimit: deps.uploadMaxBytes,
          schema: {
            ...docs("Upload a recording for one stream of an item; it is packaged as HLS in the background"),
            params: UploadParams,
            headers: UploadHeaders,
            response: { 200: EditorItemSaved, ...errors },
          },
        },
        (request) => {
          let fileName = "recording";
          try {
            fileName = decodeURIComponent(request.headers["x-file-name"] ?? "recording") || "recording";
          } catch {
            // A name that is not valid URI encoding is shown as "recording".
          }
          if (!request.body) throw invalidField("file", "The file is empty.");
          return deps.editor.upload(actor(request), request.params.id, {
            variant: request.params.variant,
            fileName,
            contentType: request.headers["content-type"],
            body: request.body as Readable,
          });
        },
      );
    });
  };
}
