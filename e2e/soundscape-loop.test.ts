import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, playToSound, registerMember } from "./browser";
import { catalogue, childIds, unexpected } from "./demo";

/** Sounds and music loop without a gap until stopped (decisions 043 and 048). */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

// A free single soundscape (not a playlist's audio), which a new member may play.
const sound = catalogue.items.find(
  (item) => item.model === "music-soundscape" && item.free && !item.children?.length && !childIds.has(item.id),
)!;

describe("a single soundscape", () => {
  it.each([
    ["the browser's own HLS", false],
    ["hls.js", true],
  ] as const)("passes its own length without pausing or ending through %s: it goes round again", async (_name, throughHlsJs) => {
    expect(sound).toBeTruthy();
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember() });
    if (throughHlsJs)
      await context.addInitScript(() => {
        const canPlayType = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (type: string) {
          return /mpegurl/i.test(type) ? "" : canPlayType.call(this, type);
        };
      });
    await page.goto(`/${sound.model}/${sound.id}`);
    await page.getByRole("heading", { level: 1, name: sound.name }).waitFor();
    await playToSound(page);
    const source = await page.getByTestId("player-media").evaluate((element: HTMLMediaElement) => element.currentSrc);
    if (throughHlsJs) expect(source).toMatch(/^blob:/);

    // Eight times as fast, with every pause and end noted and the clock sampled, until it has gone past its
    // length (or come round to the start again).
    const media = page.getByTestId("player-media");
    expect(await media.evaluate((element: HTMLMediaElement) => element.loop)).toBe(true);
    const duration = await media.evaluate((element: HTMLMediaElement) => element.duration);
    expect(duration).toBeGreaterThan(5);
    await media.evaluate((element: HTMLMediaElement) => {
      const seen = { pauses: 0, ends: 0, highest: element.currentTime, wrapped: false, samples: 0 };
      (window as unknown as { loopSeen: typeof seen }).loopSeen = seen;
      element.addEventListener("pause", () => (seen.pauses += 1));
      element.addEventListener("ended", () => (seen.ends += 1));
      element.addEventListener("timeupdate", () => {
        seen.samples += 1;
        if (element.currentTime + 1 < seen.highest) seen.wrapped = true;
        seen.highest = Math.max(seen.highest, element.currentTime);
      });
      element.playbackRate = 8;
    });
    await page.waitForFunction(
      (length) => {
        const seen = (window as unknown as { loopSeen: { wrapped: boolean; highest: number } }).loopSeen;
        return seen.wrapped || seen.highest > length;
      },
      duration,
      { timeout: 45_000 },
    );
    // Round again, still playing, and moving on.
    const after = await media.evaluate((element: HTMLMediaElement) => element.currentTime);
    await page.waitForFunction(
      (from) => {
        const element = document.querySelector<HTMLMediaElement>('[data-testid="player-media"]')!;
        return !element.paused && element.currentTime > from + 1;
      },
      after,
      { timeout: 20_000 },
    );
    const seen = await page.evaluate(() => (window as unknown as { loopSeen: { pauses: number; ends: number; samples: number } }).loopSeen);
    expect(seen.pauses).toBe(0);
    expect(seen.ends).toBe(0);
    expect(seen.samples).toBeGreaterThan(3);
    expect(await media.evaluate((element: HTMLMediaElement) => element.paused || element.ended)).toBe(false);
    // The player still says it plays.
    await page.getByRole("group", { name: "Player" }).getByRole("button", { name: "Pause" }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
