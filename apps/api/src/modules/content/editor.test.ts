import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeToneRecording } from "@serene/content";
import { createDatabase, type DatabaseHandle } from "@serene/db";
import type { EditorItemSaved as EditorItemResponse } from "@serene/contracts";
import { buildApp, createServices } from "../../app.ts";
import { bearer, memberIn, randomIp, rows, type Member } from "../../test/accounts.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import { createTestApp, testConfig, type TestApp } from "../../test/test-app.ts";

/**
 * The editor's room (decision 070): drafts members never see, a recording uploaded and packaged by the
 * content:ingest pipeline, publication now or scheduled, withdrawal from every shelf, search, plan and
 * favourites list on every node, and the audit log of each step. Bad input, other roles and limits too.
 */
const uploadDir = mkdtempSync(path.join(tmpdir(), "serene-uploads-"));
const env = { MEDIA_UPLOAD_DIR: uploadDir, CONTENT_UPLOAD_MAX_MB: "2" };
let t: TestApp;
let editor: StaffAccount;
let support: StaffAccount;
let premium: Member;
let recording: string;
beforeAll(async () => {
  t = await createTestApp(env);
  editor = await createStaff(t.app, t.services, "editor");
  support = await createStaff(t.app, t.services, "support");
  premium = await memberIn(t.app, t.database, "annual", "Pat");
  // Four seconds of a soft tone: a real recording for the real pipeline (ffmpeg from the npm registry).
  recording = path.join(uploadDir, "tone.wav");
  await writeToneRecording(recording, 4);
}, 60_000);
afterAll(async () => t.close());

