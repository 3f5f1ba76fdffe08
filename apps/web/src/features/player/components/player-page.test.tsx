import type { ContentItem, ContentSession } from "@serene/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { useSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { FREE_STATUS } from "../../../test/account-status";
import { hls, morningLight, NO_STREAMS, openPlayer as open, SIGNED_COOKIES, signedInWithQuietMedia } from "../../../test/player";
import { mockApi } from "../../../test/render";
import { startingSession } from "./player-page";

const item = (overrides: Partial<ContentItem> = {}): ContentItem =>
  morningLight({
    tags: [
      { id: 1, name: "Anxiety", slug: "anxiety" },
      { id: 2, name: "Morning", slug: "morning" },
    ],
    ...overrides,
  });

function session(id: number, free: boolean, name = `Session ${id}`): ContentSession {
  return {
    id,
    model: "meditation-sleep",
    name,
    cover: "/media/covers/s.svg",
    type: "Meditations",
    duration: 8,
    amount_lessons: null,
    free,
    favorite: false,
    description: "",
    position: id,
    complete: false,
    watched: false,
    ...NO_STREAMS,
    audio_male: free ? hls(`s${id}/audio-male`) : null,
    soundscape: null,
  };
}

const card = (id: number, free = true) => ({
  id,
  model: "meditation-sleep",
  name: `Calm ${id}`,
  cover: "/media/covers/c.svg",
  type: "Meditations",
  duration: 5,
  amount_lessons: null,
  free,
  favorite: false,
});

beforeEach(() => {
  useSubscriptionOffer.setState({ open: false, trigger: null, landing: null });
  signedInWithQuietMedia();
});

