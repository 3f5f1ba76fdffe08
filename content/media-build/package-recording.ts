import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MediaVariant } from "../catalogue.ts";
import { AUDIO_LADDER, SOURCE_SAMPLE_RATE, packageToHls, probe, type PackagedStream } from "./hls.ts";
import { normaliseToWav } from "./loudness.ts";

/** A recording that cannot become the stream asked for, in words for whoever sent it. */
export class RecordingRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RecordingRefused";
  }
}

/** The ladder a model's streams get: voices the speech one, music and soundscapes the stereo one. */
export const ladderOf = (model: string) => (model === "music-soundscape" || model === "music-soundscape-playlist" ? "music" : "speech");

/**
 * One recording packaged as one stream of an item (decision 070): the one pipeline of `npm run content:ingest`
 * and of the console's uploads (the `content.package` job). The audio is brought to the product's loudness
 * first (two-pass loudnorm), then written as HLS with the model's ladder (AAC-LC in fMP4, 6 s segments;
 * video as H.264 at most 640x360 with that audio) into `outDir`, with `captions` (WebVTT) beside it.
 */
export async function packageRecording(options: {
  file: string;
  variant: MediaVariant;
  model: string;
  outDir: string;
  captions?: string;
  progress?: "bar" | "none" | ((fraction: number) => void);
  label?: string;
}): Promise<PackagedStream> {
  let facts;
  try {
    facts = await probe(options.file);
  } catch {
    throw new RecordingRefused("The file is not audio or video that can be read.");
  }
  const kind = options.variant.startsWith("video") ? "video" : "audio";
  if (kind === "video" && !facts.hasVideo)
    throw new RecordingRefused(`The file has no video, so it cannot be the ${options.variant} stream.`);
  if (kind === "audio" && !facts.hasAudio) throw new RecordingRefused("The file has no sound.");
  if (!(facts.duration > 0)) throw new RecordingRefused("The file has no length.");
  const ladder = ladderOf(options.model);
  const scratch = await mkdtemp(join(tmpdir(), "serene-package-"));
  try {
    const wav = join(scratch, "normalised.wav");
    // A silent video (calm visuals) keeps its picture only; any sound is normalised first.
    if (facts.hasAudio) await normaliseToWav(options.file, wav, AUDIO_LADDER[ladder][0].channels, SOURCE_SAMPLE_RATE);
    return await packageToHls({
      inputs: facts.hasAudio ? [{ path: options.file }, { path: wav }] : [{ path: options.file }],
      outDir: options.outDir,
      kind,
      ladder,
      duration: facts.duration,
      maps: kind === "video" ? ["0:v:0", ...(facts.hasAudio ? ["1:a:0"] : [])] : ["1:a:0"],
      ...(options.captions ? { captions: options.captions } : {}),
      ...(options.label ? { label: options.label } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
