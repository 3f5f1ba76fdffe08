import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, playToSound } from "./browser";
import { DEMO_MEMBERS, logIn, singleItem } from "./demo";

/** A premium single session with a voice: the one a subscriber downloads. */
const premiumItem = singleItem((item) => !item.free && Boolean(item.media?.audio_male));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

/** What Cache Storage holds, by cache, as paths. */
const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      kept[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return kept;
  });

describe("the installed app without a network", () => {
  it("opens, lists the downloaded session and plays it; logging out leaves nothing behind", async () => {
    const { context, page } = await newVisit(browser, 1280, {}, { serviceWorkers: "allow" });
    await logIn(page, DEMO_MEMBERS.premium);
    // The worker registers after the page loads and takes the page over once it has kept the app shell.
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute("href"))).toBe("/manifest.webmanifest");

    await page.goto(`/${premiumItem.model}/${premiumItem.id}`);
    await page.getByRole("heading", { level: 1, name: premiumItem.name }).waitFor();
    await page.getByRole("button", { name: "Download" }).click();
    const done = page.getByText(/^Downloaded · \d+ KB$/);
    await done.waitFor({ timeout: 30_000 });
    const kept = await keptPaths(page);
    const media = kept["serene-downloads"]?.filter((path) => path.startsWith("/media/premium/")) ?? [];
    expect(media.some((path) => path.endsWith("/index.m3u8"))).toBe(true);
    expect(media.some((path) => path.endsWith("/init.mp4"))).toBe(true);
    expect(media.filter((path) => path.endsWith(".m4s")).length).toBeGreaterThan(3);

    // The network goes.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: premiumItem.name }).waitFor({ timeout: 20_000 });
    expect(
      await page.evaluate(() =>
        fetch("/api/v1/user/account-status").then(
          () => "answered",
          () => "no network",
        ),
      ),
    ).toBe("no network");

    await page.goto("/profile/downloads");
    const list = page.getByRole("region", { name: "On this device" });
    await list.getByRole("link", { name: new RegExp(premiumItem.name) }).click();
    await page.getByRole("heading", { level: 1, name: premiumItem.name }).waitFor();
    await playToSound(page);
    const from = await page.getByTestId("player-media").evaluate((element: HTMLMediaElement) => element.currentTime);
    await page.waitForFunction(
      (start) => (document.querySelector<HTMLMediaElement>('[data-testid="player-media"]')?.currentTime ?? 0) > start + 1,
      from,
      { timeout: 15_000 },
    );

    // Back online, the member logs out: no download and no kept catalogue stays on the device.
    await context.setOffline(false);
    await page.getByRole("group", { name: "Player" }).getByRole("button", { name: "Pause" }).click();
    await page.goto("/settings");
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect
      .poll(async () => {
        const left = await keptPaths(page);
        return Object.entries(left).filter(
          ([name, paths]) => name.startsWith("serene-") || paths.some((path) => path.startsWith("/media/") || path.startsWith("/api/")),
        );
      })
      .toEqual([]);
    await context.close();
  });
});
