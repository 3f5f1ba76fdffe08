import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, mixPlaysPast, newVisit, playsPast, playToSound, registerMember } from "./browser";
import { catalogue, singleItem, unexpected } from "./demo";

/**
 * The soundscape under a session and the Sounds mix across pages (decision 048): the member swaps the bed while
 * the voice plays on, and a mix goes on in the mini-player until a session takes its turn.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

/** A free voiced item with a soundscape under it. */
const voiced = singleItem((item) => item.free && Boolean(item.media?.audio_male) && !item.media?.video_male && Boolean(item.soundscape));
const ownBed = voiced.soundscape!.split("/").pop()!;
const freeSounds = catalogue.items.filter((item) => item.model === "music-soundscape" && item.free && !item.children?.length);

const media = (page: Page) => page.getByTestId("player-media");
const bed = (page: Page) => page.getByTestId("player-soundscape");
const mini = (page: Page) => page.getByRole("complementary", { name: "Now playing" });

async function goTo(page: Page, link: "Home" | "Sounds", path: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const mixPaused = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLMediaElement>('[data-testid="mixer-layer"]')].every((layer) => layer.paused));

describe("the soundscape under a session", () => {
  it("swaps the bed while the voice plays on, and the mini-player keeps it", async () => {
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember() });
    await page.goto(`/${voiced.model}/${voiced.id}`);
    await page.getByRole("heading", { level: 1, name: voiced.name }).waitFor();
    await playToSound(page);
    await playsPast(page, 0.2, "player-soundscape");
    // Under a voice the bed starts 10 dB lower: 0.32 of the voice's full volume.
    expect(await bed(page).evaluate((element: HTMLMediaElement) => element.volume)).toBe(0.32);

    // The voice's clock, sampled every 100 ms, with any pause or wait noted, through every swap.
    await media(page).evaluate((element: HTMLMediaElement) => {
      const watch = { samples: [] as number[], stops: [] as string[] };
      (window as unknown as { voiceWatch: typeof watch }).voiceWatch = watch;
      for (const name of ["pause", "waiting", "emptied", "ended"]) element.addEventListener(name, () => watch.stops.push(name));
      window.setInterval(() => watch.samples.push(element.currentTime), 100);
    });

    const chooser = page.getByRole("combobox", { name: "Soundscape under the session" });
    const other = ownBed === "ocean" ? "forest" : "ocean";
    const otherName = other === "ocean" ? "Ocean" : "Forest";
    await chooser.selectOption({ label: otherName });
    await page.waitForFunction(
      (other) => {
        const element = document.querySelector<HTMLMediaElement>('[data-testid="player-soundscape"]')!;
        return element.currentSrc.includes(`/ambient/${other}/`) && !element.paused && element.currentTime > 0.2;
      },
      other,
      { timeout: 20_000 },
    );
    // The new bed at the member's level.
    expect(await bed(page).evaluate((element: HTMLMediaElement) => element.volume)).toBe(0.32);

    await chooser.selectOption({ label: "None" });
    await expect.poll(() => bed(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
    expect(await page.getByRole("slider", { name: "Soundscape volume" }).isDisabled()).toBe(true);
    // While the voice plays on for a second, the bed stays paused.
    const voiceAt = await media(page).evaluate((element: HTMLMediaElement) => element.currentTime);
    await playsPast(page, voiceAt + 1, "player-media");
    expect(await bed(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);

    await chooser.selectOption({ label: "Night" });
    await playsPast(page, 0.2, "player-soundscape");
    expect(await bed(page).evaluate((element: HTMLMediaElement) => element.currentSrc)).toContain("/ambient/night/");

    // The voice never paused, waited or reloaded, and its clock moved on in every half second.
    const watch = await page.evaluate(() => (window as unknown as { voiceWatch: { samples: number[]; stops: string[] } }).voiceWatch);
    expect(watch.stops).toEqual([]);
    expect(watch.samples.length).toBeGreaterThan(10);
    const stalls = watch.samples.filter((time, index) => index >= 5 && !(time > watch.samples[index - 5]!));
    expect(stalls).toEqual([]);
    expect(await media(page).evaluate((element: HTMLMediaElement) => element.currentSrc)).toContain(`/${voiced.media!.audio_male}/`);

    // Elsewhere, in the mini-player, the chosen bed goes on under the voice.
    await goTo(page, "Home", "/home");
    await mini(page)
      .getByRole("link", { name: `Open the player: ${voiced.name}` })
      .waitFor();
    const bedAt = await bed(page).evaluate((element: HTMLMediaElement) => element.currentTime);
    await playsPast(page, bedAt + 0.3, "player-soundscape");
    expect(await bed(page).evaluate((element: HTMLMediaElement) => element.currentSrc)).toContain("/ambient/night/");

    // Chosen for this item on this device: a new visit plays the same bed.
    await page.goto(`/${voiced.model}/${voiced.id}`);
    await page.getByRole("heading", { level: 1, name: voiced.name }).waitFor();
    await expect.poll(() => chooser.inputValue()).toBe("night");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe("the Sounds mix across pages", () => {
  it("goes on after leaving /sounds, shows in the mini-player, gives way to a session and comes back when it closes", async () => {
    expect(freeSounds.length).toBeGreaterThanOrEqual(2);
    const [first, second] = freeSounds as [(typeof freeSounds)[number], (typeof freeSounds)[number]];
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember() });
    await page.goto(`/${voiced.model}/${voiced.id}`);
    await page.getByRole("heading", { level: 1, name: voiced.name }).waitFor();
    await playToSound(page);

    // Straight from the session to the mix: the session pauses, the mix plays on and does not stop itself.
    await goTo(page, "Sounds", "/sounds");
    const mixer = page.getByRole("region", { name: "Mix your own" });
    await mixer.getByRole("button", { name: first.name }).click();
    await mixer.getByRole("button", { name: second.name }).click();
    await expect.poll(() => mixer.getByRole("list", { name: "Sounds in your mix" }).getByRole("listitem").count()).toBe(2);
    await mixer.getByRole("button", { name: "Play the mix" }).click();
    await expect.poll(() => media(page).evaluate((element: HTMLMediaElement) => element.paused)).toBe(true);
    await mixPlaysPast(page, 2, 1.5);
    await mixer.getByRole("button", { name: "Pause the mix" }).waitFor();

    // Home: the mix goes on, in the mini-player, which leads back to the mixer.
    await goTo(page, "Home", "/home");
    const title = `Your mix · ${first.name}, ${second.name}`;
    await mini(page).getByText(title).waitFor();
    const layerAt = await page.evaluate(() => document.querySelector<HTMLMediaElement>('[data-testid="mixer-layer"]')!.currentTime);
    await mixPlaysPast(page, 2, layerAt + 0.5);
    expect(
      await mini(page)
        .getByRole("link", { name: `Open the mixer: ${title}` })
        .getAttribute("href"),
    ).toBe("/sounds");
    await mini(page).getByRole("button", { name: "Pause the mix" }).click();
    await expect.poll(() => mixPaused(page)).toBe(true);
    await mini(page).getByRole("button", { name: "Play the mix" }).click();
    await mixPlaysPast(page, 2, layerAt + 0.5);

    // Back to the session's page, whose Play starts it again: the mix gives way.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/sounds");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/${voiced.model}/${voiced.id}`);
    const voiceAt = await media(page).evaluate((element: HTMLMediaElement) => element.currentTime);
    await page.getByRole("group", { name: "Player" }).getByRole("button", { name: "Play" }).click();
    await playsPast(page, voiceAt + 0.3, "player-media");
    await expect.poll(() => mixPaused(page)).toBe(true);

    // Elsewhere the session is in front; closing it brings back the mix, paused, until it too is closed.
    await goTo(page, "Home", "/home");
    await mini(page)
      .getByRole("link", { name: `Open the player: ${voiced.name}` })
      .waitFor();
    await mini(page).getByRole("button", { name: "Close the player" }).click();
    await mini(page).getByText(title).waitFor();
    await mini(page).getByRole("button", { name: "Play the mix" }).waitFor();
    expect(await mixPaused(page)).toBe(true);
    await mini(page).getByRole("button", { name: "Close the mix" }).click();
    await mini(page).waitFor({ state: "detached" });
    expect(await page.getByTestId("mixer-layer").count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
