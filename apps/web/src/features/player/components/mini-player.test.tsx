import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signingOut } from "../../../lib/session";
import { SIGNED_COOKIES, signedInWithQuietMedia } from "../../../test/player";
import { mockApi, renderPage } from "../../../test/render";
import { mixer, type MixerLayer } from "../lib/mixer-engine";
import { playback, type Track } from "../lib/playback";
import { MiniPlayer } from "./mini-player";

const layer = (id: number, name: string): MixerLayer => ({
  id,
  name,
  cover: `/media/covers/${id}.svg`,
  url: `/media/free/sound-${id}/audio/index.m3u8`,
  volume: 0.7,
});

const session: Track = {
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

beforeEach(() => {
  signedInWithQuietMedia();
  mockApi({ "GET user/cloudfront-cookies": [200, SIGNED_COOKIES], "POST user/sessions": [201, {}] });
  act(() => {
    mixer.clear();
    playback.close();
  });
});

// Before the media stand-ins go: nothing left loading into the next test.
afterEach(() => {
  act(() => {
    mixer.clear();
    playback.close();
  });
});

/** The session plays (the engine's element says so, as a browser's would). */
function sessionPlays() {
  act(() => {
    playback.load(session);
    playback.media.dispatchEvent(new Event("playing"));
  });
}

const nowPlaying = () => screen.queryByRole("complementary", { name: "Now playing" });

describe("the mini-player's mix", () => {
  it("shows the mix away from the Sounds page, back to it, with pause, play and close", async () => {
    act(() => {
      mixer.setLayers([layer(42, "Rain"), layer(44, "Forest")]);
      mixer.play();
    });
    renderPage(MiniPlayer, { at: "/home" });
    expect(nowPlaying()?.textContent).toContain("Your mix · Rain, Forest");
    expect(screen.getByRole("link", { name: "Open the mixer: Your mix · Rain, Forest" }).getAttribute("href")).toBe("/sounds");
    // A mix loops: no progress to show.
    expect(screen.queryByRole("progressbar")).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Pause the mix" }));
    expect(mixer.getState().playing).toBe(false);
    await user.click(screen.getByRole("button", { name: "Play the mix" }));
    expect(mixer.getState().playing).toBe(true);

    await user.click(screen.getByRole("button", { name: "Close the mix" }));
    expect(nowPlaying()).toBeNull();
    expect(mixer.getState().layers).toEqual([]);
    expect(document.querySelectorAll('[data-testid="mixer-layer"]')).toHaveLength(0);
  });

  it("stays out of the way on the Sounds page, where the mixer itself shows", () => {
    act(() => {
      mixer.setLayers([layer(42, "Rain")]);
      mixer.play();
    });
    renderPage(MiniPlayer, { at: "/sounds" });
    expect(nowPlaying()).toBeNull();
  });

  it("shows nothing for sounds chosen and never played", () => {
    act(() => mixer.setLayers([layer(42, "Rain")]));
    renderPage(MiniPlayer, { at: "/home" });
    expect(nowPlaying()).toBeNull();
  });

  it("gives way to a session that starts, and comes back paused when the session is closed", async () => {
    act(() => {
      mixer.setLayers([layer(42, "Rain"), layer(44, "Forest")]);
      mixer.play();
    });
    renderPage(MiniPlayer, { at: "/home" });
    sessionPlays();
    expect(mixer.getState().playing).toBe(false);
    expect(screen.getByRole("link", { name: "Open the player: Morning Light" })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole("button", { name: "Close the player" }));
    expect(nowPlaying()?.textContent).toContain("Your mix · Rain, Forest");
    expect(screen.getByRole("button", { name: "Play the mix" })).toBeTruthy();
  });

  it("brings back the paused session when the mix that paused it is closed", async () => {
    renderPage(MiniPlayer, { at: "/home" });
    sessionPlays();
    act(() => {
      mixer.setLayers([layer(42, "Rain")]);
      mixer.play();
    });
    expect(nowPlaying()?.textContent).toContain("Your mix · Rain");
    act(() => {
      playback.media.dispatchEvent(new Event("pause"));
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "Close the mix" }));
    expect(screen.getByRole("link", { name: "Open the player: Morning Light" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
  });

  it("does not stop a mix played straight after a session, while the session's pause is on its way", () => {
    renderPage(MiniPlayer, { at: "/home" });
    sessionPlays();
    act(() => {
      mixer.setLayers([layer(42, "Rain")]);
      mixer.play();
    });
    // The session's element still reports itself playing for a moment, then pauses.
    act(() => {
      playback.media.dispatchEvent(new Event("timeupdate"));
      playback.media.dispatchEvent(new Event("play"));
    });
    expect(mixer.getState().playing).toBe(true);
    act(() => {
      playback.media.dispatchEvent(new Event("pause"));
    });
    expect(mixer.getState()).toMatchObject({ playing: true, front: true });
  });

  it("stops and empties the mix when the member logs out", async () => {
    act(() => {
      mixer.setLayers([layer(42, "Rain")]);
      mixer.play();
    });
    renderPage(MiniPlayer, { at: "/home" });
    act(() => signingOut());
    await waitFor(() => expect(nowPlaying()).toBeNull());
    expect(mixer.getState()).toMatchObject({ layers: [], playing: false });
  });
});
