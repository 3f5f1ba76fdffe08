/**
 * One way to do each media chore, shared by the demo pack build (content/media-build/build.ts) and the
 * ingest command (content/ingest.ts):
 *   - AUDIO_LADDER: the renditions of speech (one mono AAC-LC at 64 kb/s) and of music and
 *     soundscapes (stereo 128 and 256 kb/s under a master playlist, so players adapt);
 *   - packageToHls: encode one (loudness-normalised) source to the HLS layout (fMP4 segments of
 *     6 s, index.m3u8 + init.mp4 + seg-N.m4s, or a master index.m3u8 over 128k/ and 256k/), check
 *     each rendition's true peak, write captions.vtt beside a voice, with a progress bar on stderr;
 *   - parsePlaylistDuration / readPlaylistDuration: seconds of a VOD playlist (a master playlist
 *     is followed to its first rendition);
 *   - writeCover: the generated cover SVG;
 *   - readManifest / writeManifest / streamFacts: content/media/manifest.json;
 *   - requireTools: a clear message when espeak-ng, sox or ffmpeg are missing.
 */
import { spawnSync } from "node:child_process";
import { ffmpegKnows, toolCommand } from "./tools.ts";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { MediaManifest, MediaManifestEntry } from "../catalogue.ts";
import { type CoverSubject, coverMotif, coverSvg } from "./cover.ts";
import { LOUDNESS, measureStream } from "./loudness.ts";
import { run } from "./run.ts";

export { coverMotif, coverSvg } from "./cover.ts";

export const HLS_SEGMENT_SECONDS = 6;

/** One AAC-LC rendition: its folder under the stream's folder (null: the stream folder itself). */
export interface AudioRendition {
  folder: string | null;
  /** Bits per second, as ffmpeg's -b:a and the master playlist's AVERAGE-BANDWIDTH. */
  bitsPerSecond: number;
  channels: 1 | 2;
  sampleRate: number;
}

/**
 * The ladder, shared by the build and the ingest command. Speech: one mono rendition at 64 kb/s,
 * clear for a voice. Music and soundscapes: stereo at 128 and 256 kb/s under a master
 * index.m3u8, so the player's `<variant>/index.m3u8` address stays the same and it picks the
 * rendition its connection carries.
 */
export const AUDIO_LADDER = {
  speech: [{ folder: null, bitsPerSecond: 64_000, channels: 1, sampleRate: 44_100 }],
  music: [
    { folder: "128k", bitsPerSecond: 128_000, channels: 2, sampleRate: 44_100 },
    { folder: "256k", bitsPerSecond: 256_000, channels: 2, sampleRate: 44_100 },
  ],
} as const satisfies Record<string, readonly AudioRendition[]>;
export type AudioLadder = keyof typeof AUDIO_LADDER;

/** The sample rate every source is normalised to before encoding. */
export const SOURCE_SAMPLE_RATE = 44_100;
/** The audio codec of every rendition, as HLS names it (AAC-LC). */
export const AAC_LC_CODEC = "mp4a.40.2";
/** H.264 for the calm visuals and ingested video: at most 640x360. */
export const VIDEO_ENCODING = { maxWidth: 640, maxHeight: 360, crf: 26, maxrate: "140k", bufsize: "280k", fpsMax: 24 } as const;

/** The folder of the shipped media pack. */
export const SHIPPED_MEDIA_DIR = fileURLToPath(new URL("../media/", import.meta.url));

/** MEDIA_DIR when set, else the shipped pack folder (content/media). */
export function mediaDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.MEDIA_DIR ? resolve(env.MEDIA_DIR) : SHIPPED_MEDIA_DIR;
}

// ---------------------------------------------------------------------------------------------
// Tools

const TOOL_PACKAGES: Record<string, string> = { "espeak-ng": "espeak-ng", sox: "sox", ffmpeg: "ffmpeg", ffprobe: "ffmpeg" };

export class MissingToolsError extends Error {
  readonly missing: string[];
  constructor(missing: string[]) {
    const packages = [...new Set(missing.map((tool) => TOOL_PACKAGES[tool] ?? tool))];
    super(
      `Missing command${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.\n` +
        `Install with:  sudo apt-get install ${packages.join(" ")}   (Debian/Ubuntu)\n` +
        `          or:  brew install ${packages.join(" ")}   (macOS)\n` +
        `The full set for building the demo pack is: apt-get install espeak-ng sox ffmpeg`,
    );
    this.missing = missing;
    this.name = "MissingToolsError";
  }
}

