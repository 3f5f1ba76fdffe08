import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit } from "./browser";
import { DEMO_MEMBERS, logIn, unexpected } from "./demo";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

const { free: FREE, premium: PREMIUM } = DEMO_MEMBERS;

const greeting = (page: Page) => page.getByRole("heading", { level: 1, name: /Good Morning,\s*\S/ });

/** How far the page scrolls sideways (0 when it fits). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("members' content area", () => {
  it("takes a free member through home, meditation tags, search, a collection, a locked item and the library", async () => {
    const { page, problems, context } = await newVisit(browser);
    await logIn(page, FREE);

    // Home: the greeting, the unlock button, the daily slider and day 1 of the plan without 'see all'.
    await greeting(page).waitFor();
    await page.getByRole("button", { name: /^Unlock / }).waitFor();
    const daily = page.getByRole("region", { name: "Daily Meditation" });
    await daily.waitFor();
    await daily.getByRole("listitem").first().waitFor();
    await page.getByText("Day 1", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "see all", exact: true }).count()).toBe(0);

    // Meditation: a tag narrows the list, 'All' brings the sections back.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Meditation" }).click();
    await page.waitForURL("**/meditation");
    const all = page.getByRole("button", { name: "All", exact: true });
    await all.waitFor();
    const tag = page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: "Anxiety" });
    await tag.click();
    await expect.poll(() => tag.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => all.getAttribute("aria-pressed")).toBe("false");
    await page.getByRole("list", { name: "Meditations with the chosen tags" }).waitFor();
    await all.click();
    await expect.poll(() => tag.getAttribute("aria-pressed")).toBe("false");
    await page.getByRole("heading", { level: 2 }).first().waitFor();
    await expect.poll(() => page.getByRole("list", { name: "Meditations with the chosen tags" }).count()).toBe(0);

    // A locked item opens the subscription offer instead of the player.
    const locked = page
      .locator("#main")
      .getByRole("button", { name: /Locked$/ })
      .first();
    await locked.click();
    const offer = page.getByRole("dialog", { name: /Unlock everything in/ });
    await offer.waitFor();
    expect(await offer.evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/meditation");
    await page.keyboard.press("Escape");
    await offer.waitFor({ state: "hidden" });

    // Header search: text to /search-result, then open a free result.
    await page.getByRole("button", { name: "Search", expanded: false }).click();
    const search = page.getByRole("search");
    await search.getByLabel("Search", { exact: true }).fill("breath");
    await search.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/search-result" && url.searchParams.get("s") === "breath");
    await expect.poll(() => page.getByRole("search").getByLabel("Search", { exact: true }).inputValue()).toBe("breath");
    const result = page.getByRole("list", { name: "Search results" }).getByRole("link").first();
    const href = await result.getAttribute("href");
    expect(href).toMatch(/^\/[a-z-]+\/\d+$/);
    await result.click();
    await page.waitForURL((url) => url.pathname === href);

    // A collection from a home section's 'See all'.
    await page.goto("/home");
    const seeAll = page.getByRole("link", { name: /^See all: / }).first();
    await seeAll.click();
    await page.waitForURL(/\/collection\/\d+$/);
    // The home page's own heading and lists stay until the collection arrives: read the collection's grid, named by its heading.
    await greeting(page).waitFor({ state: "detached" });
    const title = await page.locator("#main h1").textContent();
    const grid = page.getByRole("list", { name: title ?? "", exact: true });
    await grid.getByRole("link").first().waitFor();
    const hrefs = await grid.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const href of hrefs) expect(href).toMatch(/^\/[a-z-]+\/\d+$/);
    expect(await grid.getByRole("button", { name: /Locked$/ }).count()).toBe(0);

    // Library: three shelves, each with items or 'You not have items.'.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await page.waitForURL("**/profile/dashboard");
    await page.getByRole("navigation", { name: "Profile" }).getByRole("link", { name: "Library" }).click();
    await page.waitForURL("**/profile/library");
    for (const name of ["Recently Played", "Recommendation", "Favorite"]) await page.getByRole("heading", { level: 2, name }).waitFor();
    await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
    await expect.poll(() => page.locator("#main section").count()).toBe(3);

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("shows a premium member 'see all' for the plan and no unlock button", async () => {
    const { page, problems, context } = await newVisit(browser);
    await logIn(page, PREMIUM);
    await greeting(page).waitFor();
    const seeAll = page.getByRole("link", { name: "see all", exact: true });
    await seeAll.waitFor();
    expect(await page.getByRole("button", { name: /^Unlock / }).count()).toBe(0);
    await seeAll.click();
    await page.waitForURL("**/personal-plan");
    await page.locator("[aria-current=step]").waitFor();
    await expect.poll(() => page.locator("[aria-current=step]").getByText("Today").count()).toBe(1);
    // Steps are links for a subscriber.
    await page.locator("[aria-current=step]").getByRole("link").first().waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("never scrolls sideways at 390 px", async () => {
    const { page, problems, context } = await newVisit(browser, 390);
    await logIn(page, FREE);
    await greeting(page).waitFor();
    const paths = [
      "/home",
      "/meditation",
      "/sleep",
      "/therapy",
      "/sounds",
      "/collection/1",
      "/search-result?s=calm",
      "/profile/library",
      "/personal-plan",
    ];
    for (const path of paths) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await sideways(page), path).toBe(0);
    }
    // The sections are in the tab bar at the bottom.
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Sleep" }).click();
    await page.waitForURL("**/sleep");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
