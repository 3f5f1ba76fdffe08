import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mockPlayerApi, openPlayer as open, signedInWithQuietMedia } from "../../../test/player";
import { playback } from "../lib/playback";

const VOICE = "/media/free/morning-light/audio-male/index.m3u8";

let paused: HTMLMediaElement[] = [];

beforeEach(() => {
  paused = [];
  signedInWithQuietMedia((media) => paused.push(media));
  mockPlayerApi();
});

const chooser = () => screen.findByRole<HTMLSelectElement>("combobox", { name: "Soundscape under the session" });

describe("the soundscape chooser", () => {
  it("offers the item's own bed, the four other beds and None, and swaps only the bed", async () => {
    const view = open();
    const select = await chooser();
    expect([...select.options].map((option) => option.text)).toEqual(["Rain (its own)", "Ocean", "Forest", "Brown noise", "Night", "None"]);
    expect(select.value).toBe("own");
    const media = screen.getByTestId<HTMLVideoElement>("player-media");
    const bed = screen.getByTestId<HTMLAudioElement>("player-soundscape");
    await waitFor(() => expect(bed.getAttribute("src")).toBe("/media/free/ambient/rain/index.m3u8"));
    await waitFor(() => expect(media.getAttribute("src")).toBe(VOICE));
    // Under a voice at full volume, the bed starts 10 dB lower.
    expect(bed.volume).toBe(0.32);
    expect(screen.getByRole<HTMLInputElement>("slider", { name: "Soundscape volume" }).value).toBe("0.32");

    const user = userEvent.setup();
    paused = [];
    await user.selectOptions(select, "Ocean");
    await waitFor(() => expect(bed.getAttribute("src")).toBe("/media/free/ambient/ocean/index.m3u8"));
    // The voice was never touched: same stream, never paused.
    expect(media.getAttribute("src")).toBe(VOICE);
    expect(paused).not.toContain(media);
    expect(playback.getState().track?.soundscapeUrl).toBe("/media/free/ambient/ocean/index.m3u8");
    expect(JSON.parse(window.localStorage.getItem("bed-choices")!)).toEqual({ "meditation-sleep-11": "ocean" });

    // The member's own level carries to the next bed, and is kept on the device.
    act(() => playback.setBedLevel(0.6));
    await user.selectOptions(select, "Forest");
    await waitFor(() => expect(bed.getAttribute("src")).toBe("/media/free/ambient/forest/index.m3u8"));
    expect(bed.volume).toBe(0.6);
    expect(window.localStorage.getItem("bed-level")).toBe("0.6");

    await user.selectOptions(select, "None");
    await waitFor(() => expect(bed.getAttribute("src")).toBeNull());
    expect(playback.getState().track?.soundscapeUrl).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Mute the soundscape" }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("slider", { name: "Soundscape volume" }).disabled).toBe(true);
    expect(paused).not.toContain(media);
    view.unmount();
  });

  it("remembers the choice per item on the device, and going back to its own forgets it", async () => {
    window.localStorage.setItem("bed-choices", JSON.stringify({ "meditation-sleep-11": "night", "cbt-4": "none" }));
    open();
    const select = await chooser();
    expect(select.value).toBe("night");
    const bed = screen.getByTestId<HTMLAudioElement>("player-soundscape");
    await waitFor(() => expect(bed.getAttribute("src")).toBe("/media/free/ambient/night/index.m3u8"));
    await userEvent.setup().selectOptions(select, "Rain (its own)");
    await waitFor(() => expect(bed.getAttribute("src")).toBe("/media/free/ambient/rain/index.m3u8"));
    expect(JSON.parse(window.localStorage.getItem("bed-choices")!)).toEqual({ "cbt-4": "none" });
  });
});
