import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, registerMember } from "./browser";
import { unexpected } from "./demo";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

describe("an address that leads nowhere", () => {
  it("answers 404 with the visitors' not-found page, and 200 on a real page", async () => {
    const { page, problems, context } = await newVisit(browser, 390);
    const missing = await page.goto("/somewhere-that-is-not-here");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This path leads somewhere quiet" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to the start" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: /Start my quiz/ }).count()).toBeGreaterThan(0);

    const known = await page.goto("/faq");
    expect(known?.status()).toBe(200);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("keeps a member in the members' frame with the way home, not the quiz", async () => {
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember("Nora") });
    const missing = await page.goto("/settings/nothing/here");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This path leads somewhere quiet" }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).waitFor();
    expect(await page.getByRole("link", { name: /Start my quiz/ }).count()).toBe(0);
    await page.getByRole("link", { name: "Go to home" }).click();
    await page.waitForURL("**/home");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
