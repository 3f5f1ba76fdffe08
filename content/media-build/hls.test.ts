import { describe, expect, it } from "vitest";
import {
  HLS_SEGMENT_SECONDS,
  MissingToolsError,
  ProgressParser,
  hlsEncodeArgs,
  parsePlaylistDuration,
  parseProbeJson,
  progressBar,
} from "./hls";

describe("ffmpeg progress parsing", () => {
  it("reports out_time_us / out_time_ms (both microseconds) once per block", () => {
    const parser = new ProgressParser();
    const updates = parser.push(
      "frame=0\nout_time_us=N/A\nout_time_ms=N/A\nout_time=N/A\nprogress=continue\n" +
        "out_time_us=9600000\nout_time_ms=9600000\nout_time=00:00:09.600000\nspeed=120x\nprogress=continue\n",
    );
    expect(updates).toEqual([
      { seconds: 0, done: false },
      { seconds: 9.6, done: false },
    ]);
  });

  it("joins lines split across chunks and marks the end block", () => {
    const parser = new ProgressParser();
    expect(parser.push("out_time_ms=1200")).toEqual([]);
    expect(parser.push("0000\nprogress=cont")).toEqual([]);
    expect(parser.push("inue\r\nout_time_ms=20000000\nprogress=end\n")).toEqual([
      { seconds: 12, done: false },
      { seconds: 20, done: true },
    ]);
  });

  it("falls back to out_time as a clock and treats negative times as zero", () => {
    const parser = new ProgressParser();
    expect(parser.push("out_time=01:02:03.500000\nprogress=continue\nout_time=-00:00:00.023\nprogress=continue\n")).toEqual([
      { seconds: 3723.5, done: false },
      { seconds: 0, done: false },
    ]);
  });

  it("draws a ten-step text bar", () => {
    expect(progressBar(0.48, "audio-male")).toBe("[#####-----] 48% audio-male");
    expect(progressBar(0, "video")).toBe("[----------]  0% video");
    expect(progressBar(1, "audio")).toBe("[##########] 100% audio");
    expect(progressBar(7, "x")).toBe("[##########] 100% x");
    expect(progressBar(Number.NaN, "x")).toBe("[----------]  0% x");
  });
});

describe("playlist duration", () => {
  const playlist = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    "#EXT-X-TARGETDURATION:6",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    '#EXT-X-MAP:URI="init.mp4"',
    "#EXTINF:6.037188,",
    "seg-0.m4s",
    "#EXTINF:5.990000,",
    "seg-1.m4s",
    "#EXTINF:1.098639,",
    "seg-2.m4s",
    "#EXT-X-ENDLIST",
  ].join("\n");

  it("sums the EXTINF entries", () => {
    expect(parsePlaylistDuration(playlist)).toBe(13.126);
  });

  it("rejects text that is not a playlist", () => {
    expect(() => parsePlaylistDuration("<html>")).toThrow(/not an HLS playlist/i);
  });

  it("is zero for an empty VOD playlist", () => {
    expect(parsePlaylistDuration("#EXTM3U\n#EXT-X-ENDLIST\n")).toBe(0);
  });
});

describe("ffmpeg arguments", () => {
  it("packages audio as mono AAC-LC in 6-second fMP4 segments", () => {
    const args = hlsEncodeArgs({ kind: "audio" }).join(" ");
    expect(args).toContain("-vn");
    expect(args).toContain("-c:a aac -profile:a aac_low");
    expect(args).toContain("-ac 1");
    expect(args).toContain(
      `-hls_time ${HLS_SEGMENT_SECONDS} -hls_playlist_type vod -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4`,
    );
    expect(args).toContain("-hls_segment_filename seg-%d.m4s");
    expect(args.endsWith("index.m3u8")).toBe(true);
  });

  it("scales video to at most 640x360 with a key frame every segment", () => {
    const args = hlsEncodeArgs({ kind: "video" }).join(" ");
    expect(args).toContain("-map 0:v:0 -map 0:a:0");
    expect(args).toContain("min(640,iw)");
    expect(args).toContain("min(360,ih)");
    expect(args).toContain("-c:v libx264");
    expect(args).toContain("expr:gte(t,n_forced*6)");
  });

  it("uses a given filter graph and maps instead of the scaler", () => {
    const args = hlsEncodeArgs({ kind: "video", filterComplex: "[0:v]null[v]", maps: ["[v]", "1:a:0"] });
    expect(args.slice(0, 6)).toEqual(["-filter_complex", "[0:v]null[v]", "-map", "[v]", "-map", "1:a:0"]);
    expect(args).not.toContain("-vf");
  });
});

describe("probe and tools", () => {
  it("does not count an embedded cover picture as video", () => {
    const facts = parseProbeJson(
      JSON.stringify({
        format: { duration: "20.000000" },
        streams: [{ codec_type: "audio" }, { codec_type: "video", width: 500, height: 500, disposition: { attached_pic: 1 } }],
      }),
    );
    expect(facts).toEqual({ duration: 20, hasAudio: true, hasVideo: false });
  });

  it("says how to install missing tools", () => {
    const error = new MissingToolsError(["sox", "ffprobe"]);
    expect(error.message).toContain("Missing commands: sox, ffprobe");
    expect(error.message).toContain("apt-get install sox ffmpeg");
    expect(error.message).toContain("apt-get install espeak-ng sox ffmpeg");
  });
});
