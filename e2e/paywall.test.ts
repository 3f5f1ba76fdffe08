import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newVisit, registerMember } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const headline = (text: string) => `main h2:text-is("${text}")`;

describe("paywall", () => {
  it("offers US prices with the yearly trial first, and sends a visitor to log in for the chosen plan", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 800 },
      timezoneId: "America/New_York",
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/subscription");

    const plans = page.getByRole("radiogroup");
    await plans.waitFor();
    await page.locator(headline("Start Your 7-Day Trial")).waitFor();
    await expect.poll(() => plans.getByRole("radio").count()).toBe(3);
    await expect.poll(() => plans.getByRole("radio", { checked: true }).count()).toBe(1);
    const checkedCard = page.locator("[data-testid=plan-card]", { has: page.locator("input:checked") });
    await expect.poll(() => checkedCard.innerText()).toContain("Free trial");
    expect(await checkedCard.innerText()).toContain("MOST POPULAR");
    await expect.poll(() => plans.innerText()).toContain("$59.99");
    const text = await plans.innerText();
    expect(text).toContain("$0.17");
    expect(text).not.toContain("€");
    await page.getByText("3 out of 4").waitFor();
    await expect.poll(() => page.locator("blockquote").count()).toBe(3);

    const monthly = page.locator("[data-testid=plan-card]", { hasText: "1-Month Plan" });
    await monthly.locator("label").click();
    await page.locator(headline("Start Your Monthly Plan")).waitFor();

    await page.getByRole("button", { name: "Get My Plan" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    const url = new URL(page.url());
    expect(url.searchParams.get("redirect")).toBe("/subscription");
    expect(url.searchParams.get("from")).toBe("auth");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("moves the selection with the arrow keys", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/subscription");
    const checked = page.getByRole("radiogroup").getByRole("radio", { checked: true });
    await checked.waitFor({ state: "attached" });
    await checked.focus();
    await page.keyboard.press("ArrowDown");
    await page.locator(headline("Get Your Lifetime Plan")).waitFor();
    await context.close();
  });

  it("shows euro prices to a visitor in Europe", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 800 },
      timezoneId: "Europe/Sofia",
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await page.goto("/subscription");
    const plans = page.getByRole("radiogroup");
    await plans.waitFor();
    await expect.poll(() => plans.innerText()).toContain("€54.99");
    const text = await plans.innerText();
    expect(text).not.toContain("$");
    await context.close();
  });

  it("fits a 390 px phone without sideways scrolling", async () => {
    const { page, context, problems } = await newVisit(browser, 390);
    await page.goto("/subscription");
    await page.getByRole("radiogroup").waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens the payment dialog for a member, keeps focus inside it, and closes it with Escape", async () => {
    const { page, context, problems } = await newVisit(browser, 390, { t: await registerMember() });
    await page.goto("/subscription");
    await page.getByRole("radiogroup").waitFor();
    await page.getByRole("button", { name: "Get My Plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Select payment method" });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open && element.matches(":modal"))).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("payment-method");
    // Arrow keys move between the two ways to pay.
    await page.keyboard.press("ArrowRight");
    await dialog.getByLabel("Card number").waitFor();
    // Tab never reaches the page behind (past the last control the browser's own UI may take focus).
    const reached = new Set<string>();
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return "browser";
        return active.closest("dialog") ? `dialog:${active.getAttribute("aria-label") ?? active.textContent?.trim() ?? active.id}` : "page";
      });
      reached.add(where);
    }
    expect(reached.has("page")).toBe(false);
    expect(reached.has("dialog:Close")).toBe(true);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/subscription");
    expect(problems).toEqual([]);
    await context.close();
  });
});
