/**
 * Measures the committed media pack (content/media) the way a listener would notice it: every
 * stream as loud as the next (EBU R128 with ffmpeg's ebur128 filter), nothing clipping, the ladder
 * (speech mono 64 kb/s; music and beds a master playlist over stereo 128k and 256k), captions
 * beside every voiced stream, loops that run from their end into their start without a dip, and
 * the 60 MB budget. Decoding is sampled and run two at a time, so this takes well under a minute.
 * Skips, saying so in its name, where ffmpeg is not installed.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MediaManifest } from "../catalogue.ts";
import { loadCatalogue } from "../index.ts";
import { AUDIO_LADDER, SHIPPED_MEDIA_DIR, folderBytes, parseMasterVariants, readPlaylistDuration, run } from "./hls.ts";
import { LOUDNESS, measureStream } from "./loudness.ts";

/** The builder's own ffmpeg (Debian's, on PATH, beside espeak-ng and sox), not the one uploads use (decision 070). */
const HAS_FFMPEG = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).error === undefined;
const MEDIA = SHIPPED_MEDIA_DIR;
/** `du -sb content/media` stays within this. */
const BUDGET_BYTES = 60_000_000;
/** ±1 LU around -16 LUFS integrated. */
const LOUDNESS_TOLERANCE_LU = 1;
/**
 * ebur128 reports true peak rounded to 0.1 dB, and its 4x oversampled estimate of a decoded AAC
 * stream moves by about that much between decoder versions: 0.1 dB over the -1.5 dBTP ceiling is
 * the rounding, not a clip (0 dBTP is still 1.4 dB away).
 */
const TRUE_PEAK_TOLERANCE_DB = 0.1;
/** The AAC-LC encoder's priming: the decoded stream starts this many samples before the source. */
const AAC_PRIMING_SAMPLES = 1024;
const RATE = 44_100;

async function manifest(): Promise<MediaManifest> {
  return JSON.parse(await readFile(join(MEDIA, "manifest.json"), "utf8")) as MediaManifest;
}

/** Stream paths of the catalogue's voiced items (their voice is spoken from a script). */
function voicedPaths(): Set<string> {
  const paths = new Set<string>();
  for (const item of loadCatalogue().items) {
    if (item.model !== "meditation-sleep" && item.model !== "cbt") continue;
    for (const path of Object.values(item.media ?? {})) if (path) paths.add(path);
  }
  return paths;
}

async function pool<T, R>(items: readonly T[], jobs: number, worker: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await worker(items[index]!);
      }
    }),
  );
  return results;
}

/** Channels and codec of a rendition's first audio stream. */
async function audioFacts(playlist: string): Promise<{ codec: string; channels: number; sampleRate: number }> {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "a:0",
    "-show_entries",
    "stream=codec_name,channels,sample_rate",
    "-of",
    "json",
    playlist,
  ]);
  const stream = (JSON.parse(stdout) as { streams: Array<{ codec_name: string; channels: number; sample_rate: string }> }).streams[0]!;
  return { codec: stream.codec_name, channels: stream.channels, sampleRate: Number(stream.sample_rate) };
}

