import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit } from "./browser";
import { DEMO_MEMBERS, logIn, unexpected } from "./demo";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

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
    await seeAll.waitFor();
    // The shelf on home and the collection's own page show the same items, in the same order.
    const shelfName = (await seeAll.getAttribute("aria-label"))!.replace(/^See all: /, "");
    const shelfItems = await page.getByRole("group", { name: shelfName, exact: true }).getByRole("listitem").allTextContents();
    expect(shelfItems.length).toBeGreaterThan(0);
    await seeAll.click();
    await page.waitForURL(/\/collection\/\d+$/);
    // The home page's own heading and lists stay until the collection arrives: read the collection's grid, named by its heading.
    await greeting(page).waitFor({ state: "detached" });
    const title = await page.locator("#main h1").textContent();
    const grid = page.getByRole("list", { name: title ?? "", exact: true });
    await grid.getByRole("link").first().waitFor();
    const hrefs = await grid.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const href of hrefs) expect(href).toMatch(/^\/[a-z-]+\/\d+$/);
    expect(await grid.getByRole("listitem").allTextContents()).toEqual(shelfItems);

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

  it("search follows typing and forgives a typo; on Meditation every chosen tag counts and empty tags are not offered", async () => {
    const { page, problems, context } = await newVisit(browser);
    await logIn(page, FREE);
    await greeting(page).waitFor();

    await page.getByRole("button", { name: "Search", expanded: false }).click();
    const field = page.getByRole("search").getByLabel("Search", { exact: true });
    // Typed with a slip and never submitted: the results arrive after a short pause.
    await field.pressSequentially("lighthuose", { delay: 40 });
    await page.waitForURL((url) => url.pathname === "/search-result" && url.searchParams.get("s") === "lighthuose");
    const results = page.getByRole("list", { name: "Search results" });
    await results.getByRole("listitem").filter({ hasText: "The Lighthouse Keeper" }).waitFor();
    // The member carries on in the same field: it kept its focus and its text.
    const again = page.getByRole("search").getByLabel("Search", { exact: true });
    await expect.poll(() => again.evaluate((input) => input === document.activeElement)).toBe(true);
    await again.fill("");
    await again.pressSequentially("greenhose", { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get("s") === "greenhose");
    await results.getByRole("listitem").filter({ hasText: "The Greenhouse in the Rain" }).waitFor();
    expect(await again.inputValue()).toBe("greenhose");

    await page.goto("/meditation");
    const chips = page.getByRole("group", { name: "Filter by tag" });
    await chips.getByRole("button", { name: "Anxiety" }).waitFor();
    // No meditation carries Piano or Forest: those chips would only find nothing.
    expect(await chips.getByRole("button", { name: "Piano" }).count()).toBe(0);
    expect(await chips.getByRole("button", { name: "Forest" }).count()).toBe(0);
    const list = page.getByRole("list", { name: "Meditations with the chosen tags" });
    await chips.getByRole("button", { name: "Anxiety" }).click();
    await list.getByRole("link").first().waitFor();
    const anxiety = await list.getByRole("link").count();
    await chips.getByRole("button", { name: "Sleep" }).click();
    await expect.poll(() => list.getByRole("link").count()).toBeGreaterThan(anxiety);
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
      // Category names under the cards are whole, never cut off with an ellipsis (the visually hidden
      // "Locked" of a card is clipped on purpose).
      const cut = await page
        .locator("#main li")
        .evaluateAll((items) =>
          items.flatMap((item) =>
            [...item.querySelectorAll("span")]
              .filter(
                (span) =>
                  span.children.length === 0 && !span.classList.contains("visually-hidden") && span.scrollWidth > span.clientWidth + 1,
              )
              .map((span) => span.textContent),
          ),
        );
      expect(cut, path).toEqual([]);
      // The intro's art is drawn below its words: the drawn part of the picture starts under the text.
      const overlap = await page.evaluate(() => {
        const art = document.querySelector("#main header svg[aria-hidden=true]");
        const copy = document.querySelector("#main header h1")?.parentElement;
        if (!art || !copy) return 0;
        const drawn = [...art.querySelectorAll("path, circle")]
          .filter((shape) => getComputedStyle(shape).display !== "none")
          .map((shape) => shape.getBoundingClientRect().top);
        return Math.max(0, copy.getBoundingClientRect().bottom - Math.min(...drawn));
      });
      expect(overlap, path).toBe(0);
    }
    // The sections are in the tab bar at the bottom.
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Sleep" }).click();
    await page.waitForURL("**/sleep");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
