import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, CARDS, launch, linkIn, mailTo, newVisit, payByCard, subscriptionType } from "./browser";

/**
 * The sales pages and their checkout (issue 14, decisions 030–032): the promo page's countdown and
 * offer, the way through login back into the full-screen modal, a lead's account opened at start,
 * the hero video, the FAQ, unknown offers, the campaign themes, a phone's width and an offer that
 * has ended in the visitor's browser.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

let counter = 0;
/** A fresh address per journey: a member buys once, so journeys never meet. */
const newEmail = (who: string) => `${who}.${Date.now().toString(36)}.${++counter}@example.com`;
const PASSWORD = "quiet evening walk 42";

/** The promo page's start button (content/demo/sales-pages.json, calm-in-five). */
const START = "Start my five minutes";
const OFFER_PRICE = "$14.95";
const REGULAR_LIFETIME = "$149.99";

/** Console errors except the browser's own note about a 4xx answer the page expected. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes("Failed to load resource"));

/** A member registered through the API with an address and password the journey knows. */
async function registerWithPassword(name: string, email: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/v1/user`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name, email, password: PASSWORD, phone: "", platform: "web" }),
  });
  if (!response.ok) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
}

/** The countdown as it reads, DD:HH:MM:SS. */
const countdownText = (page: Page) =>
  page.getByTestId("countdown").evaluate((clock) =>
    Array.from(clock.querySelectorAll("[data-unit]"))
      .map((figure) => figure.textContent)
      .join(":"),
  );

/** Whether the document is wider than the viewport (a sideways scroll). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const salesPage = (page: Page) => page.getByTestId("sales-page");
const checkoutModal = (page: Page) => page.getByRole("dialog", { name: "Choose your plan" });

/** From the open checkout modal: the chosen plan bought by card, up to the recommendations and /home. */
async function buyChosenPlan(page: Page) {
  const modal = checkoutModal(page);
  await modal.getByRole("button", { name: "Get My Plan" }).click();
  await page.getByRole("dialog", { name: "Select payment method" }).waitFor();
  await payByCard(page, CARDS.succeeds);
  await page.getByText("Successfully subscribed!").waitFor();
  const recommended = page.getByRole("dialog", { name: "Recommended For You Based On Your Answers" });
  await recommended.waitFor();
  await recommended.getByRole("button", { name: "Start Listening" }).click();
  await page.waitForURL((url) => url.pathname === "/home");
}

describe("the promo sales page", () => {
  it("counts the visitor's offer down, sends them to log in and back into the modal, and sells the $14.95 lifetime offer", async () => {
    const { page, context, problems } = await newVisit(browser);
    await page.goto("/promo/3");
    await salesPage(page).waitFor();

    // A visitor's clock starts now at four hours and ticks.
    const first = await countdownText(page);
    expect(first).toMatch(/^00:(04:00:00|03:59:5\d)$/);
    await expect.poll(() => countdownText(page)).not.toBe(first);

    // The method: 11 items, each with its stated value.
    const items = page.locator("[data-section=method] ol > li");
    expect(await items.count()).toBe(11);
    for (const text of await items.allInnerTexts()) expect(text).toContain("$97.86");

    // Start → login with the way back.
    await page.getByRole("button", { name: START }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    const login = new URL(page.url());
    const redirect = login.searchParams.get("redirect") ?? "";
    expect(redirect.startsWith("/promo/3?")).toBe(true);
    expect(new URLSearchParams(redirect.split("?")[1]).get("buy")).toBe("1");
    expect(login.searchParams.get("from")).toBe("auth");
    expect(login.searchParams.get("checkout")).toBe("promo");

    const email = newEmail("promo");
    await registerWithPassword("Lena", email);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();

    // Straight back into the full-screen modal, the offer's lifetime plan first and chosen.
    await page.waitForURL((url) => url.pathname === "/promo/3");
    const modal = checkoutModal(page);
    await modal.waitFor();
    const chosen = modal.locator("[data-testid=offer-plan]", { has: page.locator("input:checked") });
    await expect.poll(() => chosen.innerText()).toContain(OFFER_PRICE);
    expect(await modal.locator("[data-testid=offer-plan]").first().innerText()).toContain(OFFER_PRICE);
    await expect.poll(() => new URL(page.url()).searchParams.has("buy")).toBe(false);

    await buyChosenPlan(page);
    expect(await subscriptionType(page)).toBe("Lifetime");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