describe("player page", () => {
  it("shows the item, records one view and loads recommendations for all its tags, then for one tag", async () => {
    const api = mockApi({
      "GET meditation-sleep/11": [200, { data: item() }],
      "GET user/account-status": [200, FREE_STATUS],
      "GET user/cloudfront-cookies": [200, SIGNED_COOKIES],
      "POST user/views": [200, { data: { id: 11, model: "meditation-sleep", at: "2026-01-01T00:00:00Z" } }],
      "GET meditation-sleep/11/recommendations": (call) => [
        200,
        { data: call.query.get("tags") === "morning" ? [] : [card(2), card(3, false)] },
      ],
    });
    open("meditation-sleep", "11");
    expect(await screen.findByRole("heading", { level: 1, name: "Morning Light" })).toBeTruthy();
    expect(screen.getByText("10 min")).toBeTruthy();
    expect(await screen.findByText("Calm 2")).toBeTruthy();
    const [first] = api.named("GET meditation-sleep/11/recommendations");
    expect(first!.query.get("tags")).toBe("anxiety,morning");
    expect(first!.query.get("is_tags_inclusive")).toBe("1");
    await waitFor(() => expect(api.named("POST user/views")).toHaveLength(1));
    expect(api.named("POST user/views")[0]!.body).toEqual({ id: 11, model: "meditation-sleep" });

    const user = userEvent.setup();
    // A locked recommendation opens the offer instead of the item; bought, the member lands on it.
    await user.click(screen.getByRole("button", { name: "Play Calm 3 (locked)" }));
    expect(useSubscriptionOffer.getState()).toMatchObject({ open: true, trigger: "locked", landing: "/meditation-sleep/3" });

    await user.click(screen.getByRole("button", { name: "Morning" }));
    expect(await screen.findByText("No items")).toBeTruthy();
    const last = api.named("GET meditation-sleep/11/recommendations").at(-1)!;
    expect(last.query.get("tags")).toBe("morning");
    expect(last.query.get("is_tags_inclusive")).toBeNull();
    expect(api.named("POST user/views")).toHaveLength(1);
  });

  it("says 'Url does not exist' in the corner when Play has no stream, and offers no switch to nothing", async () => {
    mockApi({
      "GET meditation-sleep/11": [200, { data: item({ audio_male: null, soundscape: null }) }],
      "GET user/account-status": [200, FREE_STATUS],
      "GET meditation-sleep/11/recommendations": [200, { data: [] }],
    });
    open("meditation-sleep", "11");
    const player = await screen.findByRole("group", { name: "Player" });
    await userEvent.setup().click(within(player).getByRole("button", { name: "Play" }));
    expect(await screen.findByText("Url does not exist")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Format" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Voice" })).toBeNull();
  });

  it("loads the stream only after the signed cookies, with the male audio when no video exists", async () => {
    const api = mockApi({
      "GET meditation-sleep/11": [200, { data: item({ audio_female: hls("morning-light/audio-female") }) }],
      "GET user/account-status": [200, FREE_STATUS],
      "GET user/cloudfront-cookies": [200, SIGNED_COOKIES],
      "GET meditation-sleep/11/recommendations": [200, { data: [] }],
    });
    open("meditation-sleep", "11");
    const media = await screen.findByTestId<HTMLVideoElement>("player-media");
    await waitFor(() => expect(media.getAttribute("src")).toBe("/media/free/morning-light/audio-male/index.m3u8"));
    expect(api.named("GET user/cloudfront-cookies")).toHaveLength(1);
    // Audio only: no format switch; both voices: a voice switch.
    expect(screen.queryByRole("group", { name: "Format" })).toBeNull();
    expect(screen.getByRole("button", { name: "Male" }).getAttribute("aria-pressed")).toBe("true");
    const soundscape = screen.getByTestId<HTMLAudioElement>("player-soundscape");
    await waitFor(() => expect(soundscape.getAttribute("src")).toBe("/media/free/ambient/rain/index.m3u8"));
    expect(soundscape.loop).toBe(true);

    await userEvent.setup().click(screen.getByRole("button", { name: "Female" }));
    await waitFor(() => expect(media.getAttribute("src")).toBe("/media/free/morning-light/audio-female/index.m3u8"));
    expect(screen.getByRole("button", { name: "Female" }).getAttribute("aria-pressed")).toBe("true");

    // Volume changes reach the soundscape, at its own level, rounded to 2 decimals.
    act(() => {
      media.volume = 0.456;
      media.dispatchEvent(new Event("volumechange"));
    });
    // Under a voice the bed starts at BED_UNDER_VOICE_LEVEL (0.32) of it: 0.456 × 0.32 ≈ 0.15.
    expect(soundscape.volume).toBe(0.15);
  });

  it("sends the 'ViewContent' event and copies the page's address with the spec's messages", async () => {
    const api = mockApi({
      "GET meditation-sleep/11": [200, { data: item() }],
      "GET user/account-status": [200, FREE_STATUS],
      "GET user/cloudfront-cookies": [200, SIGNED_COOKIES],
      "POST events": [202, {}],
      "GET meditation-sleep/11/recommendations": [200, { data: [] }],
    });
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("Write permission denied."));
    open("meditation-sleep", "11");
    await screen.findByRole("heading", { level: 1, name: "Morning Light" });
    await waitFor(() => expect(api.named("POST events").map((call) => call.body!.name)).toContain("view_content"));

    const user = userEvent.setup();
    // After user-event's own clipboard stand-in.
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(["Url successfully copied"]));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    // The copied link is recorded as a share (it failing here, 404, changes nothing for the copy).
    await waitFor(() => expect(api.named("POST user/shares").map((call) => call.body)).toEqual([{ id: 11, model: "meditation-sleep" }]));
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ kind: "error", message: "Failed to copy: Write permission denied." }),
    );
    // A copy that failed is not a share.
    expect(api.named("POST user/shares")).toHaveLength(1);
  });

  it("shows a calm not-found state for an unknown id", async () => {
    mockApi({ "GET cbt/999": [404, { message: "Not found." }], "GET user/account-status": [200, FREE_STATUS] });
    open("cbt", "999");
    expect(await screen.findByRole("heading", { name: "We could not find this one" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/home");
  });

  it("starts a course on its first free session and opens the offer for a locked one", async () => {
    const course = item({
      id: 30,
      model: "meditation-sleep-course",
      name: "Seven Calm Days",
      amount_lessons: 3,
      audio_male: null,
      meditation: [session(31, false, "Arriving"), session(32, true, "Breath"), session(33, false, "Letting go")],
    });
    mockApi({
      "GET meditation-sleep-course/30": [200, { data: course }],
      "GET user/account-status": [200, FREE_STATUS],
      "GET user/cloudfront-cookies": [200, SIGNED_COOKIES],
    });
    open("meditation-sleep-course", "30");
    const list = await screen.findByRole("list");
    const current = await within(list).findByRole("button", { current: true });
    expect(current.textContent).toContain("Breath");
    expect(within(list).getAllByText("Locked")).toHaveLength(2);
    await userEvent.setup().click(within(list).getByRole("button", { name: /Letting go/ }));
    expect(useSubscriptionOffer.getState()).toMatchObject({ open: true, trigger: "locked" });
    expect(within(list).getByRole("button", { current: true }).textContent).toContain("Breath");
  });

  it("shows an empty playlist calmly", async () => {
    mockApi({
      "GET music-soundscape-playlist/40": [
        200,
        { data: item({ id: 40, model: "music-soundscape-playlist", audio_male: null, audios: [] }) },
      ],
      "GET user/account-status": [200, FREE_STATUS],
    });
    open("music-soundscape-playlist", "40");
    expect(await screen.findByText("This playlist is empty for now. New audios arrive soon.")).toBeTruthy();
  });
});

describe("starting session", () => {
  it("is the first free one for a free member and the first one for a subscriber", () => {
    const sessions = [session(1, false), session(2, true), session(3, true)];
    expect(startingSession(sessions, false)?.id).toBe(2);
    expect(startingSession(sessions, true)?.id).toBe(1);
    expect(startingSession([], true)).toBeNull();
  });
});
