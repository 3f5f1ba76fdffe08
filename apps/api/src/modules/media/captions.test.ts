import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { contentItems } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Member } from "../../test/accounts.ts";
import { findItem, getAs, tinyMediaDir } from "../../test/content.ts";
import {
  createSignedMediaApp,
  expectFreeAndLockedFolders,
  FREE,
  FREE_PATH,
  LOCKED,
  LOCKED_PATH,
  freeAndPayingMembers,
  jarOf,
  type Jar,
  MEDIA,
  SIGNING_KEY as key,
} from "../../test/signed-media.ts";
import type { TestApp } from "../../test/test-app.ts";
import { COOKIE_NAMES, signCookies } from "./signed-cookies.ts";

/** Beside the free and the locked voiced items, a music item (no voice, so no captions). */
const MUSIC = findItem((item) => item.model.startsWith("music") && Boolean(item.media?.audio), "a music item with audio");
const CAPTIONS = "WEBVTT\n\n00:00.500 --> 00:04.000\nSettle in and let the day go quiet.\n";

let dir: string;
let t: TestApp;
let free: Member;
let premium: Member;

beforeAll(async () => {
  expectFreeAndLockedFolders();
  dir = tinyMediaDir([FREE_PATH, LOCKED_PATH, MUSIC.media!.audio!]);
  for (const mediaPath of [FREE_PATH, LOCKED_PATH]) writeFileSync(path.join(dir, mediaPath, "captions.vtt"), CAPTIONS);
  t = await createSignedMediaApp(dir);
  // The voices of the two spoken items have captions, as the media manifest's flag puts them; the music has none.
  // Written before the first content call, so the app's catalogue snapshot reads them.
  await t.database.db.update(contentItems).set({ captions: sql`'[]'::jsonb` });
  await t.database.db
    .update(contentItems)
    .set({ captions: ["audio_male", "audio_female"] })
    .where(inArray(contentItems.id, [FREE.id, LOCKED.id]));
  ({ free, premium } = await freeAndPayingMembers(t));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const cookiesFor = async (member: Member) => jarOf(await getAs(t.app, member.token, "/api/v1/user/cloudfront-cookies?t=1"));
const media = (relative: string, cookies: Jar = {}) => t.app.inject({ url: `/media/${relative}`, cookies });
const detailAs = async (member: Member, item: { model: string; id: number }) => {
  const res = await getAs(t.app, member.token, `/api/v1/${item.model}/${item.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe("captions in the catalogue", () => {
  it("names the captions beside the playlist of each voiced stream the member may play", async () => {
    const detail = await detailAs(free, FREE);
    expect(detail.audio_male).toEqual({
      hls: { playlist: `${MEDIA}/${FREE_PATH}/index.m3u8`, captions: `${MEDIA}/${FREE_PATH}/captions.vtt` },
    });
    expect(detail.audio_female.hls.captions).toBe(`${MEDIA}/${FREE.media!.audio_female}/captions.vtt`);
    // The soundscape under the voice speaks no words.
    if (detail.soundscape?.main_format) expect(detail.soundscape.main_format.hls).not.toHaveProperty("captions");
    const locked = await detailAs(premium, LOCKED);
    expect(locked.audio_male.hls.captions).toBe(`${MEDIA}/${LOCKED_PATH}/captions.vtt`);
  });

  it("names no captions for a locked item, nor anywhere in its answer", async () => {
    const detail = await detailAs(free, LOCKED);
    expect(detail.audio_male).toBeNull();
    expect(detail.audio_female).toBeNull();
    expect(JSON.stringify(detail)).not.toContain("captions.vtt");
  });

  it("names no captions for a stream without them", async () => {
    const detail = await detailAs(premium, MUSIC);
    expect(detail.audio.hls.playlist).toBe(`${MEDIA}/${MUSIC.media!.audio}/index.m3u8`);
    expect(detail.audio.hls).not.toHaveProperty("captions");
  });

  it("answers 404 for an item that does not exist, as before", async () => {
    const res = await getAs(t.app, premium.token, `/api/v1/${FREE.model}/987654`);
    expect(res.statusCode).toBe(404);
  });
});

describe("captions files under /media", () => {
  it("serves captions as text/vtt to cookies that open the stream", async () => {
    const res = await media(`${FREE_PATH}/captions.vtt`, await cookiesFor(free));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/vtt/);
    expect(res.headers["cache-control"]).toContain("private");
    expect(res.body).toBe(CAPTIONS);
    const locked = await media(`${LOCKED_PATH}/captions.vtt`, await cookiesFor(premium));
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toBe(CAPTIONS);
  });

  it("refuses captions without cookies, with a free member's cookies for a locked item, and with forged or expired ones", async () => {
    const refused = async (relative: string, jar: Jar = {}) => {
      const res = await media(relative, jar);
      expect(res.statusCode, relative).toBe(403);
      expect(res.json()).toEqual({ message: "You do not have access to this media." });
      expect(res.body).not.toContain("WEBVTT");
    };
    await refused(`${FREE_PATH}/captions.vtt`);
    await refused(`${LOCKED_PATH}/captions.vtt`);
    const freeJar = await cookiesFor(free);
    await refused(`${LOCKED_PATH}/captions.vtt`, freeJar);
    await refused(`${FREE_PATH}/captions.vtt`, { ...freeJar, [COOKIE_NAMES.signature]: "forged" });
    const expired = signCookies(key, `${MEDIA}/*`, new Date(Date.now() - 60_000), "SHA1");
    await refused(`${LOCKED_PATH}/captions.vtt`, {
      [COOKIE_NAMES.policy]: expired.policy,
      [COOKIE_NAMES.signature]: expired.signature,
      [COOKIE_NAMES.keyPairId]: expired.keyPairId,
    });
    // A way out of the free folder is refused before the file server sees it.
    await refused(`free/%2e%2e/${LOCKED_PATH}/captions.vtt`, freeJar);
  });

  it("answers 404 for captions a stream does not have, and never lists a folder", async () => {
    const jar = await cookiesFor(premium);
    expect((await media(`${MUSIC.media!.audio}/captions.vtt`, jar)).statusCode).toBe(404);
    expect((await media(`${FREE_PATH}/`, jar)).statusCode).toBe(404);
    expect((await media(`${FREE_PATH}/CAPTIONS.VTT.bak`, jar)).statusCode).toBe(404);
  });
});