const call = (method: string, url: string, payload?: unknown, token = editor.token) =>
  t.app.inject({
    method: method as "GET",
    url: `/api/v1${url}`,
    headers: bearer(token),
    remoteAddress: randomIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asMember = (url: string, member: Member = premium) =>
  t.app.inject({ url: `/api/v1${url}`, headers: bearer(member.token), remoteAddress: randomIp() });
const draft = {
  name: "Harbour Evening",
  description: "A slow evening by the water: the boats settle and so can you.",
  type: "Meditations",
  free: false,
  goal: "REDUCE_STRESS",
  tags: ["evening", "Harbour Walks"],
  model: "meditation-sleep",
};
async function upload(id: number, variant = "audio_female", body: Buffer | string = recording, type = "audio/wav") {
  const { readFile } = await import("node:fs/promises");
  return t.app.inject({
    method: "PUT",
    url: `/api/v1/admin/content/${id}/media/${variant}`,
    headers: { ...bearer(editor.token), "content-type": type, "x-file-name": encodeURIComponent("evening tone.wav") },
    payload: typeof body === "string" ? await readFile(body) : body,
    remoteAddress: randomIp(),
  });
}
const listedIds = async (url: string) => ((await asMember(url)).json().data as { id: number }[]).map((card) => card.id);
const homeIds = async (member: Member = premium) =>
  ((await asMember("/screen/home?per_page=50", member)).json().data as { content: { id: number }[] }[]).flatMap((section) =>
    section.content.map((card) => card.id),
  );
const auditOf = (id: number) =>
  rows<{ action: string; after: Record<string, unknown> | null }>(
    t.database,
    "select action, after from audit_log where target_type = 'content' and target_id = $1 order by at, id",
    [String(id)],
  );

describe("an item from draft to members", () => {
  let id: number;

  it("starts as a draft members cannot find, with its tags (a new one made) and a drawn cover", async () => {
    const res = await call("POST", "/admin/content", draft);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json<EditorItemResponse>().data;
    id = item.id;
    expect(item).toMatchObject({ name: "Harbour Evening", state: "draft", free: false, variants: [], model: "meditation-sleep" });
    expect(item.id).toBeGreaterThanOrEqual(100_000);
    expect(item.tags.map((tag) => tag.name)).toEqual(["Evening", "Harbour Walks"]);
    expect(existsSync(path.join(uploadDir, "covers", `${item.slug}.svg`))).toBe(true);
    expect((await asMember(`/meditation-sleep/${id}`)).statusCode).toBe(404);
    expect(await listedIds("/search?s=harbour")).not.toContain(id);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(["content.created"]);
  });

  it("cannot be published before it has a recording", async () => {
    const res = await call("POST", `/admin/content/${id}/publish`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.publish_at).toEqual(["Upload a recording before publishing: members would have nothing to play."]);
  });

  it("takes a recording, packaged as HLS at the product's loudness by the content:ingest pipeline", async () => {
    const res = await upload(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`"evening tone.wav" arrived. It is being packaged for streaming.`);
    await t.settled();
    const item = (await call("GET", `/admin/content/${id}`)).json<EditorItemResponse>().data;
    expect(item.uploads[0]).toMatchObject({ variant: "audio_female", file_name: "evening tone.wav", status: "ready", message: null });
    expect(item.variants).toEqual(["audio_female"]);
    expect(item.duration_seconds).toBe(4);
    const [row] = await rows<{ media: Record<string, string> }>(t.database, "select media from content_items where id = $1", [id]);
    const stream = row!.media.audio_female!;
    expect(stream).toMatch(new RegExp(`^premium/harbour-evening/audio-female-[0-9a-f]{8}$`));
    expect(existsSync(path.join(uploadDir, stream, "index.m3u8"))).toBe(true);
    expect(existsSync(path.join(uploadDir, "incoming"))).toBe(true);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(["content.created", "content.uploaded"]);
  });

  it("is published: members find it in its list and in search, and play its stream", async () => {
    const res = await call("POST", `/admin/content/${id}/publish`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe("published");
    expect(await listedIds("/meditation-sleep?per_page=100")).toContain(id);
    expect(await listedIds("/search?s=harbour evening")).toContain(id);
    const detail = await asMember(`/meditation-sleep/${id}`);
    expect(detail.statusCode).toBe(200);
    const playlist = JSON.stringify(detail.json()).match(/\/media\/(premium\/harbour-evening\/audio-female-[0-9a-f]{8})\/index\.m3u8/);
    expect(playlist).not.toBeNull();
  });

  it("moves its stream to the free folder when it becomes free, and keeps every change in the audit log", async () => {
    const res = await call("PUT", `/admin/content/${id}`, { ...draft, model: undefined, free: true, tags: ["evening"] });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ media: Record<string, string> }>(t.database, "select media from content_items where id = $1", [id]);
    expect(row!.media.audio_female).toMatch(/^free\/harbour-evening\//);
    expect(existsSync(path.join(uploadDir, row!.media.audio_female!, "index.m3u8"))).toBe(true);
    const audit = await auditOf(id);
    expect(audit.map((entry) => entry.action)).toEqual(["content.created", "content.uploaded", "content.published", "content.updated"]);
    expect(audit[3]!.after).toMatchObject({ free: true });
  });
});

describe("scheduling", () => {
  it("shows an item from its moment on, and not before", async () => {
    const created = (await call("POST", "/admin/content", { ...draft, name: "Lantern Hour" })).json<EditorItemResponse>().data;
    expect((await upload(created.id)).statusCode).toBe(200);
    await t.settled();
    const at = new Date(Date.now() + 3000);
    const res = await call("POST", `/admin/content/${created.id}/publish`, { publish_at: at.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: "scheduled", publish_at: at.toISOString().replace(/\.\d+Z$/, "Z") });
    expect(res.json().message).toBe(`"Lantern Hour" will be published then.`);
    expect(await listedIds("/meditation-sleep?per_page=100")).not.toContain(created.id);
    await vi.waitFor(async () => expect(await listedIds("/meditation-sleep?per_page=100")).toContain(created.id), {
      timeout: 10_000,
      interval: 250,
    });
    expect((await auditOf(created.id)).at(-1)!.action).toBe("content.scheduled");
  });
});

describe("withdrawing an item", () => {
  it("takes it from every shelf, search, plan, detail and favourites list at once, on every node, and brings it back when published again", async () => {
    const second = await secondNode();
    try {
      // Morning Light (#1): on the home screen, in search, and in this member's favourites.
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/v1/user/favorite",
            headers: bearer(premium.token),
            payload: { id: 1, model: "meditation-sleep" },
            remoteAddress: randomIp(),
          })
        ).statusCode,
      ).toBe(200);
      expect(await homeIds()).toContain(1);
      expect(await listedIds("/search?s=morning light")).toContain(1);
      expect(await listedIds("/favorite")).toContain(1);
      const onSecond = () =>
        second.app.inject({ url: "/api/v1/meditation-sleep/1", headers: bearer(premium.token), remoteAddress: randomIp() });
      expect((await onSecond()).statusCode).toBe(200);

      const res = await call("POST", "/admin/content/1/withdraw", { reason: "The music licence ended" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: `"Morning Light" was withdrawn. Members no longer see it.`,
        data: { state: "withdrawn" },
      });
      expect(await homeIds()).not.toContain(1);
      expect(await listedIds("/search?s=morning light")).not.toContain(1);
      expect(await listedIds("/favorite")).not.toContain(1);
      expect((await asMember("/meditation-sleep/1")).statusCode).toBe(404);
      const plan = JSON.stringify((await asMember("/personal-plan-by-day")).json());
      expect(plan).not.toMatch(/"id":1,"model":"meditation-sleep"/);
      await vi.waitFor(async () => expect((await onSecond()).statusCode).toBe(404), { timeout: 5000, interval: 100 });
      expect((await auditOf(1)).at(-1)).toMatchObject({
        action: "content.withdrawn",
        after: { reason: "The music licence ended", status: "withdrawn" },
      });
      expect((await call("POST", "/admin/content/1/withdraw", { reason: "Again" })).statusCode).toBe(409);

      expect((await call("POST", "/admin/content/1/publish", {})).statusCode).toBe(200);
      expect(await homeIds()).toContain(1);
      expect(await listedIds("/favorite")).toContain(1);
      await vi.waitFor(async () => expect((await onSecond()).statusCode).toBe(200), { timeout: 5000, interval: 100 });
    } finally {
      await second.close();
    }
  });
});

