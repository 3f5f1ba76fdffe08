import { readFileSync } from "node:fs";
import path from "node:path";
import { parseWebVtt, THEME_STORAGE_KEY, type Cue } from "@serene/domain";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityProblems } from "./axe";
import { launch, newVisit, playToSound } from "./browser";
import { DEMO_MEMBERS, singleItem, unexpected } from "./demo";
import { repoRoot } from "./server";

/** The media pack's own facts: which streams have captions beside their playlist. */
const manifest = JSON.parse(readFileSync(path.join(repoRoot, "content/media/manifest.json"), "utf8")) as Record<
  string,
  { captions?: boolean }
>;
const captioned = (mediaPath: string | undefined) => Boolean(mediaPath && manifest[mediaPath]?.captions);

/** A premium guided session whose two voices (audio only) both have captions. */
const item = singleItem(
  (candidate) =>
    !candidate.free && !candidate.media?.video_male && captioned(candidate.media?.audio_male) && captioned(candidate.media?.audio_female),
);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

async function tokenFor({ email, password }: { email: string; password: string }, page: Page): Promise<string> {
  const response = await page.request.post("/api/v1/user/token", {
    data: { login: email, password, device_name: "web" },
    headers: { accept: "application/json" },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The cues of a captions file as the page's own cookies fetch it (never the words written into this test). */
async function servedCues(page: Page, mediaPath: string): Promise<Cue[]> {
  const text = await page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: "include" });
    return response.ok ? response.text() : `status ${response.status}`;
  }, `/media/${mediaPath}/captions.vtt`);
  return parseWebVtt(text);
}

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLMediaElement>('[data-testid="player-media"]')!.currentTime);

describe("captions and transcript", () => {
  it("captions appear and the transcript jumps", async () => {
    const scratch = await newVisit(browser, 1280);
    const token = await tokenFor(DEMO_MEMBERS.premium, scratch.page);
    await scratch.context.close();
    const { page, problems, context } = await newVisit(browser, 1280, { t: token });

    const cookies = page.waitForResponse((response) => response.url().includes("/api/v1/user/cloudfront-cookies") && response.ok());
    await page.goto(`/${item.model}/${item.id}`);
    await page.getByRole("heading", { level: 1, name: item.name }).waitFor();
    await cookies;
    const maleCues = await servedCues(page, item.media!.audio_male!);
    const femaleCues = await servedCues(page, item.media!.audio_female!);
    expect(maleCues.length).toBeGreaterThan(2);
    expect(femaleCues.length).toBeGreaterThan(0);

    // Captions on: the spoken line shows on the stage, under the cover.
    const captions = page.getByRole("button", { name: "Captions" });
    expect(await captions.getAttribute("aria-pressed")).toBe("false");
    await captions.click();
    expect(await captions.getAttribute("aria-pressed")).toBe("true");
    await playToSound(page);
    const line = page.getByTestId("spoken-line");
    const maleTexts = new Set(maleCues.map((cue) => cue.text));
    await expect.poll(async () => maleTexts.has((await line.innerText()).trim()), { timeout: 15_000 }).toBe(true);
    // The line matches what the voice says now.
    const shown = (await line.innerText()).trim();
    const at = await currentTime(page);
    const cue = maleCues.find((candidate) => candidate.text === shown)!;
    expect(at).toBeGreaterThanOrEqual(cue.start - 0.5);
    expect(at).toBeLessThan(cue.end + 1.5);

    // The transcript lists every line and marks the spoken one.
    await page.getByRole("button", { name: "Transcript" }).click();
    const transcript = page.getByRole("region", { name: "Transcript" });
    const lines = transcript.getByRole("listitem").getByRole("button");
    await expect.poll(() => lines.count()).toBe(maleCues.length);
    await expect.poll(() => transcript.locator('[aria-current="true"]').count()).toBeLessThanOrEqual(1);

    // Choosing a later line moves the audio there.
    const target = maleCues.length - 2;
    const chosen = lines.nth(target);
    expect((await chosen.innerText()).replace(/\s+/g, " ")).toContain(maleCues[target]!.text.replace(/\s+/g, " "));
    await chosen.click();
    await expect
      .poll(async () => {
        const time = await currentTime(page);
        return time >= maleCues[target]!.start - 0.3 && time < maleCues[target]!.start + 3;
      })
      .toBe(true);
    await expect.poll(() => chosen.getAttribute("aria-current"), { timeout: 5_000 }).toBe("true");
    await expect.poll(async () => (await line.innerText()).trim()).toBe(maleCues[target]!.text);

    // Following the voice scrolls the list only: once the voice reaches the next line, the page is where it was.
    const scrollY = await page.evaluate(() => window.scrollY);
    await expect.poll(() => lines.nth(target + 1).getAttribute("aria-current"), { timeout: 20_000 }).toBe("true");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

    expect(await accessibilityProblems(page, { labelInName: false })).toEqual([]);

    // The other voice: its own captions file, its own lines.
    const femaleFile = page.waitForResponse(
      (response) => response.url().endsWith(`/media/${item.media!.audio_female!}/captions.vtt`) && response.status() === 200,
    );
    await page.getByRole("group", { name: "Voice" }).getByRole("button", { name: "Female" }).click();
    await femaleFile;
    await expect
      .poll(async () => (await transcript.getByRole("listitem").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim()))
      .toEqual(femaleCues.map((femaleCue) => expect.stringContaining(femaleCue.text.replace(/\s+/g, " "))));

    expect(unexpected(problems)).toEqual([]);
    await context.close();

    // On a phone in the dark theme, captions on from this device's choice and the transcript open: still no problems.
    const phone = await newVisit(browser, 390, { t: token, [THEME_STORAGE_KEY]: "dark", captions: "on" });
    await phone.page.goto(`/${item.model}/${item.id}`);
    await phone.page.getByRole("heading", { level: 1, name: item.name }).waitFor();
    expect(await phone.page.getByRole("button", { name: "Captions" }).getAttribute("aria-pressed")).toBe("true");
    await phone.page.getByRole("button", { name: "Transcript" }).click();
    await expect.poll(() => phone.page.getByRole("region", { name: "Transcript" }).getByRole("listitem").count()).toBe(maleCues.length);
    await phone.page.getByTestId("spoken-line").waitFor();
    expect(await accessibilityProblems(phone.page, { labelInName: false })).toEqual([]);
    expect(unexpected(phone.problems)).toEqual([]);
    await phone.context.close();
  });
});
