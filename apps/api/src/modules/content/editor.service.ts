import { createWriteStream, existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type {
  CreateEditorItemBody,
  EditorItemList,
  EditorItemQuery,
  EditorItemResponse,
  EditorItemSaved,
  PublishBody,
  ShelfItemsBody,
  ShelfSaved,
  ShelvesResponse,
  UpdateEditorItemBody,
  WithdrawBody,
} from "@serene/contracts";
import { MEDIA_VARIANTS, packageRecording, RecordingRefused, writeCover, type MediaVariant } from "@serene/content";
import { notifyChange, type DatabaseHandle } from "@serene/db";
import { contentState, pageMeta, PERSONAL_PLAN_SECTION, scheduleRefusal, toUtcSecond, WORKBOOKS_SECTION } from "@serene/domain";
import type { FastifyBaseLogger } from "fastify";
import type { MediaConfig } from "../../config.ts";
import { conflict, invalidField, notFound, tooLarge, unreadable } from "../../domain-errors.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { BackgroundWork } from "../../jobs/background.ts";
import { createStaffRepository } from "../staff/staff.repository.ts";
import { auditEntry, type From, type StaffSignIn } from "../staff/staff.service.ts";
import type { ContentItemRow, ContentUploadRow, EditorRepository } from "./editor.repository.ts";

export const PACKAGE_UPLOAD_JOB = "content.package";
/** Cover images an editor may upload, by type. SVG is not among them: served from the product's own address, it could run script. */
const COVER_TYPES: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };
/** The first bytes each image format starts with. */
function matchesSignature(bytes: Buffer, extension: string): boolean {
  if (extension === "png") return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (extension === "jpg") return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP";
}
/** Sections whose items the product chooses for each member: their shelves are not arranged by hand. */
const CHOSEN_BY_PRODUCT: readonly string[] = [PERSONAL_PLAN_SECTION, WORKBOOKS_SECTION];
export const ITEM_NOT_FOUND = "There is no item with that id.";

/** The streams an item of a model may have: voices (and their videos) for sessions, one audio or video for music. */
const VARIANTS_OF: Record<string, readonly MediaVariant[]> = {
  "meditation-sleep": ["audio_female", "audio_male", "video_female", "video_male"],
  cbt: ["audio_female", "audio_male", "video_female", "video_male"],
  "music-soundscape": ["audio", "video"],
};

/**
 * Writes a request body to `file`, up to `max` bytes; past that it stops writing and reads the rest
 * away (so the answer, 413, reaches the browser rather than a cut connection). Answers the bytes that came.
 */
function saveAtMost(body: Readable, file: string, max: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let bytes = 0;
    out.on("error", reject);
    body.on("error", reject);
    body.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > max) {
        if (!out.destroyed) out.destroy();
        return;
      }
      if (!out.write(chunk)) {
        body.pause();
        out.once("drain", () => body.resume());
      }
    });
    body.on("end", () => (out.destroyed ? resolve(bytes) : out.end(() => resolve(bytes))));
  });
}

export interface EditorActor {
  staff: StaffSignIn["staff"];
  from: From;
}

/**
 * The editor's room (issue 29, decision 070): items made, changed, published (now or scheduled) and
 * withdrawn from the console, and recordings uploaded and packaged as HLS by the `content.package` job
 * with the pipeline of `npm run content:ingest`. Each change and its audit entry are written in one
 * transaction that also tells every node the catalogue changed (`notifyChange`), so members see it, or
 * stop seeing it, on every node as it commits.
 */