describe("captions and a cover", () => {
  const put = (url: string, type: string, payload: string | Buffer) =>
    t.app.inject({
      method: "PUT",
      url: `/api/v1${url}`,
      headers: { ...bearer(editor.token), "content-type": type },
      payload,
      remoteAddress: randomIp(),
    });
  const VTT = "WEBVTT\n\n00:00:00.500 --> 00:00:03.000\nBreathe in, slowly.\n";
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

  it("puts WebVTT captions beside an uploaded stream, and members get their address", async () => {
    const created = (await call("POST", "/admin/content", { ...draft, name: "Captioned Evening", free: true })).json<EditorItemResponse>()
      .data;
    expect((await put(`/admin/content/${created.id}/captions/audio_female`, "text/vtt", VTT)).json().errors.variant).toEqual([
      "Upload this stream's recording before its captions.",
    ]);
    await upload(created.id);
    await t.settled();
    expect((await put(`/admin/content/${created.id}/captions/audio_female`, "text/vtt", "Breathe in")).json().errors.file).toEqual([
      "Captions must be a WebVTT file: its first line is WEBVTT.",
    ]);
    expect((await put(`/admin/content/${created.id}/captions/audio_female`, "text/vtt", "WEBVTT\n\nno times here")).statusCode).toBe(422);
    const res = await put(`/admin/content/${created.id}/captions/audio_female`, "text/vtt", VTT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.captions).toEqual(["audio_female"]);
    const [row] = await rows<{ media: Record<string, string> }>(t.database, "select media from content_items where id = $1", [created.id]);
    expect(existsSync(path.join(uploadDir, row!.media.audio_female!, "captions.vtt"))).toBe(true);
    expect((await call("POST", `/admin/content/${created.id}/publish`, {})).statusCode).toBe(200);
    expect(JSON.stringify((await asMember(`/meditation-sleep/${created.id}`)).json())).toMatch(/audio-female-[0-9a-f]{8}\/captions\.vtt/);
    expect((await put("/admin/content/1/captions/audio_female", "text/vtt", VTT)).json().errors.variant).toEqual([
      "This recording ships with the product: its captions are made with the media pack.",
    ]);
    expect((await put(`/admin/content/${created.id}/captions/audio_female`, "text/plain", VTT)).statusCode).toBe(415);
  });

  it("takes a PNG, JPEG or WebP cover, never an SVG or a file that only says it is an image", async () => {
    const res = await put("/admin/content/1/cover", "image/png", PNG);
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json().data.cover_url as string;
    expect(cover).toMatch(/^\/media\/covers\/morning-light-[a-z0-9]+\.png$/);
    expect(existsSync(path.join(uploadDir, cover.replace("/media/", "")))).toBe(true);
    expect((await put("/admin/content/1/cover", "image/svg+xml", "<svg onload='alert(1)'/>")).json().errors.file).toEqual([
      "Choose a PNG, JPEG or WebP image.",
    ]);
    expect((await put("/admin/content/1/cover", "image/png", Buffer.from("not a png at all"))).json().errors.file).toEqual([
      "The file is not a PNG image.",
    ]);
    expect((await put("/admin/content/1/cover", "image/png", Buffer.alloc(5 * 1024 * 1024, 1))).statusCode).toBe(413);
    expect((await auditOf(1)).at(-1)).toMatchObject({ action: "content.cover-changed" });
  });
});

