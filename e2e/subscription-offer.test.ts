import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, playToSound, registerMember } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

/** Console errors except the browser's note about an answer the page expected. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes("Failed to load resource"));

/** The names of the first-party analytics events the page sends (POST /api/v1/events), in order. */
function sentEvents(page: Page) {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/v1/events") return;
    names.push((request.postDataJSON() as { name: string }).name);
  });
  return { count: (name: string) => names.filter((sent) => sent === name).length };
}

/** The first locked item on Meditation, and its name (the card's spoken name starts with it, then a comma). */
async function firstLockedItem(page: Page) {
  const locked = page
    .locator("#main")
    .getByRole("button", { name: /, Locked$/ })
    .first();
  await locked.waitFor();
  // Its first text is the name (a comma in a name, "Clear Desk, Clear Mind", stays part of it).
  const name = await locked.evaluate((card) => document.createTreeWalker(card, NodeFilter.SHOW_TEXT).nextNode()?.textContent ?? "");
  return { card: locked, name };
}

describe("the members' subscription offer", () => {
  it("a free member buys the yearly plan in place from a locked item on Meditation and lands on that item, playable, the success still to read", async () => {
    // A member of their own: the demo members keep their plans for the other journeys.
    const { page, context, problems } = await newVisit(browser, 1280, { t: await registerMember("Robin") });
    await page.goto("/meditation");
    const item = await firstLockedItem(page);
    await item.card.click();

    const offer = page.getByRole("dialog", { name: /Unlock everything in/ });
    const plans = offer.getByRole("list", { name: "Plans for you" });
    await plans.getByRole("radio").first().waitFor({ state: "attached" });
    expect(await plans.getByRole("radio").count()).toBe(3);
    await plans.getByText("Free trial", { exact: true }).click();
    expect(await plans.getByRole("radio", { name: /Free trial/ }).isChecked()).toBe(true);
    await offer.getByRole("button", { name: "Get My Plan" }).click();

    const payment = page.getByRole("dialog", { name: "Select payment method" });
    await payment.waitFor();
    expect(await payment.getByTestId("payment-total").textContent()).toBe("$0.00");
    await payment.getByText("Credit card").click();
    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByLabel("Expiry").fill("12 / 34");
    await payment.getByLabel("CVC").fill("123");
    // The purchase ends in a page load of the item the member tapped.
    const loaded = page.waitForEvent("load");
    await payment.getByRole("button", { name: "Try Serene now" }).click();
    await loaded;

    // The dialog's 'Successfully subscribed!' was carried over the load and is said again on the page that opens.
    await page.getByRole("status").filter({ hasText: "Successfully subscribed!" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/[a-z-]+\/\d+$/);
    await page.getByRole("heading", { level: 1, name: item.name }).waitFor();
    expect(await page.locator("dialog[open]").count()).toBe(0);

    // Now playable, and Meditation shows it unlocked.
    await playToSound(page);
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await page.goto("/meditation");
    await page
      .locator("#main")
      .getByRole("link", { name: `${item.name}, ` })
      .first()
      .waitFor();
    expect(
      await page
        .locator("#main")
        .getByRole("button", { name: /, Locked$/ })
        .count(),
    ).toBe(0);
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("records a locked item's intent once: on the offer, not again on the paywall it leads to nor on a later visit", async () => {
    const { page, context, problems } = await newVisit(browser, 1280, { t: await registerMember() });
    const events = sentEvents(page);
    await page.goto("/meditation");
    const item = await firstLockedItem(page);
    await item.card.click();
    const offer = page.getByRole("dialog", { name: /Unlock everything in/ });
    await expect.poll(() => events.count("locked_intent")).toBe(1);

    await offer.getByRole("link", { name: "See all plans" }).click();
    await page.waitForURL((url) => url.pathname === "/subscription");
    await page.getByRole("radiogroup").waitFor();
    // The paywall has recorded what it would on entry once the checkout it opens is recorded after it.
    const checkoutStarted = async (times: number) => {
      await page.getByRole("button", { name: "Get My Plan" }).click();
      const payment = page.getByRole("dialog", { name: "Select payment method" });
      await payment.waitFor();
      await expect.poll(() => events.count("initiate_checkout")).toBe(times);
      await payment.getByRole("button", { name: "Close" }).click();
      await payment.waitFor({ state: "hidden" });
    };
    await checkoutStarted(1);
    expect(events.count("locked_intent")).toBe(1);

    // Back to Meditation and forward to the paywall again, within the same visit.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/meditation");
    await page.goForward();
    await page.waitForURL((url) => url.pathname === "/subscription");
    await page.getByRole("radiogroup").waitFor();
    await checkoutStarted(2);
    expect(events.count("locked_intent")).toBe(1);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe("the payment dialog's trial note", () => {
  it("shows only when the yearly trial is being paid; a month or lifetime states its own terms", async () => {
    const { page, context, problems } = await newVisit(browser, 390, { t: await registerMember() });
    const notes: Record<string, RegExp> = {
      "1-Month Plan": /^\$14\.99 is billed every month until you cancel\. To cancel your subscription, email us at /,
      Lifetime: /^A single payment of \$149\.99 for lifetime access\. Nothing renews\.$/,
      "Free trial": /^You may cancel at any time in your trial\. \$59\.99 billed annually after trial\. /,
    };
    for (const [plan, note] of Object.entries(notes)) {
      await page.goto("/subscription");
      await page.getByRole("radiogroup").waitFor();
      await page.locator("[data-testid=plan-card]", { hasText: plan }).locator("label").click();
      await page.getByRole("button", { name: "Get My Plan" }).click();
      const dialog = page.getByRole("dialog", { name: "Select payment method" });
      await dialog.waitFor();
      await expect.poll(async () => (await dialog.getByTestId("payment-note").textContent()) ?? "").toMatch(note);
      if (plan !== "Free trial") expect(await dialog.innerText()).not.toMatch(/trial/i);
    }
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
