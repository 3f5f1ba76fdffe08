/**
 * Loudness of the media pack (EBU R128), shared by the build and the ingest command, so one
 * session is not louder than the next:
 *   - measure a source (pass one, with `ebur128`: the figures loudnorm asks for, at a quarter of
 *     its cost), limit its peaks first when reaching -16 LUFS would push them over the ceiling,
 *     then apply `loudnorm` with the measurement and linear=true (pass two: one constant gain, so
 *     a closed loop stays closed);
 *   - measure an encoded stream with `ebur128` (peak=true): integrated loudness and true peak.
 * The argument builders and parsers are pure and tested (loudness.test.ts).
 */
import { run } from "./run.ts";

/** The target of every stream: about -16 LUFS integrated, true peak at most -1.5 dBTP. */
export const LOUDNESS = { integrated: -16, truePeak: -1.5, lra: 20 } as const;
/** A limited source peaks this far below the ceiling (the limiter holds sample peaks, not true peaks). */
export const LIMITER_HEADROOM_DB = 1.5;
/** After the linear gain, true peaks stay this far under the ceiling, room for the AAC encoder's overshoot. */
export const ENCODER_MARGIN_DB = 2.5;

/** What `loudnorm` reports about its input (pass one). */
export interface LoudnormMeasurement {
  input_i: number;
  input_tp: number;
  input_lra: number;
  input_thresh: number;
  target_offset: number;
}

/** The second pass: the measured values fed back, one linear gain to the target. */
export function loudnormApplyFilter(measured: LoudnormMeasurement): string {
  const n = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "0.00");
  return (
    `loudnorm=I=${LOUDNESS.integrated}:TP=${LOUDNESS.truePeak}:LRA=${LOUDNESS.lra}` +
    `:measured_I=${n(measured.input_i)}:measured_TP=${n(measured.input_tp)}:measured_LRA=${n(measured.input_lra)}` +
    `:measured_thresh=${n(measured.input_thresh)}:offset=${n(measured.target_offset)}:linear=true:print_format=json`
  );
}

/**
 * The gain that brings the measured loudness to the target, and whether the peaks then need a
 * limiter: they would come out closer to the ceiling than LIMITER_HEADROOM_DB.
 */
export function loudnessPlan(measured: Pick<LoudnormMeasurement, "input_i" | "input_tp">): { gainDb: number; limit: boolean } {
  const gainDb = LOUDNESS.integrated - measured.input_i;
  return { gainDb, limit: linearExcess(measured) > 0 };
}

/**
 * How far (dB) the true peak would land above the ceiling less ENCODER_MARGIN_DB once one linear
 * gain brings the measured loudness to the target; positive means a limiter (or more drive into
 * it) is needed, which is also the condition for loudnorm to stay linear.
 */
export function linearExcess(measured: Pick<LoudnormMeasurement, "input_i" | "input_tp">): number {
  return measured.input_tp + (LOUDNESS.integrated - measured.input_i) - (LOUDNESS.truePeak - ENCODER_MARGIN_DB);
}

/**
 * The next drive into the limiter after measuring its output, or null when the output is fine:
 * limiting also lowers the loudness, so the drive rises by what is still in excess (plus a
 * little) until peak and loudness fit.
 */
export function nextLimiterDrive(driveDb: number, limited: Pick<LoudnormMeasurement, "input_i" | "input_tp">): number | null {
  const excess = linearExcess(limited);
  return excess > 0 ? driveDb + excess + 0.2 : null;
}

/**
 * The limiter placed before loudnorm when the peaks need it: the source raised to the target
 * loudness, then its peaks held LIMITER_HEADROOM_DB under the ceiling (no auto level, so the
 * loudness is kept).
 */
export function limiterFilter(gainDb: number): string {
  const limit = 10 ** ((LOUDNESS.truePeak - LIMITER_HEADROOM_DB) / 20);
  return `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit.toFixed(4)}:attack=4:release=60:level=disabled`;
}

/** Reads the JSON block that loudnorm prints at the end of its run. */
export function parseLoudnormJson(
  stderr: string,
): LoudnormMeasurement & { normalization_type?: string; output_i: number; output_tp: number } {
  const start = stderr.lastIndexOf("{");
  const end = stderr.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("No loudnorm measurement in ffmpeg's output");
  const data = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  const number = (key: string) => {
    const value = Number(data[key]);
    if (!Number.isFinite(value)) throw new Error(`loudnorm reported no ${key} (silent input?)`);
    return value;
  };
  return {
    input_i: number("input_i"),
    input_tp: number("input_tp"),
    input_lra: number("input_lra"),
    input_thresh: number("input_thresh"),
    target_offset: number("target_offset"),
    output_i: Number(data.output_i),
    output_tp: Number(data.output_tp),
    ...(data.normalization_type ? { normalization_type: data.normalization_type } : {}),
  };
}

export interface Ebur128Summary {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** The relative gate of the integrated loudness, LUFS. */
  threshold: number;
  /** Loudness range, LU. */
  lra: number;
  /** True peak, dBTP (the highest channel). */
  truePeak: number;
}