export function createEditorService(deps: {
  repository: EditorRepository;
  database: DatabaseHandle;
  media: MediaConfig;
  jobs: JobQueue | null;
  background: BackgroundWork;
  logger: Pick<FastifyBaseLogger, "info" | "error">;
  now: () => Date;
}) {
  const { repository, media } = deps;
  const audit = (actor: EditorActor, action: string, item: { id: number }, change: { before?: unknown; after?: unknown }) =>
    createStaffRepository(deps.database.db).audit(
      auditEntry(actor.staff, actor.from, action, { type: "content", id: String(item.id) }, change),
    );
  const coverUrl = (cover: string) => `${media.publicUrl}/${cover}`;

  function summary(row: ContentItemRow) {
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      model: row.model,
      type: row.type,
      free: row.free,
      state: contentState(row, deps.now()),
      publish_at: row.publishAt ? toUtcSecond(row.publishAt) : null,
      duration_seconds: row.durationSeconds,
      cover_url: coverUrl(row.cover),
      variants: Object.keys(row.media),
      updated_at: toUtcSecond(row.updatedAt),
    };
  }

  async function present(row: ContentItemRow): Promise<EditorItemResponse> {
    const [tags, uploads, parent] = await Promise.all([
      repository.tagsOf(row.id),
      repository.uploadsOf(row.id),
      row.parentId === null ? null : repository.nameOf(row.parentId),
    ]);
    return {
      data: {
        ...summary(row),
        description: row.description,
        goal: row.goal,
        tags,
        captions: row.captions,
        parent: row.parentId !== null && parent !== null ? { id: row.parentId, name: parent } : null,
        uploads: uploads.map((upload) => ({
          id: upload.id,
          variant: upload.variant,
          file_name: upload.fileName,
          status: upload.status as "waiting" | "packaging" | "ready" | "failed",
          message: upload.message,
          created_at: toUtcSecond(upload.createdAt),
        })),
      },
    };
  }

  const saved = async (row: ContentItemRow, message: string): Promise<EditorItemSaved> => ({ message, ...(await present(row)) });

  async function existing(id: number): Promise<ContentItemRow> {
    const row = await repository.item(id);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    return row;
  }

  /** The fields the audit log keeps of an item, before and after a change. */
  const kept = (row: ContentItemRow) => ({
    name: row.name,
    type: row.type,
    free: row.free,
    goal: row.goal,
    status: row.status,
    publish_at: row.publishAt?.toISOString() ?? null,
  });

  /**
   * An item moving between free and Premium takes its uploaded streams along between the free and premium
   * folders (only the free folder opens to everyone's media cookies). The shipped pack is read-only: its
   * streams keep their paths, and the API alone decides who is given their address.
   */
  async function moveStreams(row: ContentItemRow, free: boolean): Promise<Record<string, string>> {
    const [from, to] = free ? ["premium/", "free/"] : ["free/", "premium/"];
    const moved: Record<string, string> = {};
    for (const [variant, streamPath] of Object.entries(row.media)) {
      moved[variant] = streamPath;
      if (!streamPath.startsWith(from)) continue;
      const target = `${to}${streamPath.slice(from.length)}`;
      const root = media.uploadDir;
      if (!existsSync(path.join(root, streamPath))) continue;
      await mkdir(path.dirname(path.join(root, target)), { recursive: true });
      await rename(path.join(root, streamPath), path.join(root, target));
      moved[variant] = target;
    }
    return moved;
  }

  /** Packages one upload, once: the stream is the item's when it is ready; a recording that cannot be one says why. */
  async function packageUpload(uploadId: string): Promise<{ outcome: string }> {
    const upload = await repository.claimUpload(uploadId);
    if (!upload) return { outcome: "not waiting" };
    const incoming = incomingFile(upload.id);
    try {
      const row = await repository.item(upload.itemId);
      if (!row) return { outcome: "item gone" };
      const variant = upload.variant as MediaVariant;
      // Its own folder per upload: a new recording never overwrites the one members are playing.
      const streamPath = `${row.free ? "free" : "premium"}/${row.slug}/${MEDIA_VARIANTS[variant]}-${upload.id.slice(0, 8)}`;
      const stream = await packageRecording({
        file: incoming,
        variant,
        model: row.model,
        outDir: path.join(media.uploadDir, streamPath),
        progress: "none",
      });
      await deps.database.inOneTransaction(async () => {
        await repository.setStream(row.id, { variant, path: streamPath, seconds: stream.duration, captions: stream.captions === true });
        await repository.finishUpload(upload.id, { status: "ready" });
        await notifyChange(deps.database.db, "catalogue");
      });
      deps.logger.info({ item: row.id, variant, seconds: stream.duration }, "upload packaged");
      return { outcome: "ready" };
    } catch (error) {
      const message = error instanceof RecordingRefused ? error.message : "Packaging did not finish. Upload the file again.";
      if (!(error instanceof RecordingRefused)) deps.logger.error({ err: error, upload: upload.id }, "packaging an upload failed");
      await repository.finishUpload(upload.id, { status: "failed", message });
      return { outcome: "failed" };
    } finally {
      await rm(incoming, { force: true });
    }
  }

  /** Items as shelves show them, by id. */
  async function shelfItems(ids: readonly number[]) {
    const rows = await repository.itemsNamed(ids);
    return new Map(
      rows.map((row) => [row.id, { id: row.id, name: row.name, state: contentState(row, deps.now()), cover_url: coverUrl(row.cover) }]),
    );
  }

  const incomingFile = (uploadId: string) => path.join(media.uploadDir, "incoming", uploadId);

  return {
    packageUpload,

    async list(query: EditorItemQuery): Promise<EditorItemList> {
      const request = { page: query.page, perPage: query.per_page };
      const { rows, total } = await repository.list({ q: query.q, state: query.state, ...request }, deps.now());
      return { data: rows.map(summary), meta: pageMeta(total, request) };
    },

    detail: async (id: number) => present(await existing(id)),

    /** A new draft, with a cover drawn from its name and type (members see nothing of it until it is published). */
    async create(actor: EditorActor, body: CreateEditorItemBody): Promise<EditorItemSaved> {
      const row = await deps.database.inOneTransaction(async () => {
        const created = await repository.create({ ...body, status: "draft" });
        await audit(actor, "content.created", created, { after: kept(created) });
        return created;
      });
      await writeCover(media.uploadDir, { slug: row.slug, name: row.name, type: row.type, tags: body.tags });
      return saved(row, `"${row.name}" was saved as a draft.`);
    },

    async update(actor: EditorActor, id: number, body: UpdateEditorItemBody): Promise<EditorItemSaved> {
      const before = await existing(id);
      const mediaMoved = before.free === body.free ? undefined : await moveStreams(before, body.free);
      const row = await deps.database.inOneTransaction(async () => {
        const after = (await repository.update(id, { ...body, ...(mediaMoved ? { media: mediaMoved } : {}) }))!;
        await audit(actor, "content.updated", after, { before: kept(before), after: kept(after) });
        await notifyChange(deps.database.db, "catalogue");
        return after;
      });
      return saved(row, "The changes were saved.");
    },

    /** Published now, or from `publish_at`; an item with no stream yet has nothing for members to play. */
    async publish(actor: EditorActor, id: number, body: PublishBody): Promise<EditorItemSaved> {
      const before = await existing(id);
      if (Object.keys(before.media).length === 0)
        throw invalidField("publish_at", "Upload a recording before publishing: members would have nothing to play.");
      const at = body.publish_at ? new Date(body.publish_at) : null;
      const refusal = at ? scheduleRefusal(at, deps.now()) : null;
      if (refusal) throw invalidField("publish_at", refusal);
      const publishAt = at && at.getTime() > deps.now().getTime() ? at : null;
      const row = await deps.database.inOneTransaction(async () => {
        const after = (await repository.setStatus(id, "published", publishAt))!;
        await audit(actor, publishAt ? "content.scheduled" : "content.published", after, { before: kept(before), after: kept(after) });
        await notifyChange(deps.database.db, "catalogue");
        return after;
      });
      return saved(row, publishAt ? `"${row.name}" will be published then.` : `"${row.name}" is published.`);
    },

    /** Gone from every shelf, search, plan and detail at once, on every node; the reason is kept in the audit log. */
    async withdraw(actor: EditorActor, id: number, body: WithdrawBody): Promise<EditorItemSaved> {
      const before = await existing(id);
      if (before.status === "withdrawn") throw conflict(`"${before.name}" is already withdrawn.`);
      const row = await deps.database.inOneTransaction(async () => {
        const after = (await repository.setStatus(id, "withdrawn", null))!;
        await audit(actor, "content.withdrawn", after, { before: kept(before), after: { ...kept(after), reason: body.reason } });
        await notifyChange(deps.database.db, "catalogue");
        return after;
      });
      return saved(row, `"${row.name}" was withdrawn. Members no longer see it.`);
    },

    /**
     * A recording for one stream, read as it arrives into the shared uploads folder (never more than the
     * limit), then queued for packaging. Answers at once: the item's page shows the packaging as it goes.
     */
    async upload(
      actor: EditorActor,
      id: number,
      upload: { variant: MediaVariant; fileName: string; contentType: string; body: Readable },
    ): Promise<EditorItemSaved> {
      const row = await existing(id);
      const allowed = VARIANTS_OF[row.model] ?? [];
      if (!allowed.includes(upload.variant))
        throw invalidField("variant", `An item of ${row.model} has these streams: ${allowed.join(", ")}.`);
      const wants = upload.variant.startsWith("video") ? "video" : "audio";
      if (!upload.contentType.startsWith(`${wants}/`) && !(wants === "audio" && upload.contentType.startsWith("video/")))
        throw invalidField(
          "file",
          wants === "video" ? "Choose a video file for a video stream." : "Choose an audio file (or a video whose sound is used).",
        );
      const record = await repository.addUpload({
        itemId: row.id,
        variant: upload.variant,
        fileName: upload.fileName.slice(0, 200),
        bytes: 0,
        staffId: actor.staff.id,
      });
      const file = incomingFile(record.id);
      await mkdir(path.dirname(file), { recursive: true });
      let bytes = 0;
      try {
        bytes = await saveAtMost(upload.body, file, media.uploadMaxBytes);
      } catch {
        await rm(file, { force: true });
        await repository.finishUpload(record.id, { status: "failed", message: "The upload did not arrive whole." });
        throw unreadable("The upload did not arrive whole. Try again.");
      }
      if (bytes > media.uploadMaxBytes) {
        await rm(file, { force: true });
        const message = `The file is larger than ${Math.round(media.uploadMaxBytes / 1024 / 1024)} MB.`;
        await repository.finishUpload(record.id, { status: "failed", message });
        throw tooLarge(message);
      }
      if (bytes === 0) {
        await rm(file, { force: true });
        await repository.finishUpload(record.id, { status: "failed", message: "The file was empty." });
        throw invalidField("file", "The file is empty.");
      }
      await deps.database.inOneTransaction(async () => {
        await repository.setUploadBytes(record.id, bytes);
        await audit(actor, "content.uploaded", row, { after: { variant: upload.variant, file_name: record.fileName, bytes } });
        if (deps.jobs) await deps.jobs.send(PACKAGE_UPLOAD_JOB, { uploadId: record.id }, { singletonKey: record.id });
      });
      if (!deps.jobs) deps.background.run(PACKAGE_UPLOAD_JOB, () => packageUpload(record.id));
      return saved(row, `"${record.fileName}" arrived. It is being packaged for streaming.`);
    },

    /**
     * WebVTT captions for one of the item's streams, written beside its playlist (`captions.vtt`) where the
     * console's uploads keep it; the shipped pack's captions are made with the pack (`content:build`).
     */
    async setCaptions(actor: EditorActor, id: number, variant: MediaVariant, vtt: string): Promise<EditorItemSaved> {
      const row = await existing(id);
      const streamPath = row.media[variant];
      if (!streamPath) throw invalidField("variant", "Upload this stream's recording before its captions.");
      const folder = path.join(media.uploadDir, streamPath);
      if (!existsSync(path.join(folder, "index.m3u8")))
        throw invalidField("variant", "This recording ships with the product: its captions are made with the media pack.");
      const text = vtt.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
      if (!/^WEBVTT(?:[ \t][^\n]*)?\n/.test(`${text}\n`))
        throw invalidField("file", "Captions must be a WebVTT file: its first line is WEBVTT.");
      if (!/-->/.test(text)) throw invalidField("file", "The captions file has no timed lines (00:00:01.000 --> 00:00:04.000).");
      await writeFile(path.join(folder, "captions.vtt"), text.endsWith("\n") ? text : `${text}\n`);
      const after = await deps.database.inOneTransaction(async () => {
        const changed = (await repository.setCaptions(id, variant, true))!;
        await audit(actor, "content.captions-added", changed, { after: { variant } });
        await notifyChange(deps.database.db, "catalogue");
        return changed;
      });
      return saved(after, "The captions were saved. Members see them with the recording.");
    },

    /** A cover image of the item's own (PNG, JPEG or WebP, never SVG: it could carry script), in its own file. */
    async setCover(actor: EditorActor, id: number, image: { contentType: string; bytes: Buffer }): Promise<EditorItemSaved> {
      const row = await existing(id);
      const extension = COVER_TYPES[image.contentType];
      if (!extension) throw invalidField("file", "Choose a PNG, JPEG or WebP image.");
      if (image.bytes.length === 0) throw invalidField("file", "The image is empty.");
      if (!matchesSignature(image.bytes, extension)) throw invalidField("file", `The file is not a ${extension.toUpperCase()} image.`);
      const cover = `covers/${row.slug}-${Date.now().toString(36)}.${extension}`;
      await mkdir(path.join(media.uploadDir, "covers"), { recursive: true });
      await writeFile(path.join(media.uploadDir, cover), image.bytes);
      const after = await deps.database.inOneTransaction(async () => {
        const changed = (await repository.setCover(id, cover))!;
        await audit(actor, "content.cover-changed", changed, { before: { cover: row.cover }, after: { cover } });
        await notifyChange(deps.database.db, "catalogue");
        return changed;
      });
      return saved(after, "The cover was changed.");
    },

    /** Every shelf an editor arranges: the screens' sections (in screen order) and the collections. */
    async shelves(): Promise<ShelvesResponse> {
      const { sections, collections } = await repository.shelves();
      const ids = [...new Set([...sections, ...collections].flatMap((shelf) => shelf.items))];
      const named = await shelfItems(ids);
      const pick = (items: number[]) => items.map((id) => named.get(id)).filter((item) => item !== undefined);
      return {
        data: {
          sections: sections.map((section) => ({
            id: section.id,
            screen: section.screen,
            name: section.name,
            section_type: section.sectionType,
            editable: !CHOSEN_BY_PRODUCT.includes(section.sectionType),
            items: pick(section.items),
          })),
          collections: collections.map((collection) => ({ id: collection.id, name: collection.name, items: pick(collection.items) })),
        },
      };
    },

    /** A shelf's items, added, removed and reordered at once; every node shows the new order as it commits. */
    async setShelf(actor: EditorActor, kind: "sections" | "collections", id: number, body: ShelfItemsBody): Promise<ShelfSaved> {
      const shelf = kind === "sections" ? await repository.section(id) : await repository.collection(id);
      if (!shelf) throw notFound("There is no shelf with that id.");
      if ("sectionType" in shelf && CHOSEN_BY_PRODUCT.includes(shelf.sectionType))
        throw invalidField("items", `The product chooses what "${shelf.name}" shows for each member.`);
      if (new Set(body.items).size !== body.items.length) throw invalidField("items", "Each item can be on a shelf once.");
      const named = await shelfItems(body.items);
      const unknown = body.items.filter((item) => !named.has(item));
      if (unknown.length > 0) throw invalidField("items", `There is no item with the id ${unknown.join(", ")}.`);
      const before = (await repository.shelves())[kind].find((entry) => entry.id === id)?.items ?? [];
      await deps.database.inOneTransaction(async () => {
        await repository.setShelf(kind, id, body.items);
        await createStaffRepository(deps.database.db).audit(
          auditEntry(
            actor.staff,
            actor.from,
            "shelf.changed",
            { type: kind === "sections" ? "section" : "collection", id: String(id) },
            {
              before: { name: shelf.name, items: before },
              after: { name: shelf.name, items: body.items },
            },
          ),
        );
        await notifyChange(deps.database.db, "catalogue");
      });
      return { message: `"${shelf.name}" was saved.`, data: { id, items: body.items.map((item) => named.get(item)!) } };
    },

    /** Uploads a stopped worker left waiting or packaging for over an hour are tried again (the job's sweep). */
    async retryStalled(): Promise<number> {
      const stalled: ContentUploadRow[] = await repository.stalledUploads(new Date(deps.now().getTime() - 3_600_000));
      for (const upload of stalled) {
        if (!existsSync(incomingFile(upload.id))) {
          await repository.finishUpload(upload.id, {
            status: "failed",
            message: "The file was lost before it was packaged. Upload it again.",
          });
          continue;
        }
        await repository.finishUpload(upload.id, { status: "waiting" });
        await packageUpload(upload.id);
      }
      return stalled.length;
    },
  };
}
export type EditorService = ReturnType<typeof createEditorService>;
