import type { ContentItem } from "@serene/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { morningLight, mockPlayerApi, openPlayer as open, signedInWithQuietMedia } from "../../../test/player";
import type { mockApi } from "../../../test/render";
import { playback } from "../lib/playback";
import { CAPTIONS_FAILED } from "./transcript/captions";

const MALE = "/media/free/morning-light/audio-male";
const FEMALE = "/media/free/morning-light/audio-female";
const stream = (base: string, captions = true) => ({
  hls: { playlist: `${base}/index.m3u8`, ...(captions ? { captions: `${base}/captions.vtt` } : {}) },
});
const vtt = (lines: [number, number, string][]) =>
  `WEBVTT\n\n${lines.map(([from, to, text]) => `00:${String(from).padStart(2, "0")}.000 --> 00:${String(to).padStart(2, "0")}.000\n${text}`).join("\n\n")}\n`;
const MALE_VTT = vtt([
  [0, 4, "Good morning."],
  [5, 9, "Let your hands rest."],
  [10, 14, "Breathe in slowly."],
  [15, 19, "And let it go."],
]);
const FEMALE_VTT = vtt([
  [0, 5, "Good morning, gently."],
  [6, 11, "Soft shoulders now."],
]);
const text = (body: string): [number, string, Record<string, string>] => [200, body, { "content-type": "text/vtt" }];

const item = (overrides: Partial<ContentItem> = {}): ContentItem =>
  morningLight({ duration: 1, audio_male: stream(MALE), audio_female: stream(FEMALE), soundscape: null, ...overrides });

function api(extra: Parameters<typeof mockApi>[0] = {}, content = item()) {
  return mockPlayerApi(content, {
    "GET user/positions/11": [200, { data: null }],
    "POST user/views": [200, { data: { id: 11, model: "meditation-sleep", at: "2026-01-01T00:00:00Z" } }],
    [`GET ${MALE}/captions.vtt`]: text(MALE_VTT),
    [`GET ${FEMALE}/captions.vtt`]: text(FEMALE_VTT),
    ...extra,
  });
}

const lines = () => within(screen.getByRole("region", { name: "Transcript" })).getAllByRole("button");
const currentLine = () => lines().find((line) => line.getAttribute("aria-current") === "true") ?? null;

beforeEach(() => signedInWithQuietMedia());

