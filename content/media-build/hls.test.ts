import { describe, expect, it } from "vitest";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AUDIO_LADDER,
  HLS_SEGMENT_SECONDS,
  MissingToolsError,
  ProgressParser,
  headroomGain,
  nextHeadroomGain,
  hlsEncodeArgs,
  masterPlaylist,
  parseMasterVariants,
  parsePlaylistDuration,
  parseProbeJson,
  progressBar,
  readPlaylistDuration,
  renditionsFor,
} from "./hls.ts";

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

  it("follows a master playlist to its first rendition", async () => {
    const dir = await mkdtemp(join(tmpdir(), "serene-playlist-"));
    try {
      await mkdir(join(dir, "128k"));
      await writeFile(join(dir, "128k", "index.m3u8"), playlist);
      await writeFile(
        join(dir, "index.m3u8"),
        masterPlaylist([
          { uri: "256k/index.m3u8", bandwidth: 260_000, averageBandwidth: 257_000, codecs: "mp4a.40.2" },
          { uri: "128k/index.m3u8", bandwidth: 132_000.4, averageBandwidth: 130_000, codecs: "mp4a.40.2" },
        ]),
      );
      expect(await readPlaylistDuration(dir)).toBe(13.126);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("true peak headroom after encoding", () => {
  it("keeps an encode whose true peak is under the ceiling", () => {
    expect(nextHeadroomGain([{ gainDb: 0, truePeak: -1.6 }])).toBeNull();
  });

  it("tries small cuts first, then one cut by the lowest peak's excess, then stops", () => {
    const tried = [{ gainDb: 0, truePeak: -1.3 }];
    expect(nextHeadroomGain(tried)).toBe(-0.3);
    tried.push({ gainDb: -0.3, truePeak: 1.7 });
    expect(nextHeadroomGain(tried)).toBe(-0.6);
    tried.push({ gainDb: -0.6, truePeak: -1.4 });
    expect(nextHeadroomGain(tried)).toBe(-1);
    tried.push({ gainDb: -1, truePeak: -1.2 });
    // The lowest peak was at -0.6 dB (-1.4 dBTP): 0.4 dB more.
    expect(nextHeadroomGain(tried)).toBe(-1);
    tried.push({ gainDb: -1, truePeak: -1.45 });
    expect(nextHeadroomGain(tried)).toBeNull();
  });
});

describe("the ladder", () => {
  it("gives speech one mono rendition at 64 kb/s in the stream folder itself", () => {
    expect(renditionsFor("audio", "speech")).toEqual([{ folder: null, bitsPerSecond: 64_000, channels: 1, sampleRate: 44_100 }]);
  });

  it("gives music and soundscapes stereo 128 and 256 kb/s renditions in their own folders", () => {
    expect(renditionsFor("audio", "music").map((step) => [step.folder, step.bitsPerSecond, step.channels])).toEqual([
      ["128k", 128_000, 2],
      ["256k", 256_000, 2],
    ]);
  });

  it("puts only the first rendition under a video, in the stream folder", () => {
    expect(renditionsFor("video", "music")).toEqual([{ ...AUDIO_LADDER.music[0], folder: null }]);
    expect(renditionsFor("video", "speech")).toEqual(AUDIO_LADDER.speech);
  });

  it("writes a master playlist, lowest rendition first, with whole bit rates and the AAC-LC codec", () => {
    const text = masterPlaylist([
      { uri: "256k/index.m3u8", bandwidth: 260_000, averageBandwidth: 257_000, codecs: "mp4a.40.2" },
      { uri: "128k/index.m3u8", bandwidth: 132_000.4, averageBandwidth: 130_000, codecs: "mp4a.40.2" },
    ]);
    expect(text).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:7",
        "#EXT-X-INDEPENDENT-SEGMENTS",
        '#EXT-X-STREAM-INF:BANDWIDTH=132001,AVERAGE-BANDWIDTH=130000,CODECS="mp4a.40.2"',
        "128k/index.m3u8",
        '#EXT-X-STREAM-INF:BANDWIDTH=260000,AVERAGE-BANDWIDTH=257000,CODECS="mp4a.40.2"',
        "256k/index.m3u8",
        "",
      ].join("\n"),
    );
    expect(parseMasterVariants(text)).toEqual(["128k/index.m3u8", "256k/index.m3u8"]);
  });

  it("finds no renditions in a media playlist", () => {
    expect(parseMasterVariants("#EXTM3U\n#EXTINF:6,\nseg-0.m4s\n#EXT-X-ENDLIST\n")).toEqual([]);
  });

  it("lowers a rendition that came out above -1.5 dBTP, with a margin, and leaves others alone", () => {
    expect(headroomGain(-1.6)).toBe(0);
    expect(headroomGain(-1.5)).toBe(0);
    expect(headroomGain(-1.2)).toBe(-0.6);
    expect(headroomGain(0.4)).toBe(-2.2);
    expect(headroomGain(Number.NEGATIVE_INFINITY)).toBe(0);
  });
});

describe("ffmpeg arguments", () => {
  it("packages speech as mono AAC-LC at 64 kb/s in 6-second fMP4 segments", () => {
    const args = hlsEncodeArgs({ kind: "audio" }).join(" ");
    expect(args).toContain("-vn");
    expect(args).toContain("-c:a aac -profile:a aac_low -b:a 64000 -ar 44100 -ac 1");
    expect(args).not.toContain("volume=");
    expect(args).toContain(
      `-hls_time ${HLS_SEGMENT_SECONDS} -hls_playlist_type vod -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4`,
    );
    expect(args).toContain("-hls_segment_filename seg-%d.m4s");
    expect(args.endsWith("index.m3u8")).toBe(true);
  });

  it("encodes a music rendition in stereo at its rate, with the gain a true peak asked for", () => {
    const args = hlsEncodeArgs({ kind: "audio" }, AUDIO_LADDER.music[1], -0.6).join(" ");
    expect(args).toContain("-filter:a volume=-0.60dB");
    expect(args).toContain("-b:a 256000 -ar 44100 -ac 2");
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
