import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

describe("legal pages", () => {
  for (const [path, title] of [
    ["/privacy-policy", /privacy policy/i],
    ["/terms-of-service", /terms of service/i],
    ["/terms-conditions", /terms (and|&) conditions/i],
  ] as const) {
    it(`${path} shows its text, revision date and the product name`, async () => {
      const { page, problems, context } = await newVisit(browser);
      await page.goto(path);
      const heading = page.getByRole("heading", { level: 1 });
      await heading.waitFor();
      expect(await heading.innerText()).toMatch(title);
      await page.getByText("Last revised: August 2022").waitFor();
      const text = await page.locator("main").innerText();
      expect(text).toContain("Serene");
      expect(text).not.toContain("{product}");
      expect(text).not.toContain("{email}");
      await expect.poll(() => page.locator("main section h2").count()).toBeGreaterThanOrEqual(10);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("states the facts of the spec", async () => {
    const { page, context } = await newVisit(browser);
    const text: string[] = [];
    for (const path of ["/privacy-policy", "/terms-of-service", "/terms-conditions"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      text.push(await page.locator("main").innerText());
    }
    const all = text.join("\n");
    for (const fact of ["Bulgaria", "16", "18", "14 days", "30 days", "90 days", "5 days", "lifetime", "renew"]) {
      expect(all.toLowerCase(), fact).toContain(fact.toLowerCase());
    }
    await context.close();
  });

  it("goes back in history with the back button", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL("**/privacy-policy");
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });
});

describe("FAQ", () => {
  it("shows the questions from the API as an accordion", async () => {
    const { page, problems, context } = await newVisit(browser);
    const response = page.waitForResponse((res) => res.url().includes("/api/v1/faq"));
    await page.goto("/faq");
    const body = await (await response).json();
    expect(body.data.length).toBeGreaterThan(5);
    const first = page.getByRole("button", { name: body.data[0].name });
    await first.waitFor();
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    await first.click();
    await expect.poll(() => first.getAttribute("aria-expanded")).toBe("true");
    await page.getByText(body.data[0].answer).waitFor();
    const second = page.getByRole("button", { name: body.data[1].name });
    await second.click();
    await expect.poll(() => second.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => first.getAttribute("aria-expanded")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("not found", () => {
  it("shows a friendly page for an unknown address", async () => {
    const { page, context } = await newVisit(browser, 390);
    await page.goto("/this-does-not-exist");
    await page.getByRole("heading", { name: "This path leads somewhere quiet" }).waitFor();
    await page.getByRole("link", { name: "Back to the start" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });
});

describe("small screens", () => {
  it("never scroll sideways at 390 px", async () => {
    const { page, context } = await newVisit(browser, 390);
    for (const path of ["/", "/faq", "/privacy-policy", "/terms-of-service", "/terms-conditions", "/nowhere"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