describe("captions on the player", () => {
  it("shows no captions tools for a stream without captions, and fetches nothing", async () => {
    const calls = api({}, item({ audio_male: stream(MALE, false), audio_female: stream(FEMALE, false) }));
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Morning Light" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Captions" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Transcript" })).toBeNull();
    expect(calls.calls.some((call) => call.path.endsWith(".vtt"))).toBe(false);
  });

  it("turns captions on and off, shows the spoken line on the stage and remembers the choice on the device", async () => {
    const calls = api();
    open();
    const toggle = await screen.findByRole("button", { name: "Captions" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    // Nothing is fetched until the member asks for the words.
    expect(calls.named(`GET ${MALE}/captions.vtt`)).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(window.localStorage.getItem("captions")).toBe("on");
    const line = await screen.findByTestId("spoken-line");
    await waitFor(() => expect(line.textContent).toBe("Good morning."));
    // The file went with the media cookies, after they were fetched.
    const vttCall = calls.calls.findIndex((call) => call.path === `${MALE}/captions.vtt`);
    expect(calls.calls.findIndex((call) => call.path === "user/cloudfront-cookies")).toBeLessThan(vttCall);

    playback.seek(11);
    await waitFor(() => expect(screen.getByTestId("spoken-line").textContent).toBe("Breathe in slowly."));
    // Between lines the stage is quiet.
    playback.seek(14.5);
    await waitFor(() => expect(screen.getByTestId("spoken-line").textContent).toBe(""));

    await user.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByTestId("spoken-line")).toBeNull();
    expect(window.localStorage.getItem("captions")).toBeNull();
  });

  it("starts with captions on when this device chose them", async () => {
    window.localStorage.setItem("captions", "on");
    api();
    open();
    expect((await screen.findByRole("button", { name: "Captions" })).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(screen.getByTestId("spoken-line").textContent).toBe("Good morning."));
  });

  it("lists every line with its time in the transcript, marks the spoken one and jumps to a clicked line", async () => {
    const calls = api();
    open();
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Transcript" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(lines()).toHaveLength(4));
    expect(lines().map((line) => line.textContent)).toEqual([
      "0:00Good morning.",
      "0:05Let your hands rest.",
      "0:10Breathe in slowly.",
      "0:15And let it go.",
    ]);
    expect(button.getAttribute("aria-controls")).toBe(screen.getByRole("region", { name: "Transcript" }).id);
    expect(currentLine()?.textContent).toContain("Good morning.");

    await user.click(lines()[2]!);
    expect(playback.getState().position).toBe(10);
    await waitFor(() => expect(currentLine()?.textContent).toContain("Breathe in slowly."));
    // The one file, fetched once, whatever shows it.
    await user.click(screen.getByRole("button", { name: "Captions" }));
    expect(calls.named(`GET ${MALE}/captions.vtt`)).toHaveLength(1);
  });

  it("moves between lines with the arrow keys, Home and End, and chooses with Enter or Space", async () => {
    api();
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Transcript" }));
    await waitFor(() => expect(lines()).toHaveLength(4));
    // One tab stop: the spoken line.
    expect(lines().map((line) => line.tabIndex)).toEqual([0, -1, -1, -1]);
    lines()[0]!.focus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(lines()[2]);
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(lines()[1]);
    await user.keyboard("{Enter}");
    expect(playback.getState().position).toBe(5);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(lines()[3]);
    await user.keyboard(" ");
    expect(playback.getState().position).toBe(15);
    await waitFor(() => expect(currentLine()).toBe(lines()[3]));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(lines()[0]);
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(lines()[0]);
  });

  it("follows the voice inside its own list, and pauses following for five seconds after the member scrolls it", async () => {
    // A layout for jsdom: lines 40 px tall, a list that shows two of them.
    const ROW = 40;
    vi.spyOn(HTMLElement.prototype, "offsetTop", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "LI" ? [...this.parentElement!.children].indexOf(this) * ROW : 0;
    });
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "LI" ? ROW : 0;
    });
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "OL" ? 2 * ROW : 0;
    });
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "OL" ? this.children.length * ROW : 0;
    });
    const pageScroll = vi.spyOn(window, "scrollTo");
    api();
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Transcript" }));
    await waitFor(() => expect(lines()).toHaveLength(4));
    const list = screen.getByRole("list", { name: "Transcript" });
    expect(list.scrollTop).toBe(0);

    // The third line spoken: centred in the list (its top at 80 px, less half the list's spare room).
    playback.seek(11);
    await waitFor(() => expect(list.scrollTop).toBe(2 * ROW - ROW / 2));
    // The last line: as far as the list goes.
    playback.seek(16);
    await waitFor(() => expect(list.scrollTop).toBe(2 * ROW));

    // The member scrolls back to the top: the voice moves on, the list stays where they put it.
    const start = Date.now();
    list.scrollTop = 0;
    fireEvent.scroll(list);
    playback.seek(11);
    await waitFor(() => expect(currentLine()?.textContent).toContain("Breathe in slowly."));
    expect(list.scrollTop).toBe(0);
    // Five seconds later it follows again.
    vi.spyOn(Date, "now").mockReturnValue(start + 5_100);
    playback.seek(16);
    await waitFor(() => expect(list.scrollTop).toBe(2 * ROW));
    // The page itself never moved, and the focus stayed where it was.
    expect(pageScroll).not.toHaveBeenCalled();
    expect(list.contains(document.activeElement)).toBe(false);
  });

  it("loads the other voice's captions after a voice switch", async () => {
    const calls = api();
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Transcript" }));
    await waitFor(() => expect(lines()).toHaveLength(4));
    // The last of four lines was the tab stop; the new voice has two, and the list keeps one tab stop.
    lines()[0]!.focus();
    await user.keyboard("{End}");
    await user.click(screen.getByRole("button", { name: "Female" }));
    await waitFor(() => expect(lines().map((line) => line.textContent)).toEqual(["0:00Good morning, gently.", "0:06Soft shoulders now."]));
    expect(calls.named(`GET ${FEMALE}/captions.vtt`)).toHaveLength(1);
    expect(lines().map((line) => line.tabIndex)).toEqual([-1, 0]);
  });

  it("renews the media cookies after a 403 and tries once more", async () => {
    let answered = 0;
    const calls = api({
      [`GET ${MALE}/captions.vtt`]: () => (answered++ === 0 ? [403, { message: "You do not have access to this media." }] : text(MALE_VTT)),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Transcript" }));
    await waitFor(() => expect(lines()).toHaveLength(4));
    expect(calls.named(`GET ${MALE}/captions.vtt`)).toHaveLength(2);
    expect(calls.named("GET user/cloudfront-cookies").length).toBeGreaterThanOrEqual(2);
  });

  it("says so calmly when the words cannot be loaded, never retries a second 403 on its own, and tries again on request", async () => {
    let fail = true;
    const calls = api({
      [`GET ${MALE}/captions.vtt`]: () => (fail ? [403, { message: "You do not have access to this media." }] : text(MALE_VTT)),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Captions" }));
    await user.click(screen.getByRole("button", { name: "Transcript" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(CAPTIONS_FAILED);
    expect(screen.getByTestId("spoken-line").textContent).toBe(CAPTIONS_FAILED);
    expect(calls.named(`GET ${MALE}/captions.vtt`)).toHaveLength(2);

    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(lines()).toHaveLength(4));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("treats a file that is not WebVTT as a failure", async () => {
    api({ [`GET ${MALE}/captions.vtt`]: [200, "<!doctype html><p>Hello</p>", { "content-type": "text/html" }] });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Transcript" }));
    expect((await screen.findByRole("alert")).textContent).toContain(CAPTIONS_FAILED);
  });
});
