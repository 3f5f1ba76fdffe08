import { THEME_IDS } from "@serene/domain";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityProblems } from "./axe";
import { baseUrl, launch, newVisit, registerMember } from "./browser";
import { DEMO_MEMBERS, singleItem, unexpected } from "./demo";

const freeItem = singleItem((item) => item.free);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

async function tokenFor({ email, password }: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/v1/user/token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ login: email, password, device_name: "web" }),
  });
  if (!response.ok) throw new Error(`log in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute("data-theme"));

describe("settings: appearance", () => {
  it("a member picks a theme in Settings, and it shows before the app's code on the next visit", async () => {
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember("Iris") });
    await page.goto("/settings");
    await page.getByRole("link", { name: "Appearance" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/appearance");
    await expect.poll(() => htmlTheme(page)).toBe("beige-clouds");
    await page.getByText("Dark", { exact: true }).click();
    await expect.poll(() => htmlTheme(page)).toBe("dark");
    expect(await page.getByRole("radio", { name: /Dark/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Dark is on.");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(17, 19, 42)");

    // The next visit: with none of the app's code allowed to load, the page is already dark.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/home");
    expect(await htmlTheme(page)).toBe("dark");
    await page.unroute(/\/assets\/.*\.js$/);
    expect(unexpected(problems).filter((problem) => !problem.includes("net::ERR_FAILED"))).toEqual([]);
    await context.close();
  });

  it("follows the device's light or dark setting while the page is open", async () => {
    const { page, problems, context } = await newVisit(browser, 390, { t: await registerMember("Noor") });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/settings/appearance");
    await page.getByText("Follow the system", { exact: true }).click();
    await expect.poll(() => htmlTheme(page)).toBe("beige-clouds");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => htmlTheme(page)).toBe("dark");
    await page.reload();
    expect(await htmlTheme(page)).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => htmlTheme(page)).toBe("beige-clouds");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("home, the player and settings meet WCAG 2.2 AA in every theme, on a phone and a laptop", async () => {
    const token = await tokenFor(DEMO_MEMBERS.premium);
    /** The pages in one theme at one width, in a context of their own: what axe found on each. */
    const problemsIn = async (theme: string, width: number): Promise<string[]> => {
      const found: string[] = [];
      const { page, problems, context } = await newVisit(browser, width, { t: token, theme });
      for (const [name, path] of [
        ["home", "/home"],
        ["player", `/${freeItem.model}/${freeItem.id}`],
        ["settings", "/settings"],
        ["appearance", "/settings/appearance"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await page.waitForLoadState("networkidle");
        expect(await htmlTheme(page)).toBe(theme);
        for (const problem of await accessibilityProblems(page, { labelInName: true }))
          found.push(`${theme} ${width}px ${name}: ${problem}`);
      }
      expect(unexpected(problems)).toEqual([]);
      await context.close();
      return found;
    };
    const found: string[] = [];
    // The phone and the laptop side by side: most of each page's time is waiting for the network to settle.
    for (const theme of THEME_IDS) found.push(...(await Promise.all([390, 1280].map((width) => problemsIn(theme, width)))).flat());
    expect(found).toEqual([]);
  }, 300_000);

  it("a free member's locked cards and workbooks are named by their visible text, and a phone never scrolls sideways", async () => {
    const { page, problems, context } = await newVisit(browser, 390, { t: await registerMember("Lior") });
    const found: string[] = [];
    for (const path of ["/home", "/meditation", "/workbooks"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      for (const problem of await accessibilityProblems(page, { labelInName: true })) found.push(`${path}: ${problem}`);
      // The hidden "Locked" of a slider's cards off screen stays inside them.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), path).toBe(true);
    }
    expect(found).toEqual([]);
    await page.goto("/meditation");
    const locked = page
      .locator("#main")
      .getByRole("button", { name: /, Locked$/ })
      .first();
    await locked.waitFor();
    // The name is the card's visible text in order, paused by commas, then "Locked".
    const visible = await locked.evaluate((card) => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const style = getComputedStyle(node.parentElement!);
        const hidden = style.fontSize === "0px" || node.parentElement!.closest(".visually-hidden") !== null;
        if (!hidden && node.textContent!.trim() !== "") parts.push(node.textContent!.trim());
      }
      return parts;
    });
    expect(visible.length).toBeGreaterThanOrEqual(2);
    expect(await locked.ariaSnapshot()).toBe(`- button "${visible.join(", ")}, Locked"`);
    expect(await locked.getAttribute("aria-label")).toBeNull();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