describe("arranging a shelf", () => {
  const shelfIds = async (name: string) =>
    ((await asMember("/screen/home?per_page=50")).json().data as { name: string; content: { id: number }[] }[])
      .find((section) => section.name === name)!
      .content.map((card) => card.id);

  it("adds, removes and reorders a home shelf at once: members see the new order, and the audit log keeps before and after", async () => {
    const shelves = (await call("GET", "/admin/shelves")).json().data as {
      sections: { id: number; screen: string; name: string; section_type: string; editable: boolean; items: { id: number }[] }[];
      collections: { id: number }[];
    };
    const firstSteps = shelves.sections.find((section) => section.screen === "home" && section.name === "First steps")!;
    expect(firstSteps.editable).toBe(true);
    expect(shelves.sections.find((section) => section.section_type === "Personal Plan")?.editable).toBe(false);
    expect(shelves.collections.length).toBeGreaterThan(0);
    const before = firstSteps.items.map((item) => item.id);
    const after = [before[2]!, before[0]!, 4, ...before.slice(3)];
    const res = await call("PUT", `/admin/shelves/sections/${firstSteps.id}`, { items: after });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`"First steps" was saved.`);
    expect(await shelfIds("First steps")).toEqual(after);
    const [entry] = await rows<{ action: string; before: { items: number[] }; after: { items: number[] } }>(
      t.database,
      "select action, before, after from audit_log where target_type = 'section' and target_id = $1 order by at desc limit 1",
      [String(firstSteps.id)],
    );
    expect(entry).toMatchObject({ action: "shelf.changed", before: { items: before }, after: { items: after } });
  });

  it("refuses an item twice, an unknown item, a shelf the product fills, and a shelf that does not exist", async () => {
    const shelves = (await call("GET", "/admin/shelves")).json().data as { sections: { id: number; section_type: string }[] };
    const any = shelves.sections.find((section) => section.section_type === "Collection")!;
    expect((await call("PUT", `/admin/shelves/sections/${any.id}`, { items: [2, 2] })).json().errors.items).toEqual([
      "Each item can be on a shelf once.",
    ]);
    expect((await call("PUT", `/admin/shelves/sections/${any.id}`, { items: [99999999] })).json().errors.items).toEqual([
      "There is no item with the id 99999999.",
    ]);
    const plan = shelves.sections.find((section) => section.section_type === "Personal Plan")!;
    expect((await call("PUT", `/admin/shelves/sections/${plan.id}`, { items: [2] })).statusCode).toBe(422);
    expect((await call("PUT", "/admin/shelves/sections/99999", { items: [] })).statusCode).toBe(404);
    expect((await call("PUT", "/admin/shelves/shelves/1", { items: [] })).statusCode).toBe(422);
    expect((await call("PUT", `/admin/shelves/sections/${any.id}`, { items: "2,3" })).statusCode).toBe(422);
    expect((await call("GET", "/admin/shelves", undefined, support.token)).statusCode).toBe(403);
  });
});

describe("the data files", () => {
  it("reports that each loads as it is on disk, how many entries it holds, and previews them", async () => {
    const res = await call("GET", "/admin/data-files");
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().data as {
      name: string;
      loads: boolean;
      problem: string | null;
      count: number;
      entries: { title: string; href: string | null }[];
    }[];
    expect(files.map((file) => file.name)).toEqual([
      "Quizzes",
      "Sales pages",
      "Landing pages",
      "Video-sales pages",
      "Coming-soon pages",
      "Quotes",
      "Workbooks",
    ]);
    for (const file of files) expect(file, file.name).toMatchObject({ loads: true, problem: null });
    const quizzes = files.find((file) => file.name === "Quizzes")!;
    expect(quizzes.count).toBe(quizzes.entries.length);
    expect(quizzes.entries[0]).toMatchObject({ href: "/quiz" });
    expect(files.find((file) => file.name === "Quotes")!.count).toBeGreaterThan(10);
    expect((await call("GET", "/admin/data-files", undefined, support.token)).statusCode).toBe(403);
  });
});

