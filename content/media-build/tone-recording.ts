import { run } from "./run.ts";

/**
 * A recording for tests and benches, made with the same ffmpeg: a soft 196 Hz tone under a little pink noise,
 * `seconds` long, mono 44.1 kHz WAV (ten minutes is about 53 MB, as a spoken session's master would be).
 */
export async function writeToneRecording(file: string, seconds: number): Promise<void> {
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=196:duration=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `anoisesrc=color=pink:amplitude=0.02:duration=${seconds}`,
    "-filter_complex",
    "amix=inputs=2:duration=first",
    "-ac",
    "1",
    "-ar",
    "44100",
    file,
  ]);
}
