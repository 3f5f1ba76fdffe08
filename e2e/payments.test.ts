import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, CARDS, launch, newVisit, payByCard, playToSound, registerMember, subscriptionType } from "./browser";
import { singleItem, unexpected } from "./demo";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

let counter = 0;
/** A fresh address per journey: a member buys once, so journeys never meet. */
const newEmail = (who = "payer") => `${who}.${Date.now().toString(36)}.${++counter}@example.com`;
const PASSWORD = "quiet evening walk 42";

const lockedItem = singleItem((item) => !item.free && Boolean(item.media?.audio_male) && !item.media?.video_male);

/** The paywall's Get My Plan for the preselected plan (or `plan`), then the open payment dialog. */
async function openPayment(page: Page, plan?: string) {
  await page.goto("/subscription");
  await page.getByRole("radiogroup").waitFor();
  if (plan) await page.locator("[data-testid=plan-card]", { hasText: plan }).locator("label").click();
  await page.getByRole("button", { name: "Get My Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Select payment method" });
  await dialog.waitFor();
  return dialog;
}

describe("paying by card", () => {
  it("a new member registers, starts the yearly trial with a card and then plays a locked item", async () => {
    const { page, context, problems } = await newVisit(browser);
    await page.goto("/create-account");
    await page.getByLabel("First Name").fill("Maya");
    await page.getByLabel("Email").fill(newEmail("trial"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL((url) => url.pathname === "/home");

    const dialog = await openPayment(page);
    // The yearly trial is preselected; the wallet is the first way offered.
    await expect.poll(() => dialog.getByRole("radio", { name: "PayPal" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Buy now" }).waitFor();
    await expect.poll(() => dialog.getByTestId("payment-total").textContent()).toBe("$0.00");
    await dialog.getByText(/You may cancel at any time in your trial\. \$59\.99 billed annually after trial\./).waitFor();

    await payByCard(page, CARDS.succeeds);
    await page.getByText("Successfully subscribed!").waitFor();
    await page.waitForURL((url) => url.pathname === "/home");
    expect(await subscriptionType(page)).not.toBeNull();

    await page.goto(`/${lockedItem.model}/${lockedItem.id}`);
    await page.getByRole("heading", { level: 1, name: lockedItem.name }).waitFor();
    await playToSound(page);
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("a declined card says so and the member stays free", async () => {
    const { page, context, problems } = await newVisit(browser, 1280, { t: await registerMember() });
    await openPayment(page);
    await payByCard(page, CARDS.declined);
    const dialog = page.getByRole("dialog", { name: "Select payment method" });
    // The message shows inside the modal dialog, above the page it makes inert.
    await dialog.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    // And it stays beside the card form after the toast has gone.
    await expect.poll(() => dialog.getByTestId("card-refusal").textContent()).toBe("Your card was declined.");
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole("button", { name: "Try Serene now" }).getAttribute("aria-disabled")).toBeNull();
    expect(new URL(page.url()).pathname).toBe("/subscription");
    expect(await subscriptionType(page)).toBeNull();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("a mistyped card is caught beside its fields before anything is sent", async () => {
    const { page, context, problems } = await newVisit(browser, 390, { t: await registerMember() });
    const dialog = await openPayment(page);
    let confirms = 0;
    page.on("request", (request) => {
      if (request.url().includes("/sandbox/card/confirm")) confirms += 1;
    });
    await dialog.getByText("Credit card").click();
    await dialog.getByLabel("Card number").fill("4242 4242 4242 4241");
    await dialog.getByLabel("Expiry").fill("01 / 24");
    await dialog.getByLabel("CVC").fill("12");
    await dialog.getByRole("button", { name: "Try Serene now" }).click();
    await dialog.getByText("This card number doesn't look right. Please check the digits.").waitFor();
    await dialog.getByText("This card has expired. Please check the date or use another card.").waitFor();
    await dialog.getByText("The security code is the 3 digits on the back of your card.").waitFor();
    expect(await dialog.getByLabel("Card number").getAttribute("aria-invalid")).toBe("true");
    expect(confirms).toBe(0);

    await dialog.getByLabel("Card number").fill(CARDS.succeeds);
    await dialog.getByLabel("Expiry").fill("12 / 34");
    await dialog.getByLabel("CVC").fill("123");
    await dialog.getByRole("button", { name: "Try Serene now" }).click();
    await page.getByText("Successfully subscribed!").waitFor();
    expect(confirms).toBe(1);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("a card that needs the bank's approval goes to the approval page and, approved, to /thank-you", async () => {
    const { page, context, problems } = await newVisit(browser, 1280, { t: await registerMember() });
    await openPayment(page, "1-Month Plan");
    await payByCard(page, CARDS.needsApproval);
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox/card/approve/"));
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/subscription");
    await page.getByRole("button", { name: "Cancel" }).waitFor();
    expect(await subscriptionType(page)).toBeNull();

    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((url) => url.pathname === "/thank-you");
    await page.getByRole("heading", { name: "Thank you!" }).waitFor();
    expect(await page.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/subscription");
    expect(await subscriptionType(page)).not.toBeNull();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("canceling at the bank's approval page charges nothing", async () => {
    const { page, context } = await newVisit(browser, 1280, { t: await registerMember() });
    await openPayment(page, "1-Month Plan");
    await payByCard(page, CARDS.needsApproval);
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox/card/approve/"));
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/cancel-transaction");
    await page.getByRole("heading", { name: "Payment canceled" }).waitFor();
    expect(await subscriptionType(page)).toBeNull();
    await context.close();
  });
});

describe("paying with the wallet", () => {
  it("Buy now goes to the wallet, Approve comes back to /success-transaction and subscribes", async () => {
    const { page, context, problems } = await newVisit(browser, 1280, { t: await registerMember() });
    const dialog = await openPayment(page);
    await dialog.getByRole("button", { name: "Buy now" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox/wallet/approve/"));
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((url) => url.pathname === "/success-transaction");
    expect(new URL(page.url()).searchParams.get("subscription_id")).toBeTruthy();
    await page.getByText("Successfully subscribed!").waitFor();
    await page.getByRole("link", { name: "Start listening" }).waitFor();
    expect(await subscriptionType(page)).not.toBeNull();

    // A reload confirms the same purchase again instead of buying twice.
    await page.reload();
    await page.getByRole("link", { name: "Start listening" }).waitFor();
    await page.getByRole("link", { name: "Start listening" }).click();
    await page.waitForURL((url) => url.pathname === "/home");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("Cancel at the wallet comes back to /cancel-transaction", async () => {
    const { page, context, problems } = await newVisit(browser, 390, { t: await registerMember() });
    const dialog = await openPayment(page);
    await dialog.getByRole("button", { name: "Buy now" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox/wallet/approve/"));
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/cancel-transaction");
    await page.getByRole("heading", { name: "Payment canceled" }).waitFor();
    await page.getByText("Nothing was charged.", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: "Back to plans" }).getAttribute("href")).toBe("/subscription");
    expect(await subscriptionType(page)).toBeNull();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe("the payment dialog in Europe", () => {
  it("shows euro prices in the Total and the trial note", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      timezoneId: "Europe/Sofia",
      serviceWorkers: "block",
    });
    const token = await registerMember();
    await context.addInitScript((value) => window.localStorage.setItem("t", value), token);
    const page = await context.newPage();
    const dialog = await openPayment(page);
    await expect.poll(() => dialog.getByTestId("payment-total").textContent()).toBe("€0.00");
    await dialog.getByText(/€54\.99 billed annually after trial/).waitFor();
    await dialog.getByText("Credit card").click();
    await dialog.getByLabel("Card number").waitFor();
    await expect.poll(() => dialog.getByTestId("payment-total").textContent()).toBe("€0.00");

    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await openPayment(page, "1-Month Plan");
    await expect.poll(() => page.getByTestId("payment-total").textContent()).toBe("€13.99");
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await context.close();
  });
});
