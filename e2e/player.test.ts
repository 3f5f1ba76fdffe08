import type { Browser, Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newVisit, playsPast, registerMember } from "./browser";
import { catalogue, DEMO_MEMBERS, singleItem, type CatalogueItem, unexpected } from "./demo";

const byId = new Map(catalogue.items.map((item) => [item.id, item]));
const single = singleItem;
const has = (item: CatalogueItem, ...variants: string[]) => variants.every((variant) => item.media?.[variant]);

/** A free item with both voices (audio only) and a soundscape under them. */
const freeItem = single(
  (item) => item.free && has(item, "audio_male", "audio_female") && !item.media?.video_male && Boolean(item.soundscape),
);
const lockedItem = single((item) => !item.free);
const videoItem = single((item) => !item.free && has(item, "video_male"));
const course = catalogue.items.find(
  (item) =>
    item.model === "meditation-sleep-course" &&
    item.children?.some((id) => byId.get(id)?.free) &&
    item.children.some((id) => !byId.get(id)?.free),
)!;
const lockedSession = byId.get(course.children!.find((id) => !byId.get(id)!.free)!)!;

const DEMO = DEMO_MEMBERS;

async function tokenFor({ email, password }: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/v1/user/token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ login: email, password, device_name: "web" }),
  });
  if (!response.ok) throw new Error(`log in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const media = (page: Page) => page.getByTestId("player-media");
const soundscape = (page: Page) => page.getByTestId("player-soundscape");
const player = (page: Page) => page.getByRole("group", { name: "Player" });

/** Records the player's session reports (POST /api/v1/user/sessions), and in `answers` the status each was answered. */
function sessionReports(page: Page) {
  const reports: Record<string, unknown>[] = [];
  const answers: number[] = [];
  const isReport = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/user/sessions";
  page.on("request", (request: Request) => {
    if (isReport(request)) reports.push(request.postDataJSON() as Record<string, unknown>);
  });
  page.on("response", (response) => {
    if (isReport(response.request())) answers.push(response.status());
  });
  return Object.assign(reports, { answers });
}

const UTC_SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe("the player for a free member", () => {
  it("plays a free item with its soundscape, switches voice, mirrors volume, reports the session and keeps a favourite", async () => {
    // A member of its own: the favourite it sets must not be there already when the journey runs again.
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember() });
    const reports = sessionReports(page);
    const views = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/api/v1/user/views"));
    await page.goto(`/${freeItem.model}/${freeItem.id}`);
    await page.getByRole("heading", { level: 1, name: freeItem.name }).waitFor();
    expect((await views).postDataJSON()).toEqual({ id: freeItem.id, model: freeItem.model });

    // Male audio first; no video exists, so no format switch is offered, only the voice.
    await expect.poll(() => page.getByRole("button", { name: "Male", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("group", { name: "Format" }).count()).toBe(0);

    await player(page).getByRole("button", { name: "Play" }).click();
    await playsPast(page, 0.5);
    expect(await media(page).evaluate((element: HTMLMediaElement) => element.currentSrc)).toContain("/audio-male/");
    await playsPast(page, 0.2, "player-soundscape");
    expect(await soundscape(page).evaluate((element: HTMLMediaElement) => element.loop)).toBe(true);

    // The other voice: a new stream, still playing from the same place, the soundscape from the start again.
    await playsPast(page, 1.5);
    const beforeSwitch = await media(page).evaluate((element: HTMLMediaElement) => element.currentTime);
    await page.getByRole("button", { name: "Female" }).click();
    await page.waitForFunction(() =>
      document.querySelector<HTMLMediaElement>('[data-testid="player-media"]')!.currentSrc.includes("/audio-female/"),
    );
    await expect.poll(() => page.getByRole("button", { name: "Female" }).getAttribute("aria-pressed")).toBe("true");
    await playsPast(page, beforeSwitch);

    // Volume with the keyboard; the soundscape follows at its level under a voice (0.32 of it, about 10 dB
    // lower), rounded to 2 decimals.
    expect(await soundscape(page).evaluate((element: HTMLMediaElement) => element.volume)).toBe(0.32);
    await page.getByRole("slider", { name: "Volume", exact: true }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
    await expect.poll(() => media(page).evaluate((element: HTMLMediaElement) => element.volume)).toBeCloseTo(0.85, 5);
    await expect.poll(() => soundscape(page).evaluate((element: HTMLMediaElement) => element.volume)).toBe(0.27);
    await media(page).evaluate((element: HTMLMediaElement) => {
      element.volume = 0.456;
    });
    await expect.poll(() => soundscape(page).evaluate((element: HTMLMediaElement) => element.volume)).toBe(0.15);
    // The soundscape's own level and mute, under the voice's volume.
    await page.getByRole("slider", { name: "Soundscape volume" }).fill("0.5");
    await expect.poll(() => soundscape(page).evaluate((element: HTMLMediaElement) => element.volume)).toBe(0.23);
    await page.getByRole("button", { name: "Mute the soundscape" }).click();
    await expect.poll(() => soundscape(page).evaluate((element: HTMLMediaElement) => element.muted)).toBe(true);
    expect(await media(page).evaluate((element: HTMLMediaElement) => element.muted)).toBe(false);
    await page.getByRole("button", { name: "Mute the soundscape" }).click();
    await page.getByRole("slider", { name: "Soundscape volume" }).fill("1");

    // Pause pauses the soundscape too; Space on the player plays again.
    await player(page).getByRole("button", { name: "Pause" }).click();
    await expect.poll(() => soundscape(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
    await expect.poll(() => media(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
    await player(page).focus();
    await page.keyboard.press("Space");
    await playsPast(page, 0.5);
    await playsPast(page, 0, "player-soundscape");

    // To the end with the seek bar: `ended` reports the listening session in UTC seconds.
    expect(reports).toHaveLength(0);
    await page.getByRole("slider", { name: "Seek" }).focus();
    await page.keyboard.press("End");
    await expect.poll(() => reports.length, { timeout: 15_000 }).toBe(1);
    expect(reports[0]).toMatchObject({ id: freeItem.id, model: freeItem.model });
    expect(reports[0]!.start_session).toMatch(UTC_SECOND);
    expect(reports[0]!.end_session).toMatch(UTC_SECOND);
    // A session as the player reports it is believed (decision 054): kept, and counted.
    await expect.poll(() => reports.answers).toEqual([201]);
    await expect.poll(() => soundscape(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);

    // Favourite (saved once the API has it), then find it on the library's Favorite shelf.
    const favourite = page.getByRole("button", { name: "Favourite", exact: true });
    expect(await favourite.getAttribute("aria-pressed")).toBe("false");
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v1/user/favorite",
    );
    await favourite.click();
    await expect.poll(() => favourite.getAttribute("aria-pressed")).toBe("true");
    expect((await saved).ok()).toBe(true);
    await page.goto("/profile/library");
    await page.getByRole("region", { name: "Favorite" }).getByText(freeItem.name).first().waitFor();

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("offers to continue where the member left off after a reload, and plays on from there", async () => {
    const { page, problems, context } = await newVisit(browser, 390, { t: await registerMember() });
    await page.goto(`/${freeItem.model}/${freeItem.id}`);
    await page.getByRole("heading", { level: 1, name: freeItem.name }).waitFor();
    await player(page).getByRole("button", { name: "Play" }).click();
    await playsPast(page, 0.5);
    // Ahead to about the middle, then pause: the place is saved.
    const middle = await media(page).evaluate((element: HTMLMediaElement) => {
      element.currentTime = element.duration / 2;
      return element.duration / 2;
    });
    await playsPast(page, middle);
    const saved = page.waitForResponse(
      (response) => response.request().method() === "PUT" && new URL(response.url()).pathname === `/api/v1/user/positions/${freeItem.id}`,
    );
    await player(page).getByRole("button", { name: "Pause" }).click();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    const offer = page.getByRole("group", { name: "Where you left off" });
    await offer.waitFor();
    expect(await offer.textContent()).toMatch(/You stopped at \d+:\d{2}\./);
    const button = offer.getByRole("button", { name: /^Continue from / });
    const [, minutes, seconds] = /Continue from (\d+):(\d{2})/.exec((await button.textContent()) ?? "")!;
    const place = Number(minutes) * 60 + Number(seconds);
    expect(place).toBeGreaterThan(middle - 5);
    // Where the sound begins: the element's time at its first `playing` event after the click.
    const firstPlaying = media(page).evaluate(
      (element: HTMLMediaElement) =>
        new Promise<number>((resolve) => element.addEventListener("playing", () => resolve(element.currentTime), { once: true })),
    );
    await button.click();
    const startedAt = await firstPlaying;
    expect(startedAt).toBeGreaterThanOrEqual(place - 0.5);
    expect(startedAt).toBeLessThan(place + 1.5);
    await playsPast(page, middle - 4);
    await offer.waitFor({ state: "detached" });
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("the sleep timer fades the sound over its last 30 seconds and stops it, keeping the member's volume", async () => {
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember() });
    await page.clock.install();
    await page.goto(`/${freeItem.model}/${freeItem.id}`);
    await page.getByRole("heading", { level: 1, name: freeItem.name }).waitFor();
    await player(page).getByRole("button", { name: "Play" }).click();
    await playsPast(page, 0.5);
    await player(page).getByRole("button", { name: "Sleep timer" }).click();
    await page.getByRole("menuitemradio", { name: "5 minutes", exact: true }).click();
    const timer = player(page).getByRole("button", { name: /^Sleep timer: / });
    await expect.poll(() => timer.getAttribute("aria-label")).toMatch(/^Sleep timer: (5:00|4:5\d) left$/);
    const volume = () => media(page).evaluate((element: HTMLMediaElement) => element.volume);

    // Before the last 30 seconds: the member's volume.
    await page.clock.fastForward("04:20");
    await expect.poll(() => timer.getAttribute("aria-label")).toMatch(/^Sleep timer: 0:[34]\d left$/);
    expect(await volume()).toBe(1);
    // Half-way through the fade: a quarter, the soundscape with it; the slider still shows the member's choice.
    await page.clock.fastForward("00:25");
    await expect.poll(volume).toBeLessThan(0.5);
    expect(await volume()).toBeGreaterThan(0);
    expect(await soundscape(page).evaluate((element: HTMLMediaElement) => element.volume)).toBeLessThan(0.5);
    expect(await page.getByRole("slider", { name: "Volume", exact: true }).inputValue()).toBe("1");
    // At the end: stopped, the volume back, the timer off.
    await page.clock.fastForward("00:20");
    await expect.poll(() => media(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
    expect(await soundscape(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
    expect(await volume()).toBe(1);
    await player(page).getByRole("button", { name: "Sleep timer", exact: true }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("streams through hls.js, loaded only on the player, where the browser has no HLS of its own", async () => {
    const { page, problems, context } = await newVisit(browser, 1280, { t: await tokenFor(DEMO.free) });
    await context.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? "" : canPlayType.call(this, type);
      };
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/home");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((script) => /hls/i.test(script))).toEqual([]);

    await page.goto(`/${freeItem.model}/${freeItem.id}`);
    await page.getByRole("heading", { level: 1, name: freeItem.name }).waitFor();
    await player(page).getByRole("button", { name: "Play" }).click();
    await playsPast(page, 0.5);
    await playsPast(page, 0.2, "player-soundscape");
    expect(await media(page).evaluate((element: HTMLMediaElement) => element.currentSrc)).toMatch(/^blob:/);
    expect(scripts.filter((script) => /hls/i.test(script))).toHaveLength(1);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("opens the subscription offer for a locked item", async () => {
    const { page, problems, context } = await newVisit(browser, 390, { t: await tokenFor(DEMO.free) });
    await page.goto(`/${lockedItem.model}/${lockedItem.id}`);
    await page.getByRole("heading", { level: 1, name: lockedItem.name }).waitFor();
    await player(page).getByRole("button", { name: "Play" }).click();
    const offer = page.locator("dialog[open]");
    await offer.waitFor();
    await expect.poll(() => offer.getByRole("heading").first().textContent()).toMatch(/Unlock/);
    // Nothing was loaded: the audio engine was not even needed.
    expect(await page.evaluate(() => document.querySelector<HTMLMediaElement>('[data-testid="player-media"]')?.currentSrc ?? "")).toBe("");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("sends an unknown section home and shows a calm state for an unknown id", async () => {
    const { page, context } = await newVisit(browser, 1280, { t: await tokenFor(DEMO.free) });
    await page.goto("/not-a-section/1");
    await page.waitForURL((url) => url.pathname === "/home");
    await page.goto("/cbt/987654");
    await page.getByRole("heading", { name: "We could not find this one" }).waitFor();
    await context.close();
  });
});

describe("the player for a premium member", () => {
  it("plays a locked course session on across pages in the mini-player, back to the player, reports it on close, then plays a video", async () => {
    const { page, problems, context } = await newVisit(browser, 1280, { t: await tokenFor(DEMO.premium) });
    const reports = sessionReports(page);
    await page.goto(`/${course.model}/${course.id}`);
    await page.getByRole("heading", { level: 1, name: course.name }).waitFor();
    const session = page.locator("ol").getByRole("button", { name: lockedSession.name });
    await session.click();
    await expect.poll(() => session.getAttribute("aria-current")).toBe("true");
    await playsPast(page, 0.5);
    expect(await media(page).evaluate((element: HTMLMediaElement) => element.currentSrc)).toContain("/premium/");

    // Leaving the page does not stop the sound: the mini-player takes over on every members' page.
    const time = () => media(page).evaluate((element: HTMLMediaElement) => element.currentTime);
    const mini = page.getByRole("complementary", { name: "Now playing" });
    for (const [link, path] of [
      ["Home", "/home"],
      ["Sleep", "/sleep"],
      ["Sounds", "/sounds"],
    ] as const) {
      const before = await time();
      await page.getByRole("link", { name: link, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === path);
      await mini.waitFor();
      await playsPast(page, before + 0.3);
    }
    expect(reports).toHaveLength(0);
    expect(await mini.textContent()).toContain(lockedSession.name);

    // Back to the full player from the mini-player: the same session goes on, without starting again.
    const leftAt = await time();
    await mini.getByRole("link").click();
    await page.waitForURL((url) => url.pathname === `/${course.model}/${course.id}`);
    await expect.poll(() => session.getAttribute("aria-current")).toBe("true");
    await playsPast(page, leftAt);
    await mini.waitFor({ state: "detached" });

    // Closing the mini-player elsewhere stops the sound and reports the session, once.
    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/home");
    await mini.getByRole("button", { name: "Close the player" }).click();
    await mini.waitFor({ state: "detached" });
    expect(await media(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
    await expect.poll(() => reports.length, { timeout: 10_000 }).toBe(1);
    expect(reports[0]).toMatchObject({ id: lockedSession.id, model: lockedSession.model });
    expect(reports[0]!.end_session).toMatch(UTC_SECOND);
    await expect.poll(() => reports.answers).toEqual([201]);

    await page.goto(`/${videoItem.model}/${videoItem.id}`);
    await page.getByRole("heading", { level: 1, name: videoItem.name }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Video" }).getAttribute("aria-pressed")).toBe("true");
    await player(page).getByRole("button", { name: "Play" }).click();
    await playsPast(page, 0.5);
    const video = await media(page).evaluate((element: HTMLVideoElement) => ({
      tag: element.tagName,
      width: element.videoWidth,
      src: element.currentSrc,
    }));
    expect(video.tag).toBe("VIDEO");
    expect(video.width).toBeGreaterThan(0);
    expect(video.src).toContain("/video-male/");

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