/** Average bit rate of a media playlist's segments and init, bits per second. */
async function averageBitRate(dir: string): Promise<number> {
  const playlist = await readFile(join(dir, "index.m3u8"), "utf8");
  const seconds = [...playlist.matchAll(/^#EXTINF:([0-9.]+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
  const files = ["init.mp4", ...[...playlist.matchAll(/^(seg-\d+\.m4s)$/gm)].map((match) => match[1]!)];
  let bytes = 0;
  for (const file of files) bytes += (await readFile(join(dir, file))).length;
  return (bytes * 8) / seconds;
}

/** The decoded samples of a rendition, as 32-bit float, channels interleaved. */
function decode(playlist: string, channels: number): Promise<Float32Array> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", [
      "-nostdin",
      "-v",
      "error",
      "-i",
      playlist,
      "-map",
      "0:a:0",
      "-f",
      "f32le",
      "-ac",
      String(channels),
      "-ar",
      String(RATE),
      "-",
    ]);
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg could not decode ${playlist}`));
      const buffer = Buffer.concat(chunks);
      resolve(new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4));
    });
  });
}

/** RMS level (dBFS) of frames [from, to) of interleaved samples. */
function levelDb(samples: Float32Array, channels: number, from: number, to: number): number {
  let sum = 0;
  for (let index = from * channels; index < to * channels; index += 1) sum += samples[index]! ** 2;
  return 10 * Math.log10(sum / ((to - from) * channels) + 1e-12);
}

describe.skipIf(HAS_FFMPEG)("the built media pack", () => {
  it("is not measured here: ffmpeg is not installed (apt-get install ffmpeg)", () => {
    expect(HAS_FFMPEG).toBe(false);
  });
});

/** The pack does not depend on the database: it is measured once, in the api-pglite project. */
const ON_POSTGRES = process.env.TEST_DB_DRIVER === "postgres";

describe.skipIf(!HAS_FFMPEG || ON_POSTGRES)(
  `the built media pack, measured with ffmpeg${ON_POSTGRES ? " (measured once, in the api-pglite project)" : ""}`,
  () => {
    it("stays within its 60 MB budget", async () => {
      expect(await folderBytes(MEDIA)).toBeLessThanOrEqual(BUDGET_BYTES);
    });

    it("lists every stream with the duration its playlist gives, following a master playlist to its rendition", async () => {
      const entries = Object.entries(await manifest());
      expect(entries.length).toBeGreaterThan(80);
      for (const [path, entry] of entries) {
        expect(entry.duration, path).toBeCloseTo(await readPlaylistDuration(join(MEDIA, path)), 2);
        expect(entry.duration, path).toBeGreaterThan(10);
      }
    });

    it("gives speech one mono AAC-LC rendition at 64 kb/s and music and beds a master over stereo 128k and 256k", async () => {
      const voiced = voicedPaths();
      const entries = Object.entries(await manifest()).filter(([, entry]) => entry.kind === "audio");
      const checks = entries.map(([path]) => path);
      const failures = await pool(checks, 2, async (path) => {
        const dir = join(MEDIA, path);
        const variants = parseMasterVariants(await readFile(join(dir, "index.m3u8"), "utf8"));
        if (voiced.has(path)) {
          const facts = await audioFacts(join(dir, "index.m3u8"));
          const rate = await averageBitRate(dir);
          const ok = variants.length === 0 && facts.codec === "aac" && facts.channels === 1 && rate > 56_000 && rate < 72_000;
          return ok ? null : `${path}: ${JSON.stringify({ variants, ...facts, rate })}`;
        }
        const expected = AUDIO_LADDER.music.map((step) => `${step.folder}/index.m3u8`);
        if (JSON.stringify(variants) !== JSON.stringify(expected)) return `${path}: renditions ${variants.join(", ")}`;
        for (const step of AUDIO_LADDER.music) {
          const facts = await audioFacts(join(dir, `${step.folder}/index.m3u8`));
          const rate = await averageBitRate(join(dir, step.folder));
          if (facts.codec !== "aac" || facts.channels !== 2 || rate < step.bitsPerSecond * 0.85 || rate > step.bitsPerSecond * 1.15)
            return `${path}/${step.folder}: ${JSON.stringify({ ...facts, rate })}`;
        }
        return null;
      });
      expect(failures.filter(Boolean)).toEqual([]);
    });

    it("ships WebVTT captions beside every voiced stream, flagged in the manifest and timed inside the audio", async () => {
      const entries = await manifest();
      const voiced = [...voicedPaths()];
      expect(voiced.length).toBeGreaterThan(60);
      for (const path of voiced) {
        expect(entries[path]?.captions, path).toBe(true);
        const vtt = await readFile(join(MEDIA, path, "captions.vtt"), "utf8");
        expect(vtt.startsWith("WEBVTT\n"), path).toBe(true);
        const times = [...vtt.matchAll(/^(\d\d):(\d\d):(\d\d\.\d{3}) --> (\d\d):(\d\d):(\d\d\.\d{3})$/gm)].map((match) => [
          Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]),
          Number(match[4]) * 3600 + Number(match[5]) * 60 + Number(match[6]),
        ]);
        expect(times.length, path).toBeGreaterThan(3);
        for (const [index, [start, end]] of times.entries()) {
          expect(end!, path).toBeGreaterThan(start!);
          if (index > 0) expect(start!, path).toBeGreaterThanOrEqual(times[index - 1]![1]!);
        }
        expect(times.at(-1)![1]!, path).toBeLessThanOrEqual(entries[path]!.duration);
      }
      const unvoiced = Object.keys(entries).filter((path) => !voiced.includes(path));
      for (const path of unvoiced) {
        expect(entries[path]!.captions, path).toBeUndefined();
        expect(existsSync(join(MEDIA, path, "captions.vtt")), path).toBe(false);
      }
    });

    it("plays every stream at about -16 LUFS with true peaks at or under -1.5 dBTP", { timeout: 110_000 }, async () => {
      const entries = await manifest();
      const voiced = voicedPaths();
      // Every music and bed rendition and every video; one voice in three (they are made the same way).
      const playlists: string[] = [];
      const voices = Object.keys(entries).filter((path) => voiced.has(path) && entries[path]!.kind === "audio");
      for (const [path, entry] of Object.entries(entries)) {
        if (voiced.has(path) && entry.kind === "audio") {
          if (voices.indexOf(path) % 3 === 0) playlists.push(`${path}/index.m3u8`);
        } else if (entry.kind === "video") playlists.push(`${path}/index.m3u8`);
        else for (const step of AUDIO_LADDER.music) playlists.push(`${path}/${step.folder}/index.m3u8`);
      }
      expect(playlists.length).toBeGreaterThan(50);
      const measured = await pool(playlists, 2, async (playlist) => ({ playlist, ...(await measureStream(join(MEDIA, playlist))) }));
      const tooLoudOrSoft = measured.filter((m) => Math.abs(m.integrated - LOUDNESS.integrated) > LOUDNESS_TOLERANCE_LU);
      const clipping = measured.filter((m) => m.truePeak > LOUDNESS.truePeak + TRUE_PEAK_TOLERANCE_DB);
      expect(tooLoudOrSoft.map((m) => `${m.playlist}: ${m.integrated} LUFS`)).toEqual([]);
      expect(clipping.map((m) => `${m.playlist}: ${m.truePeak} dBTP`)).toEqual([]);
    });

    it("loops beds and music from their end into their start with no fade and no dip at the seam", { timeout: 60_000 }, async () => {
      const entries = await manifest();
      const voiced = voicedPaths();
      const loops = Object.keys(entries).filter((path) => !voiced.has(path) && entries[path]!.kind === "audio");
      expect(loops.length).toBeGreaterThanOrEqual(17);
      const window = Math.round(RATE * 0.02);
      const problems = await pool(loops, 2, async (path) => {
        const all = await decode(join(MEDIA, path, "128k/index.m3u8"), 2);
        // The loop is whole seconds long; the decoded stream adds the encoder's priming before it
        // and padding after it.
        const frames = all.length / 2;
        const length = Math.floor((frames - AAC_PRIMING_SAMPLES) / RATE) * RATE;
        const loop = all.subarray(AAC_PRIMING_SAMPLES * 2, (AAC_PRIMING_SAMPLES + length) * 2);
        const end = levelDb(loop, 2, length - window, length);
        const start = levelDb(loop, 2, 0, window);
        const beforeEnd = levelDb(loop, 2, length - 6 * window, length - window);
        const afterStart = levelDb(loop, 2, window, 6 * window);
        const found: string[] = [];
        // No dip and no fade: each 20 ms beside the seam sounds like the 100 ms next to it (a fade to
        // silence leaves its last 20 ms far under the 100 ms before; a gap, its first 20 ms under
        // the ones after). The loop as a whole is no yardstick: a sparse piano loop may meet
        // itself in a quiet moment.
        if (Math.abs(end - beforeEnd) > 4) found.push(`last 20 ms at ${end.toFixed(1)} dB against ${beforeEnd.toFixed(1)}`);
        if (Math.abs(start - afterStart) > 4) found.push(`first 20 ms at ${start.toFixed(1)} dB against ${afterStart.toFixed(1)}`);
        return found.length > 0 ? `${path}: ${found.join("; ")}` : null;
      });
      expect(problems.filter(Boolean)).toEqual([]);
    });
  },
);