/** Reads the Summary block of ffmpeg's ebur128 filter. */
export function parseEbur128Summary(stderr: string): Ebur128Summary {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  if (!summary.startsWith("Summary:")) throw new Error("No ebur128 summary in ffmpeg's output");
  const value = (pattern: RegExp, what: string) => {
    const match = summary.match(pattern);
    if (!match) throw new Error(`No ${what} in the ebur128 summary`);
    return match[1] === "-inf" ? Number.NEGATIVE_INFINITY : Number(match[1]);
  };
  return {
    integrated: value(/I:\s+(-?[\d.]+|-inf) LUFS/, "integrated loudness"),
    threshold: value(/I:\s+\S+ LUFS\s+Threshold:\s+(-?[\d.]+|-inf) LUFS/, "integrated threshold"),
    lra: value(/LRA:\s+(-?[\d.]+|-inf) LU/, "loudness range"),
    truePeak: value(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/, "true peak"),
  };
}

/** ffmpeg arguments that decode `input` (a file or a playlist) through ebur128 and discard it. */
export function ebur128Args(input: string): string[] {
  return [
    "-nostdin",
    "-hide_banner",
    "-nostats",
    "-i",
    input,
    "-map",
    "0:a:0",
    "-af",
    "ebur128=peak=true:framelog=verbose",
    "-f",
    "null",
    "-",
  ];
}

/** Integrated loudness and true peak of a file or an HLS playlist. */
export async function measureStream(input: string): Promise<Ebur128Summary> {
  const { stderr } = await run("ffmpeg", ebur128Args(input));
  return parseEbur128Summary(stderr);
}

/** Input arguments: a loop is read three times over, so a limiter's state at its seam is the state it runs in. */
function inputArgs(input: string, loop: boolean): string[] {
  return loop ? ["-stream_loop", "2", "-i", input] : ["-i", input];
}

/**
 * Pass one: the R128 measurement loudnorm needs (integrated, true peak, range, gate), taken with
 * ebur128, which gives the same figures at a quarter of loudnorm's cost (no 192 kHz resampling).
 */
export function measurementFromSummary(summary: Ebur128Summary): LoudnormMeasurement {
  return {
    input_i: summary.integrated,
    input_tp: summary.truePeak,
    input_lra: summary.lra,
    input_thresh: summary.threshold,
    target_offset: 0,
  };
}

async function measure(input: string, preFilter: string | null, loop: boolean): Promise<LoudnormMeasurement> {
  const filter = `${preFilter ? `${preFilter},` : ""}ebur128=peak=true:framelog=verbose`;
  const args = ["-nostdin", "-hide_banner", "-nostats", ...inputArgs(input, loop), "-map", "0:a:0", "-af", filter, "-f", "null", "-"];
  const summary = parseEbur128Summary((await run("ffmpeg", args)).stderr);
  if (!Number.isFinite(summary.integrated)) throw new Error(`${input} is silent: nothing to normalise`);
  return measurementFromSummary(summary);
}

/**
 * The filter that keeps the middle pass of a loop read three times: the limiter (whose look-ahead
 * also delays its output a little) has run through the loop's end before its start, so the kept
 * pass is the same closed loop, seamless. Nothing for a file that is not a loop.
 */
export function loopTrimFilter(loopSamples: number | null): string | null {
  return loopSamples ? `atrim=start_sample=${loopSamples}:end_sample=${2 * loopSamples},asetpts=PTS-STARTPTS` : null;
}

export interface NormalisedSource {
  /** Pass one, as measured on the source. */
  measured: LoudnormMeasurement;
  /** Whether a limiter went before loudnorm. */
  limited: boolean;
  /** linear, or dynamic when loudnorm could not keep one gain. */
  normalization: string;
  /** The written file, as loudnorm measured its output. */
  result: { integrated: number; truePeak: number };
}

/**
 * Writes `output` (32-bit float WAV at `sampleRate`, `channels`) from the first audio stream of
 * `input`, brought to -16 LUFS by two-pass loudnorm (linear), with a limiter first when needed.
 */
export async function normaliseToWav(
  input: string,
  output: string,
  channels: 1 | 2,
  sampleRate: number,
  /** For a closed loop: its length in samples at sampleRate (the result stays a closed loop). */
  loopSamples: number | null = null,
): Promise<NormalisedSource> {
  const loop = loopSamples !== null;
  const measured = await measure(input, null, loop);
  const plan = loudnessPlan(measured);
  let preFilter: string | null = null;
  let second = measured;
  if (plan.limit) {
    let drive: number | null = plan.gainDb;
    for (let attempt = 0; drive !== null && attempt < 4; attempt += 1) {
      preFilter = limiterFilter(drive);
      second = await measure(input, preFilter, loop);
      drive = nextLimiterDrive(drive, second);
    }
  }
  const filter = [preFilter, loudnormApplyFilter(second), `aresample=${sampleRate}`, loopTrimFilter(loopSamples)].filter(Boolean).join(",");
  const args = ["-nostdin", "-hide_banner", "-nostats", "-y", ...inputArgs(input, loop), "-map", "0:a:0", "-af", filter];
  const { stderr } = await run("ffmpeg", [...args, "-ac", String(channels), "-c:a", "pcm_f32le", output]);
  const applied = parseLoudnormJson(stderr);
  return {
    measured,
    limited: plan.limit,
    normalization: applied.normalization_type ?? "linear",
    result: { integrated: applied.output_i, truePeak: applied.output_tp },
  };
}
