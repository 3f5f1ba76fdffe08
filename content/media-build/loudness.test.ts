import { describe, expect, it } from "vitest";
import {
  LOUDNESS,
  ebur128Args,
  limiterFilter,
  linearExcess,
  loudnessPlan,
  loudnormApplyFilter,
  loopTrimFilter,
  measurementFromSummary,
  nextLimiterDrive,
  parseEbur128Summary,
  parseLoudnormJson,
} from "./loudness.ts";

const LOUDNORM_OUTPUT = `[Parsed_loudnorm_0 @ 0x55fff12eda80]
{
	"input_i" : "-22.72",
	"input_tp" : "-3.07",
	"input_lra" : "4.30",
	"input_thresh" : "-33.41",
	"output_i" : "-16.93",
	"output_tp" : "-1.50",
	"output_lra" : "1.20",
	"output_thresh" : "-27.20",
	"normalization_type" : "dynamic",
	"target_offset" : "1.45"
}
`;

const EBUR128_OUTPUT = `[Parsed_ebur128_0 @ 0x5566] Summary:

  Integrated loudness:
    I:         -16.2 LUFS
    Threshold: -26.5 LUFS

  Loudness range:
    LRA:         4.1 LU
    Threshold: -36.6 LUFS
    LRA low:   -19.3 LUFS
    LRA high:  -15.2 LUFS

  True peak:
    Peak:       -1.8 dBFS
`;

describe("loudness targets and arguments", () => {
  it("aims at -16 LUFS integrated and -1.5 dBTP", () => {
    expect(LOUDNESS.integrated).toBe(-16);
    expect(LOUDNESS.truePeak).toBe(-1.5);
  });

  it("feeds pass one's measurement back with linear=true", () => {
    const measured = parseLoudnormJson(LOUDNORM_OUTPUT);
    expect(loudnormApplyFilter(measured)).toBe(
      "loudnorm=I=-16:TP=-1.5:LRA=20:measured_I=-22.72:measured_TP=-3.07:measured_LRA=4.30:measured_thresh=-33.41:offset=1.45:linear=true:print_format=json",
    );
  });

  it("limits only when the gain to -16 LUFS would bring the peaks too near the ceiling", () => {
    // Quiet and peaky (a synthetic voice): +6.7 dB would take the peaks over the ceiling.
    const voice = loudnessPlan({ input_i: -22.72, input_tp: -3.07 });
    expect(voice.limit).toBe(true);
    expect(voice.gainDb).toBeCloseTo(6.72);
    // A soft bed with low peaks: one gain is enough.
    const bed = loudnessPlan({ input_i: -24, input_tp: -14 });
    expect(bed.limit).toBe(false);
    expect(bed.gainDb).toBeCloseTo(8);
  });

  it("drives the limiter harder until peak and loudness fit, then stops", () => {
    // Limited output came out at -17.9 LUFS with peaks at -3.0: 1.9 dB of gain would take them to -1.1.
    const next = nextLimiterDrive(6.72, { input_i: -17.88, input_tp: -3 });
    expect(next).not.toBeNull();
    expect(next!).toBeGreaterThan(6.72 + linearExcess({ input_i: -17.88, input_tp: -3 }));
    expect(nextLimiterDrive(9, { input_i: -16.2, input_tp: -4.5 })).toBeNull();
  });

  it("raises to the loudness, then holds the sample peaks under the ceiling without auto level", () => {
    expect(limiterFilter(6.72)).toBe("volume=6.72dB,alimiter=limit=0.7079:attack=4:release=60:level=disabled");
  });

  it("takes pass one's figures from ebur128 (integrated, true peak, range and gate)", () => {
    expect(measurementFromSummary(parseEbur128Summary(EBUR128_OUTPUT))).toEqual({
      input_i: -16.2,
      input_tp: -1.8,
      input_lra: 4.1,
      input_thresh: -26.5,
      target_offset: 0,
    });
  });

  it("keeps the middle pass of a loop read three times, and leaves other files whole", () => {
    expect(loopTrimFilter(882_000)).toBe("atrim=start_sample=882000:end_sample=1764000,asetpts=PTS-STARTPTS");
    expect(loopTrimFilter(null)).toBeNull();
  });

  it("measures a stream through ebur128 with true peaks", () => {
    expect(ebur128Args("a/index.m3u8").join(" ")).toContain("-i a/index.m3u8 -map 0:a:0 -af ebur128=peak=true");
  });
});

describe("reading ffmpeg's reports", () => {
  it("reads loudnorm's JSON block", () => {
    expect(parseLoudnormJson(LOUDNORM_OUTPUT)).toEqual({
      output_i: -16.93,
      output_tp: -1.5,
      input_i: -22.72,
      input_tp: -3.07,
      input_lra: 4.3,
      input_thresh: -33.41,
      target_offset: 1.45,
      normalization_type: "dynamic",
    });
  });

  it("says so when loudnorm measured nothing", () => {
    expect(() => parseLoudnormJson("no json here")).toThrow(/No loudnorm measurement/);
    expect(() => parseLoudnormJson('{ "input_i" : "-inf", "input_tp" : "-inf" }')).toThrow(/input_i/);
  });

  it("reads the ebur128 summary", () => {
    expect(parseEbur128Summary(`[Parsed_ebur128_0 @ 0x5566] t: 0.1 M: -120.7\n${EBUR128_OUTPUT}`)).toEqual({
      integrated: -16.2,
      threshold: -26.5,
      lra: 4.1,
      truePeak: -1.8,
    });
  });

  it("reads silence as minus infinity and refuses output without a summary", () => {
    expect(parseEbur128Summary(EBUR128_OUTPUT.replace("-16.2 LUFS", "-70.0 LUFS").replace("-1.8 dBFS", "-inf dBFS")).truePeak).toBe(
      Number.NEGATIVE_INFINITY,
    );
    expect(() => parseEbur128Summary("nothing")).toThrow(/No ebur128 summary/);
  });
});
