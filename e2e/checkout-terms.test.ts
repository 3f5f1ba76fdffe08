import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CARDS, launch, newVisit, payByCard, registerMember, subscriptionType } from "./browser";

/**
 * What the checkout says (decision 052): the payment dialog states the terms of the package being paid
 * (a lifetime offer bought on /promo/3 says nothing of a trial), one price per plan while an offer runs,
 * and the sales page's refund line, price reveal and ended warning as the spec words them.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

/** The promo page's start button (content/demo/sales-pages.json, calm-in-five). */
const START = "Start my five minutes";
const OFFER_PRICE = "$14.95";
const REGULAR_LIFETIME = "$149.99";

describe("the lifetime offer on /promo/3", () => {
  it("is one card set against the regular lifetime price, and its payment dialog speaks of no trial", async () => {
    const { page, context, problems } = await newVisit(browser, 1280, { t: await registerMember("Lior") });
    await page.goto("/promo/3");
    // The server paints the top before any script; its start button works once the app has drawn the rest.
    await page.locator("[data-section=faq]").waitFor();
    await page.getByRole("button", { name: START }).click();

    const modal = page.getByRole("dialog", { name: "Choose your plan" });
    const cards = modal.locator("[data-testid=offer-plan]");
    await cards.first().waitFor();
    const texts = await cards.allInnerTexts();
    // One lifetime card: the offer's, with the regular price struck through; no second lifetime card beside it.
    const lifetime = texts.filter((text) => text.includes("Lifetime"));
    expect(lifetime).toHaveLength(1);
    expect(lifetime[0]).toContain(OFFER_PRICE);
    expect(await cards.first().locator("s").innerText()).toContain(REGULAR_LIFETIME);
    expect(texts.join("\n")).not.toMatch(/best value/i);
    const chosen = modal.locator("[data-testid=offer-plan]", { has: page.locator("input:checked") });
    expect(await chosen.innerText()).toContain(OFFER_PRICE);

    await modal.getByRole("button", { name: "Get My Plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Select payment method" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId("payment-total").textContent()).toBe(OFFER_PRICE);
    // Nothing of the yearly trial's terms: this purchase has no trial.
    expect(await dialog.innerText()).not.toMatch(/billed annually after trial/);
    expect(await dialog.innerText()).not.toMatch(/trial/i);
    expect(await dialog.getByTestId("payment-note").textContent()).toBe(
      `A single payment of ${OFFER_PRICE} for lifetime access. Nothing renews.`,
    );
    await dialog.getByText("Credit card").click();
    await dialog.getByLabel("Card number").waitFor();
    expect(await dialog.innerText()).not.toMatch(/trial/i);

    const purchase = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname.endsWith("/stripe/payment-method"),
    );
    await payByCard(page, CARDS.succeeds);
    expect(((await purchase).postDataJSON() as { promo_checkout_id?: number }).promo_checkout_id).toBe(3);
    await page.getByText("Successfully subscribed!").first().waitFor();
    await expect.poll(() => subscriptionType(page)).toBe("Lifetime");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the promo sales page's words", () => {
  it("names the refund subject in one pair of quotes, and the saving beside the stated value", async () => {
    const { page, context, problems } = await newVisit(browser, 390);
    await page.goto("/promo/3");
    const refund = page.getByTestId("refund-text");
    await refund.waitFor();
    const line = await refund.innerText();
    expect(line).toContain(`with the subject 'Refund request' within 14 days`);
    expect(line).toContain(`refund the full ${OFFER_PRICE}`);
    expect(line).not.toContain("''");

    const price = page.getByTestId("featured-price");
    expect(await price.innerText()).toMatch(/^Stated value \$1714\.95\s+(today\s+)?\$14\.95\s+\(about \$1700 off\)$/);
    // The price reveal's plans: one lifetime, the offer's, struck against the regular price.
    const plans = await page.locator("[data-section=price]").getByTestId("sales-plan").allInnerTexts();
    const lifetime = plans.filter((text) => text.includes("Lifetime"));
    expect(lifetime).toHaveLength(1);
    expect(lifetime[0]).toContain(OFFER_PRICE);
    expect(lifetime[0]).toContain(REGULAR_LIFETIME);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("once the visitor's offer has ended, its warning no longer says the offer is held", async () => {
    const started = new Date(Date.now() - 5 * 3_600_000);
    const ended = new Date(Date.now() - 3_600_000);
    const clock = { "3": { started_at: started.toISOString().replace(/\.\d{3}Z$/, "Z"), ends_at: ended.toISOString() } };
    const { page, context, problems } = await newVisit(browser, 1280, { "offer-deadlines": JSON.stringify(clock) });
    await page.goto("/promo/3");
    const countdown = page.locator("[data-section=countdown]");
    const endedText = await countdown.getByRole("heading", { name: /This offer has ended/ }).innerText();
    const warning = page.locator("[data-section=warning]");
    await expect.poll(() => warning.innerText()).toBe(endedText);
    expect(await warning.innerText()).not.toMatch(/held/i);
    expect(await page.getByTestId("featured-price").innerText()).not.toContain("off)");
    expect(problems).toEqual([]);
    await context.close();
  });
});