describe("bad input, limits and roles", () => {
  it("names each field that is missing or wrong", async () => {
    const res = await call("POST", "/admin/content", {
      name: "x",
      description: "short",
      type: "Poems",
      free: "yes",
      goal: "WORLD_PEACE",
      tags: ["#!"],
      model: "cbt-course",
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["description", "free", "goal", "model", "name", "tags.0", "type"]);
    expect(res.json().errors.name).toEqual(["The name has at least 2 characters."]);
    const empty = await call("POST", "/admin/content", {});
    expect(empty.statusCode).toBe(422);
    expect((await call("GET", "/admin/content?state=lost")).statusCode).toBe(422);
    const past = await call("POST", "/admin/content/1/publish", { publish_at: "2020-01-01T00:00:00Z" });
    expect(past.json().errors.publish_at).toEqual(["The moment to publish must not be in the past."]);
    expect((await call("POST", "/admin/content/1/withdraw", {})).json().errors.reason).toEqual([
      "Say why the item is withdrawn (it is kept in the audit log).",
    ]);
  });

  it("answers 404 for an item that does not exist, and refuses a stream the model has not, a wrong file, an empty or too large one", async () => {
    expect((await call("GET", "/admin/content/99999999")).statusCode).toBe(404);
    expect((await call("PUT", "/admin/content/99999999", { ...draft, model: undefined })).statusCode).toBe(404);
    expect((await upload(99999999)).statusCode).toBe(404);
    const music = await upload(1, "audio");
    expect(music.statusCode).toBe(422);
    expect(music.json().errors.variant[0]).toMatch(/^An item of meditation-sleep has these streams/);
    const notMedia = await upload(1, "audio_female", Buffer.from("{}"), "application/json");
    expect(notMedia.statusCode).toBe(422);
    expect(notMedia.json().errors["content-type"]).toEqual(["Send an audio or video file (Content-Type audio/… or video/…)."]);
    expect((await upload(1, "video_female", recording, "audio/wav")).json().errors.file).toEqual([
      "Choose a video file for a video stream.",
    ]);
    expect((await upload(1, "audio_female", Buffer.alloc(0))).statusCode).toBe(422);
    const tooLarge = await upload(1, "audio_female", Buffer.alloc(3 * 1024 * 1024, 1));
    expect(tooLarge.statusCode).toBe(413);
  });

  it("says why a file that is not a recording could not be packaged", async () => {
    const created = (await call("POST", "/admin/content", { ...draft, name: "Not Sound" })).json<EditorItemResponse>().data;
    expect((await upload(created.id, "audio_female", Buffer.from("this is not audio at all"), "audio/mpeg")).statusCode).toBe(200);
    await t.settled();
    const item = (await call("GET", `/admin/content/${created.id}`)).json<EditorItemResponse>().data;
    expect(item.uploads[0]).toMatchObject({ status: "failed", message: "The file is not audio or video that can be read." });
    expect(item.variants).toEqual([]);
  });

  it("opens to editors and owners only", async () => {
    const owner = await createStaff(t.app, t.services, "owner");
    expect((await call("GET", "/admin/content", undefined, owner.token)).statusCode).toBe(200);
    expect((await call("GET", "/admin/content", undefined, support.token)).statusCode).toBe(403);
    expect((await call("POST", "/admin/content/1/withdraw", { reason: "No" }, support.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/v1/admin/content" })).statusCode).toBe(401);
    expect((await call("GET", "/admin/content", undefined, premium.token)).statusCode).toBe(401);
  });
});

/** Another node of the same deployment: its own app on the same database (a handle of its own on PostgreSQL). */
async function secondNode(): Promise<{ app: TestApp["app"]; close(): Promise<void> }> {
  const shared = t.database;
  const database: DatabaseHandle =
    shared.driver === "postgres" ? await createDatabase({ driver: "postgres", url: shared.connectionString!, poolMax: 2 }) : shared;
  const config = testConfig(env);
  const services = createServices({ config, database });
  const app = await buildApp({ config, database, logger: false, services });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await services.close();
      if (database !== shared) await database.close();
    },
  };
}
