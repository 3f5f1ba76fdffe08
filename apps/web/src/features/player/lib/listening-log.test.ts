import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useErrorStore } from "../../../lib/error-store";
import { SIGNED_COOKIES, signedInWithQuietMedia } from "../../../test/player";
import { mockApi, validation } from "../../../test/render";
import { playback, type Track } from "./playback";

const track: Track = {
  key: "meditation-sleep-11",
  id: 11,
  model: "meditation-sleep",
  name: "Morning Light",
  cover: "/media/covers/morning-light.svg",
  href: "/meditation-sleep/11",
  url: "/media/free/morning-light/audio-male/index.m3u8",
  video: false,
  soundscapeUrl: null,
  loop: false,
  keepsPlace: false,
};

const START = Date.parse("2026-03-01T08:00:00.000Z");
/** The clock moves to `seconds` after the start, and the media element says `event`, as a browser's would. */
const at = (seconds: number, event: "playing" | "pause" | "waiting" | "ended") =>
  act(() => {
    vi.setSystemTime(START + seconds * 1000);
    playback.media.dispatchEvent(new Event(event));
  });

beforeEach(() => {
  signedInWithQuietMedia();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  useErrorStore.getState().clear();
});
afterEach(() => {
  act(() => playback.close());
  vi.useRealTimers();
});

describe("the listening session the player reports (decision 054)", () => {
  it("is the time the sound played, from the first play: pauses and waiting for the stream are not listening", async () => {
    const api = mockApi({
      "GET user/cloudfront-cookies": [200, SIGNED_COOKIES],
      "POST user/history": [201, { data: {} }],
      "POST user/sessions": [201, { data: {} }],
    });
    act(() => playback.load(track));
    await at(0, "playing");
    await at(60, "pause");
    // Twenty minutes away, then on again: thirty seconds, ten waiting for the stream, twenty more to the end.
    await at(20 * 60 + 60, "playing");
    await at(20 * 60 + 90, "waiting");
    await at(20 * 60 + 100, "playing");
    await at(20 * 60 + 120, "pause");
    await at(20 * 60 + 120, "ended");
    await waitFor(() => expect(api.named("POST user/sessions")).toHaveLength(1));
    expect(api.named("POST user/sessions")[0]!.body).toEqual({
      id: 11,
      model: "meditation-sleep",
      start_session: "2026-03-01T08:00:00Z",
      end_session: "2026-03-01T08:01:50Z",
    });
  });

  it("a session the server does not believe is only logged: the member sees no error", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const api = mockApi({
      "GET user/cloudfront-cookies": [200, SIGNED_COOKIES],
      "POST user/history": [201, { data: {} }],
      "POST user/sessions": validation({ start_session: ["The session overlaps a session already reported."] }),
    });
    act(() => playback.load(track));
    await at(0, "playing");
    await at(45, "pause");
    act(() => playback.close());
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Player call failed:", "The given data was invalid."));
    expect(api.named("POST user/sessions")[0]!.body).toMatchObject({
      start_session: "2026-03-01T08:00:00Z",
      end_session: "2026-03-01T08:00:45Z",
    });
    expect(useErrorStore.getState()).toMatchObject({ message: null, flag: false });
  });
});
