import { describe, expect, it } from "vitest";
import {
  AUDIO_URL_MISSING,
  NO_URL_TO_SWITCH,
  VIDEO_URL_MISSING,
  availableVariants,
  formatSwitch,
  initialVariant,
  isLocked,
  isMusicStreams,
  streamField,
  switchesFor,
  urlOf,
  voiceSwitch,
  type StreamField,
  type Streams,
} from "./variants";

const stream = (name: string) => ({ hls: { playlist: `/media/free/x/${name}/index.m3u8` } });
const streams = (...fields: StreamField[]): Streams => ({
  video_male: null,
  video_female: null,
  audio_male: null,
  audio_female: null,
  audio: null,
  video: null,
  ...Object.fromEntries(fields.map((field) => [field, stream(field)])),
});

describe("initial variant", () => {
  it("prefers male video, then male audio, then female video, then female audio", () => {
    expect(initialVariant(streams("video_male", "audio_male", "video_female", "audio_female"), false)).toEqual({
      format: "video",
      voice: "male",
    });
    expect(initialVariant(streams("audio_male", "video_female", "audio_female"), false)).toEqual({ format: "audio", voice: "male" });
    expect(initialVariant(streams("video_female", "audio_female"), false)).toEqual({ format: "video", voice: "female" });
    expect(initialVariant(streams("audio_female"), false)).toEqual({ format: "audio", voice: "female" });
  });

  it("falls back to male video when nothing exists, so Play can say the url is missing", () => {
    const none = streams();
    const variant = initialVariant(none, false);
    expect(variant).toEqual({ format: "video", voice: "male" });
    expect(urlOf(none, variant)).toBeNull();
  });

  it("plays music's own video, then its audio, with no voice", () => {
    expect(initialVariant(streams("audio", "video"), true)).toEqual({ format: "video", voice: null });
    expect(initialVariant(streams("audio"), true)).toEqual({ format: "audio", voice: null });
    expect(streamField({ format: "audio", voice: null })).toBe("audio");
    expect(streamField({ format: "video", voice: "female" })).toBe("video_female");
  });

  it("tells music from voiced items by their streams, else by their model", () => {
    expect(isMusicStreams(streams("audio"), false)).toBe(true);
    expect(isMusicStreams(streams("audio_male"), true)).toBe(false);
    expect(isMusicStreams(streams(), true)).toBe(true);
    expect(isMusicStreams(streams(), false)).toBe(false);
  });

  it("lists what exists in preference order", () => {
    expect(availableVariants(streams("audio_female", "video_male"), false)).toEqual([
      { format: "video", voice: "male" },
      { format: "audio", voice: "female" },
    ]);
  });
});

describe("switches and their tooltips", () => {
  const maleVideo = { format: "video", voice: "male" } as const;
  const maleAudio = { format: "audio", voice: "male" } as const;

  it("switches format and voice when all four variants exist", () => {
    const all = streams("video_male", "audio_male", "video_female", "audio_female");
    expect(formatSwitch(all, false, maleVideo)).toEqual({ target: maleAudio, tooltip: null });
    expect(voiceSwitch(all, false, maleVideo)).toEqual({ target: { format: "video", voice: "female" }, tooltip: null });
  });

  it("says 'No url exists to switch' on both when the current stream is the only one", () => {
    const only = streams("audio_male");
    expect(formatSwitch(only, false, maleAudio)).toEqual({ target: null, tooltip: NO_URL_TO_SWITCH });
    expect(voiceSwitch(only, false, maleAudio)).toEqual({ target: null, tooltip: NO_URL_TO_SWITCH });
    expect(NO_URL_TO_SWITCH).toBe("No url exists to switch");
  });

  it("says 'No url exists to switch' when there is no stream at all", () => {
    const none = streams();
    expect(formatSwitch(none, false, maleVideo).tooltip).toBe(NO_URL_TO_SWITCH);
    expect(voiceSwitch(none, false, maleVideo).tooltip).toBe(NO_URL_TO_SWITCH);
  });

  it("says 'Audio url does not exist' when only videos exist", () => {
    const videos = streams("video_male", "video_female");
    expect(formatSwitch(videos, false, maleVideo)).toEqual({ target: null, tooltip: AUDIO_URL_MISSING });
    expect(AUDIO_URL_MISSING).toBe("Audio url does not exist");
    expect(voiceSwitch(videos, false, maleVideo).target).toEqual({ format: "video", voice: "female" });
  });

  it("says 'Video url does not exist' when only audios exist", () => {
    const audios = streams("audio_male", "audio_female");
    expect(formatSwitch(audios, false, maleAudio)).toEqual({ target: null, tooltip: VIDEO_URL_MISSING });
    expect(VIDEO_URL_MISSING).toBe("Video url does not exist");
    expect(voiceSwitch(audios, false, maleAudio).target).toEqual({ format: "audio", voice: "female" });
  });

  it("keeps the voice when it can and takes the other voice's format when it must", () => {
    // Male video and female audio only: the format switch goes to the female audio.
    const mixed = streams("video_male", "audio_female");
    expect(formatSwitch(mixed, false, maleVideo).target).toEqual({ format: "audio", voice: "female" });
    expect(voiceSwitch(mixed, false, maleVideo).target).toEqual({ format: "audio", voice: "female" });
  });

  it("disables the voice switch for music, whose format switch uses audio and video", () => {
    const music = streams("audio", "video");
    const video = { format: "video", voice: null } as const;
    expect(voiceSwitch(music, true, video)).toEqual({ target: null, tooltip: NO_URL_TO_SWITCH });
    expect(formatSwitch(music, true, video)).toEqual({ target: { format: "audio", voice: null }, tooltip: null });
    expect(formatSwitch(streams("audio"), true, { format: "audio", voice: null }).tooltip).toBe(NO_URL_TO_SWITCH);
  });
});

describe("locked", () => {
  const premium = (...fields: StreamField[]) => ({ ...streams(...fields), free: false });
  it("never locks a free item or anything for a subscriber", () => {
    expect(isLocked({ ...streams(), free: true }, false)).toBe(false);
    expect(isLocked(premium(), true)).toBe(false);
  });
  it("locks a premium item for a free member", () => {
    expect(isLocked(premium("audio_male"), false)).toBe(true);
  });
  it("while the member's status loads, locks a premium item the server sent no streams for", () => {
    expect(isLocked(premium(), null)).toBe(true);
    expect(isLocked(premium("video"), null)).toBe(false);
  });
});

describe("which switches an item offers", () => {
  it("a format switch only with audio and video, a voice switch only with both voices", () => {
    expect(switchesFor(streams("audio_male", "audio_female"), false)).toEqual({ format: false, voice: true });
    expect(switchesFor(streams("audio_male", "video_male"), false)).toEqual({ format: true, voice: false });
    expect(switchesFor(streams("audio", "video"), true)).toEqual({ format: true, voice: false });
    expect(switchesFor(streams(), false)).toEqual({ format: false, voice: false });
  });
});
