/**
 * One way to do each media chore, shared by the demo pack build (content/media-build/build.ts) and the
 * ingest command (content/ingest.ts):
 *   - packageToHls: encode one source to the HLS layout (AAC-LC audio, optional H.264 video,
 *     fMP4 segments of 6 s, index.m3u8 + init.mp4 + seg-N.m4s), with a progress bar on stderr;
 *   - parsePlaylistDuration / readPlaylistDuration: seconds of a VOD playlist;
 *   - writeCover: the generated cover SVG;
 *   - readManifest / writeManifest / streamFacts: content/media/manifest.json;
 *   - requireTools: a clear message when espeak-ng, sox or ffmpeg are missing.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { MediaManifest, MediaManifestEntry } from "../catalogue";
import { coverSvg } from "./cover";

export { coverSvg } from "./cover";

export const HLS_SEGMENT_SECONDS = 6;
/** Mono AAC-LC at a low rate: speech and soft music stay clear, the whole pack stays small. */
export const AUDIO_ENCODING = { bitrate: "32k", sampleRate: 22050, channels: 1 } as const;
/** H.264 for the calm visuals and ingested video: at most 640x360. */
export const VIDEO_ENCODING = { maxWidth: 640, maxHeight: 360, crf: 23, maxrate: "220k", bufsize: "440k", fpsMax: 24 } as const;

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
  constructor(readonly missing: string[]) {
    const packages = [...new Set(missing.map((tool) => TOOL_PACKAGES[tool] ?? tool))];
    super(
      `Missing command${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.\n` +
        `Install with:  sudo apt-get install ${packages.join(" ")}   (Debian/Ubuntu)\n` +
        `          or:  brew install ${packages.join(" ")}   (macOS)\n` +
        `The full set for building the demo pack is: apt-get install espeak-ng sox ffmpeg`,
    );
    this.name = "MissingToolsError";
  }
}

/** Throws MissingToolsError naming every tool that cannot be started. */
export function requireTools(tools: readonly string[]): void {
  const missing = tools.filter((tool) => {
    const flag = tool === "ffmpeg" || tool === "ffprobe" ? "-version" : "--version";
    const result = spawnSync(tool, [flag], { stdio: "ignore" });
    return result.error !== undefined;
  });
  if (missing.length > 0) throw new MissingToolsError(missing);
}

// ---------------------------------------------------------------------------------------------
// Processes

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a command, resolving with its output; rejects with the tail of stderr on failure. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; onStdout?: (chunk: string) => void } = {},
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on("error", (error) => reject(error));
    child.on("close", (code) => {
      if (code === 0) resolvePromise({ stdout, stderr });
      else reject(new Error(`${command} exited with code ${code}: ${stderr.trim().split("\n").slice(-6).join("\n")}`));
    });
  });
}

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

/** Duration of `<dir>/index.m3u8`. */
export async function readPlaylistDuration(streamDir: string): Promise<number> {
  return parsePlaylistDuration(await readFile(join(streamDir, "index.m3u8"), "utf8"));
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
  /** Expected seconds, for the progress bar; probed from the first input when absent. */
  duration?: number;
  /** A -filter_complex graph; then maps name its outputs. */
  filterComplex?: string;
  /** Streams to map; default audio: 0:a:0, video: 0:v:0 and 0:a:0. */
  maps?: string[];
  /** Label of the progress bar (e.g. the variant folder). */
  label?: string;
  /** "bar" (default) draws on stderr, "none" stays silent, or a callback gets fractions. */
  progress?: "bar" | "none" | ((fraction: number) => void);
}

/** The ffmpeg arguments (after the inputs) that produce the HLS layout in the working folder. */
export function hlsEncodeArgs(options: Pick<PackageHlsOptions, "kind" | "filterComplex" | "maps">): string[] {
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
      "veryfast",
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
      "-force_key_frames",
      `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
    );
  } else {
    args.push("-vn");
  }
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
    AUDIO_ENCODING.bitrate,
    "-ar",
    String(AUDIO_ENCODING.sampleRate),
    "-ac",
    String(AUDIO_ENCODING.channels),
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

export interface PackagedStream {
  /** Seconds, from the written playlist. */
  duration: number;
  kind: "audio" | "video";
  bytes: number;
}

/**
 * Encodes the inputs into outDir as HLS (written to a scratch folder first and swapped in, so a
 * failed run never leaves a half-written stream that a later run would skip).
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
  const parser = new ProgressParser();
  report(0);
  try {
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
        "-stats_period",
        "0.25",
        "-nostats",
        ...inputArgs,
        ...hlsEncodeArgs(options),
      ],
      {
        cwd: work,
        onStdout: (chunk) => {
          for (const update of parser.push(chunk)) {
            if (!update.done && expected > 0) report(Math.min(0.99, update.seconds / expected));
          }
        },
      },
    );
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

/** Duration, kind and size of a written stream folder. */
export async function streamFacts(streamDir: string, kind: "audio" | "video"): Promise<PackagedStream> {
  return { duration: await readPlaylistDuration(streamDir), kind, bytes: await folderBytes(streamDir) };
}

// ---------------------------------------------------------------------------------------------
// Covers and manifest

/** Writes <mediaDir>/covers/<slug>.svg and returns its path. */
export async function writeCover(mediaDir: string, slug: string, title?: string): Promise<string> {
  const path = join(mediaDir, "covers", `${slug}.svg`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, coverSvg(slug, title === undefined ? {} : { title }));
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