/** Throws MissingToolsError naming every tool that cannot be started. */
export function requireTools(tools: readonly string[]): void {
  const missing = tools.filter((tool) => {
    const flag = tool === "ffmpeg" || tool === "ffprobe" ? "-version" : "--version";
    const result = spawnSync(toolCommand(tool), [flag], { stdio: "ignore" });
    return result.error !== undefined;
  });
  if (missing.length > 0) throw new MissingToolsError(missing);
}

// ---------------------------------------------------------------------------------------------
// Processes

export { run, type RunResult } from "./run.ts";
export { toolCommand } from "./tools.ts";

export interface ProbeResult {
  duration: number;
  hasAudio: boolean;
  hasVideo: boolean;
  width?: number;
  height?: number;
}

/** ffprobe facts about a media file. */
export async function probe(file: string): Promise<ProbeResult> {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "format=duration:stream=codec_type,width,height,disposition",
    "-of",
    "json",
    file,
  ]);
  return parseProbeJson(stdout);
}

export function parseProbeJson(json: string): ProbeResult {
  const data = JSON.parse(json) as {
    format?: { duration?: string };
    streams?: Array<{ codec_type?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }>;
  };
  const streams = data.streams ?? [];
  // A cover picture embedded in an audio file is not a video.
  const video = streams.find((stream) => stream.codec_type === "video" && !stream.disposition?.attached_pic);
  const duration = Number(data.format?.duration);
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    hasAudio: streams.some((stream) => stream.codec_type === "audio"),
    hasVideo: video !== undefined,
    ...(video?.width ? { width: video.width } : {}),
    ...(video?.height ? { height: video.height } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Progress

export interface ProgressUpdate {
  /** Seconds of output written so far. */
  seconds: number;
  /** True on ffmpeg's final block (progress=end). */
  done: boolean;
}

/**
 * Reads ffmpeg's `-progress pipe:1` output (blocks of key=value lines, each closed by
 * progress=continue or progress=end). out_time_ms is, despite its name, in microseconds;
 * out_time_us is preferred when present, then out_time_ms, then out_time (HH:MM:SS.micro).
 */
export class ProgressParser {
  private pending = "";
  private block = new Map<string, string>();

  push(chunk: string): ProgressUpdate[] {
    this.pending += chunk;
    const lines = this.pending.split(/\r?\n/);
    this.pending = lines.pop() ?? "";
    const updates: ProgressUpdate[] = [];
    for (const line of lines) {
      const equals = line.indexOf("=");
      if (equals < 0) continue;
      const key = line.slice(0, equals).trim();
      const value = line.slice(equals + 1).trim();
      this.block.set(key, value);
      if (key === "progress") {
        const seconds = progressSeconds(this.block);
        updates.push({ seconds: seconds ?? 0, done: value === "end" });
        this.block = new Map();
      }
    }
    return updates;
  }
}

function progressSeconds(block: Map<string, string>): number | null {
  for (const key of ["out_time_us", "out_time_ms"]) {
    const raw = block.get(key);
    if (raw !== undefined && /^-?\d+$/.test(raw)) return Math.max(0, Number(raw) / 1_000_000);
  }
  const clock = block.get("out_time");
  const match = clock?.match(/^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/);
  if (match) return match[1] ? 0 : Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return null;
}

/** `[#####-----] 48% audio-male`: a text bar for a fraction in [0, 1]. */
export function progressBar(fraction: number, label: string, width = 10): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const filled = Math.round(clamped * width);
  const percent = Math.floor(clamped * 100);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(percent).padStart(2, " ")}% ${label}`;
}

/** Draws the bar on stderr: redrawn in place on a terminal, one line per 10% otherwise. */
export function stderrProgress(label: string): (fraction: number) => void {
  const tty = Boolean(process.stderr.isTTY);
  let lastStep = -1;
  return (fraction) => {
    if (tty) {
      process.stderr.write(`\r${progressBar(fraction, label)}${fraction >= 1 ? "\n" : ""}`);
      return;
    }
    const step = Math.floor(Math.min(1, fraction) * 10);
    if (step > lastStep) {
      lastStep = step;
      process.stderr.write(`${progressBar(fraction, label)}\n`);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Playlists

/** Sum of the #EXTINF durations of an HLS media playlist, in seconds (3 decimals). */
export function parsePlaylistDuration(playlist: string): number {
  if (!playlist.trimStart().startsWith("#EXTM3U")) throw new Error("Not an HLS playlist (no #EXTM3U header)");
  let total = 0;
  for (const match of playlist.matchAll(/^#EXTINF:\s*([0-9]+(?:\.[0-9]+)?)/gm)) total += Number(match[1]);
  return Math.round(total * 1000) / 1000;
}

/** The rendition URIs of a master playlist, in order; empty for a media playlist. */
export function parseMasterVariants(playlist: string): string[] {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  const uris: string[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith("#EXT-X-STREAM-INF")) return;
    const uri = lines.slice(index + 1).find((next) => next !== "" && !next.startsWith("#"));
    if (uri) uris.push(uri);
  });
  return uris;
}

export interface MasterRendition {
  uri: string;
  /** Peak segment bit rate, bits per second. */
  bandwidth: number;
  /** Average bit rate over the stream, bits per second. */
  averageBandwidth: number;
  codecs: string;
}

/** A master playlist over the renditions (lowest first, so a player starts light and steps up). */
export function masterPlaylist(renditions: readonly MasterRendition[]): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const rendition of [...renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.ceil(rendition.bandwidth)},AVERAGE-BANDWIDTH=${Math.ceil(rendition.averageBandwidth)},CODECS="${rendition.codecs}"`,
      rendition.uri,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Duration of `<dir>/index.m3u8`, following a master playlist to its first rendition. */
export async function readPlaylistDuration(streamDir: string): Promise<number> {
  const playlist = await readFile(join(streamDir, "index.m3u8"), "utf8");
  const [first] = parseMasterVariants(playlist);
  if (first === undefined) return parsePlaylistDuration(playlist);
  return parsePlaylistDuration(await readFile(join(streamDir, first), "utf8"));
}

/** Total size of the files of a folder (recursive). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await folderBytes(path) : (await stat(path)).size;
  }
  return total;
}

/** Bit rates of a written media playlist's segments: the highest and the average, bits per second. */
async function renditionBandwidth(dir: string): Promise<{ bandwidth: number; averageBandwidth: number }> {
  const playlist = await readFile(join(dir, "index.m3u8"), "utf8");
  const init = (await stat(join(dir, "init.mp4"))).size;
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const match of playlist.matchAll(/^#EXTINF:\s*([0-9.]+),?\s*\n(.+)$/gm)) {
    const duration = Number(match[1]);
    const size = (await stat(join(dir, match[2]!.trim()))).size;
    bytes += size;
    seconds += duration;
    if (duration > 0) peak = Math.max(peak, (size * 8) / duration);
  }
  return { bandwidth: peak, averageBandwidth: seconds > 0 ? ((bytes + init) * 8) / seconds : 0 };
}

// ---------------------------------------------------------------------------------------------
// Packaging

export interface HlsInput {
  /** A file path, or a lavfi graph when options contain "-f lavfi". */
  path: string;
  /** ffmpeg options placed before this -i (e.g. ["-f", "lavfi"], ["-stream_loop", "-1"]). */
  options?: string[];
}

export interface PackageHlsOptions {
  inputs: HlsInput[];
  /** The stream folder to (re)create: <media>/<free|premium>/<slug>/<variant>. */
  outDir: string;
  kind: "audio" | "video";
  /** speech: one mono rendition; music: a master playlist over stereo renditions (video: the first only). */
  ladder: AudioLadder;
  /** Expected seconds, for the progress bar; probed from the first input when absent. */
  duration?: number;
  /** A -filter_complex graph; then maps name its outputs. */
  filterComplex?: string;
  /** Streams to map; default audio: 0:a:0, video: 0:v:0 and 0:a:0. */
  maps?: string[];
  /** WebVTT text written as captions.vtt beside index.m3u8 (voiced streams). */
  captions?: string;
  /** Label of the progress bar (e.g. the variant folder). */
  label?: string;
  /** "bar" (default) draws on stderr, "none" stays silent, or a callback gets fractions. */
  progress?: "bar" | "none" | ((fraction: number) => void);
}

/** The ffmpeg arguments (after the inputs) that produce one rendition's HLS layout in the working folder. */
export function hlsEncodeArgs(
  options: Pick<PackageHlsOptions, "kind" | "filterComplex" | "maps">,
  rendition: AudioRendition = AUDIO_LADDER.speech[0],
  gainDb = 0,
): string[] {
  const args: string[] = [];
  const video = options.kind === "video";
  if (options.filterComplex) args.push("-filter_complex", options.filterComplex);
  const maps = options.maps ?? (video ? ["0:v:0", "0:a:0"] : ["0:a:0"]);
  for (const map of maps) args.push("-map", map);
  if (video) {
    if (!options.filterComplex) {
      const { maxWidth, maxHeight } = VIDEO_ENCODING;
      args.push(
        "-vf",
        `scale=w='min(${maxWidth},iw)':h='min(${maxHeight},ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p`,
        "-fpsmax",
        String(VIDEO_ENCODING.fpsMax),
      );
    }
    args.push(
      "-c:v",
      "libx264",
      "-preset",
      "medium",
      "-profile:v",
      "main",
      "-pix_fmt",
      "yuv420p",
      "-crf",
      String(VIDEO_ENCODING.crf),
      "-maxrate",
      VIDEO_ENCODING.maxrate,
      "-bufsize",
      VIDEO_ENCODING.bufsize,
      "-aq-mode",
      "3",
      "-force_key_frames",
      `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
    );
  } else {
    args.push("-vn");
  }
  if (gainDb !== 0) args.push("-filter:a", `volume=${gainDb.toFixed(2)}dB`);
  args.push(
    "-sn",
    "-dn",
    "-map_metadata",
    "-1",
    "-c:a",
    "aac",
    "-profile:a",
    "aac_low",
    "-b:a",
    String(rendition.bitsPerSecond),
    "-ar",
    String(rendition.sampleRate),
    "-ac",
    String(rendition.channels),
    "-f",
    "hls",
    "-hls_time",
    String(HLS_SEGMENT_SECONDS),
    "-hls_playlist_type",
    "vod",
    "-hls_segment_type",
    "fmp4",
    "-hls_fmp4_init_filename",
    "init.mp4",
    "-hls_segment_filename",
    "seg-%d.m4s",
    "-hls_flags",
    "independent_segments",
    "index.m3u8",
  );
  return args;
}

/** The renditions a stream gets: every step of its ladder for audio, the first one under a video. */
export function renditionsFor(kind: "audio" | "video", ladder: AudioLadder): readonly AudioRendition[] {
  const steps: readonly AudioRendition[] = AUDIO_LADDER[ladder];
  return kind === "video" ? steps.slice(0, 1).map((step) => ({ ...step, folder: null })) : steps;
}

/**
 * The gain (dB, at most 0) that brings a measured true peak under the ceiling, with a little
 * margin as the encoder's overshoot moves with the gain too; 0 when it is already under.
 */
export function headroomGain(truePeak: number, ceiling: number = LOUDNESS.truePeak): number {
  if (!(truePeak > ceiling)) return 0;
  return -(Math.ceil((truePeak - ceiling + 0.3) * 10 - 1e-6) / 10);
}

/** The small cuts tried first when an encoded rendition's true peak is over the ceiling. */
export const HEADROOM_STEPS_DB = [-0.3, -0.6, -1] as const;

/**
 * The gain of the next encode of a rendition, or null when the last one is fine. The AAC
 * encoder's overshoot does not follow the gain (a voice at -1.3 dBTP measured +1.7 dBTP after a
 * 0.5 dB cut), so small cuts are tried first, each encoded and measured; after them one cut by
 * the lowest peak's excess, and then the encode stays.
 */
export function nextHeadroomGain(tried: ReadonlyArray<{ gainDb: number; truePeak: number }>): number | null {
  const last = tried.at(-1);
  if (!last || headroomGain(last.truePeak) === 0) return null;
  const step = HEADROOM_STEPS_DB.find((gain) => !tried.some((attempt) => attempt.gainDb === gain));
  if (step !== undefined) return step;
  if (tried.length > HEADROOM_STEPS_DB.length + 1) return null;
  const best = tried.reduce((low, attempt) => (attempt.truePeak < low.truePeak ? attempt : low));
  return Math.round((best.gainDb + headroomGain(best.truePeak)) * 10) / 10;
}

export interface PackagedStream {
  /** Seconds, from the written playlist. */
  duration: number;
  kind: "audio" | "video";
  bytes: number;
  /** Present (true) when captions.vtt sits beside index.m3u8. */
  captions?: true;
}

/**
 * Encodes the inputs into outDir as HLS (written to a scratch folder first and swapped in, so a
 * failed run never leaves a half-written stream that a later run would skip). Each rendition's
 * true peak is measured (ebur128) and the rendition encoded again with more headroom when it came
 * out above the ceiling.
 */
export async function packageToHls(options: PackageHlsOptions): Promise<PackagedStream> {
  const outDir = resolve(options.outDir);
  const work = `${outDir}.partial-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });

  const inputArgs: string[] = [];
  for (const input of options.inputs) {
    const generated = input.options?.includes("lavfi") ?? false;
    inputArgs.push(...(input.options ?? []), "-i", generated ? input.path : resolve(input.path));
  }
  const first = options.inputs[0];
  if (!first) throw new Error("packageToHls needs at least one input");
  const expected = options.duration ?? (await probe(resolve(first.path))).duration;

  const label = options.label ?? outDir.split(/[\\/]/).slice(-1)[0] ?? "stream";
  const report =
    options.progress === "none" ? () => undefined : typeof options.progress === "function" ? options.progress : stderrProgress(label);
  const renditions = renditionsFor(options.kind, options.ladder);
  report(0);
  try {
    const master: MasterRendition[] = [];
    for (const [index, rendition] of renditions.entries()) {
      const dir = rendition.folder ? join(work, rendition.folder) : work;
      const share = (fraction: number) => report(Math.min(0.99, (index + fraction) / renditions.length));
      const tried: Array<{ gainDb: number; truePeak: number }> = [];
      for (let gainDb: number | null = 0; gainDb !== null; gainDb = nextHeadroomGain(tried)) {
        await rm(dir, { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
        await encodeRendition(inputArgs, options, rendition, gainDb, dir, expected, share);
        tried.push({ gainDb, truePeak: (await measureStream(join(dir, "index.m3u8"))).truePeak });
      }
      if (rendition.folder) {
        master.push({ uri: `${rendition.folder}/index.m3u8`, codecs: AAC_LC_CODEC, ...(await renditionBandwidth(dir)) });
      }
    }
    if (master.length > 0) await writeFile(join(work, "index.m3u8"), masterPlaylist(master));
    if (options.captions !== undefined) await writeFile(join(work, "captions.vtt"), options.captions);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  report(1);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(dirname(outDir), { recursive: true });
  await rename(work, outDir);
  return streamFacts(outDir, options.kind);
}

async function encodeRendition(
  inputArgs: string[],
  options: PackageHlsOptions,
  rendition: AudioRendition,
  gainDb: number,
  dir: string,
  expected: number,
  report: (fraction: number) => void,
): Promise<void> {
  const parser = new ProgressParser();
  await run(
    "ffmpeg",
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-progress",
      "pipe:1",
      // Four progress reports a second where the build knows the option (ffmpeg 4.4 on); else its two.
      ...(ffmpegKnows("stats_period") ? ["-stats_period", "0.25"] : []),
      "-nostats",
      ...inputArgs,
      ...hlsEncodeArgs(options, rendition, gainDb),
    ],
    {
      cwd: dir,
      onStdout: (chunk) => {
        for (const update of parser.push(chunk)) {
          if (!update.done && expected > 0) report(Math.min(0.99, update.seconds / expected));
        }
      },
    },
  );
}

/** Duration, kind, size and captions of a written stream folder. */
export async function streamFacts(streamDir: string, kind: "audio" | "video"): Promise<PackagedStream> {
  return {
    duration: await readPlaylistDuration(streamDir),
    kind,
    bytes: await folderBytes(streamDir),
    ...(existsSync(join(streamDir, "captions.vtt")) ? { captions: true as const } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Covers and manifest

/** Writes <mediaDir>/covers/<slug>.svg (showing what the item is of, see coverMotif) and returns its path. */
export async function writeCover(mediaDir: string, subject: CoverSubject): Promise<string> {
  const path = join(mediaDir, "covers", `${subject.slug}.svg`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(
    path,
    coverSvg(subject.slug, { ...(subject.name === undefined ? {} : { title: subject.name }), motif: coverMotif(subject) }),
  );
  return path;
}

export async function readManifest(mediaDir: string): Promise<MediaManifest> {
  const path = join(mediaDir, "manifest.json");
  if (!existsSync(path)) return {};
  return JSON.parse(await readFile(path, "utf8")) as MediaManifest;
}

/** Writes manifest.json with its paths sorted, so rebuilds give small diffs. */
export async function writeManifest(mediaDir: string, manifest: MediaManifest): Promise<void> {
  const sorted: MediaManifest = {};
  for (const key of Object.keys(manifest).sort()) sorted[key] = manifest[key] as MediaManifestEntry;
  await mkdir(mediaDir, { recursive: true });
  await writeFile(join(mediaDir, "manifest.json"), `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Adds or replaces entries in <mediaDir>/manifest.json. */
export async function updateManifest(mediaDir: string, entries: MediaManifest): Promise<MediaManifest> {
  const manifest = { ...(await readManifest(mediaDir)), ...entries };
  await writeManifest(mediaDir, manifest);
  return manifest;
}
