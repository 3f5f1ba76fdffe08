import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newVisit, playToSound } from "./browser";
import { DEMO_MEMBERS, logIn, singleItem, unexpected } from "./demo";

/** A locked single item with a voice: only a subscriber's media cookies open its playlist. */
const lockedItem = singleItem((item) => !item.free && Boolean(item.media?.audio_male));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

/** The status of a request for `url` sent by the page itself, with the browser's cookies. */
const fetchedFrom = (page: Page, url: string) =>
  page.evaluate(async (address) => (await fetch(address, { credentials: "include", cache: "no-store" })).status, url);

describe("one browser, two people (decision 056)", () => {
  it("the next person signed in on a browser cannot fetch the premium media the member before them played", async () => {
    const { page, problems, context } = await newVisit(browser);
    await logIn(page, DEMO_MEMBERS.premium);

    // The paying member plays a locked item; its playlist's address is what the next person would try.
    const playlist = page.waitForRequest((request) => /\/premium\/.+\/index\.m3u8$/.test(new URL(request.url()).pathname));
    await page.goto(`/${lockedItem.model}/${lockedItem.id}`);
    await page.getByRole("heading", { level: 1, name: lockedItem.name }).waitFor();
    await playToSound(page);
    const playlistUrl = (await playlist).url();
    expect(await fetchedFrom(page, playlistUrl)).toBe(200);

    await page.goto("/settings");
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await fetchedFrom(page, playlistUrl)).toBe(403);

    // A free member signs in on the same browser: the premium playlist stays closed to it.
    await logIn(page, DEMO_MEMBERS.free);
    expect(await fetchedFrom(page, playlistUrl)).toBe(403);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe("redirects stay on the site (decision 056)", () => {
  it("/thank-you?redirect=/.//evil.example continues on this site", async () => {
    const { page, problems, context } = await newVisit(browser);
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).origin !== new URL(baseUrl()).origin) elsewhere.push(request.url());
    });
    await page.goto("/thank-you?redirect=/.//evil.example");
    const proceed = page.getByRole("link", { name: "Continue" });
    expect(await proceed.getAttribute("href")).toBe("/home");
    await proceed.click();
    await page.waitForURL((url) => url.pathname !== "/thank-you");
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    expect(new URL(page.url()).pathname).not.toMatch(/^\/[/\\]/);
    expect(elsewhere.filter((url) => url.includes("evil.example"))).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
