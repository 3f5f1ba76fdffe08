import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, CARDS, launch, linkIn, mailTo, newVisit, payByCard } from "./browser";
import { unexpected } from "./demo";

/**
 * Honest money: a trial bought in the sandbox, its e-mail in the outbox, the settings page's price,
 * next charge, card and receipts; cancel and resume; a paid plan's receipt e-mail and its printable page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

let counter = 0;
const newEmail = (who: string) => `${who}.${Date.now().toString(36)}.${++counter}@example.com`;
const PASSWORD = "quiet evening walk 42";
const LONG_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/;

/** The value beside a label in one section's facts. */
const fact = (page: Page, region: string, label: string) =>
  page
    .getByRole("region", { name: region })
    .locator("dl > div", { has: page.locator(`dt:text-is("${label}")`) })
    .locator("dd");

async function signUp(page: Page, email: string) {
  await page.goto("/create-account");
  await page.getByLabel("First Name").fill("Maya");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL((url) => url.pathname === "/home");
}

/** The paywall's plan (by its card's text), paid by card in the payment dialog. */
async function buy(page: Page, plan?: string) {
  await page.goto("/subscription");
  await page.getByRole("radiogroup").waitFor();
  if (plan) await page.locator("[data-testid=plan-card]", { hasText: plan }).locator("label").click();
  await page.getByRole("button", { name: "Get My Plan" }).click();
  await page.getByRole("dialog", { name: "Select payment method" }).waitFor();
  await payByCard(page, CARDS.succeeds);
  await page.getByText("Successfully subscribed!").waitFor();
  await page.waitForURL((url) => url.pathname === "/home");
}

describe("money the member can read back", () => {
  it("a trial: its e-mail, the price and next charge in settings, no receipt yet; cancel, then resume", async () => {
    const { page, context, problems } = await newVisit(browser);
    const email = newEmail("trial");
    await signUp(page, email);
    await buy(page);

    const trialMail = await mailTo(email, /free trial has started/);
    expect(trialMail.text).toMatch(/The trial ends on \d{1,2} [A-Z][a-z]+ \d{4}\. Then your annual plan begins and \$59\.99 is charged/);
    expect(trialMail.html).toMatch(/^<!doctype html>/i);

    await page.goto(new URL(linkIn(trialMail, "/settings/subscription"), baseUrl()).pathname);
    await page.getByRole("region", { name: "How you pay" }).waitFor();
    expect(await fact(page, "How you pay", "Price").innerText()).toBe("$59.99 a year");
    expect(await fact(page, "How you pay", "Next charge").innerText()).toMatch(/^\$59\.99 on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await fact(page, "How you pay", "Payment method").innerText()).toBe("Card •••• 4242");
    await page
      .getByRole("region", { name: "Receipts" })
      .getByText(/No receipts yet/)
      .waitFor();

    // Cancel: the page reloads without a next charge, and offers to resume.
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await confirm.waitFor();
    let reloaded = page.waitForEvent("load");
    await confirm.getByRole("button", { name: "Yes", exact: true }).click();
    await reloaded;
    await page.getByText("Successfully canceled!").waitFor();
    const resume = page.getByRole("region", { name: "Changed your mind?" });
    await resume.waitFor();
    expect(await fact(page, "How you pay", "Next charge").innerText()).toBe("None, your plan will not renew");
    const cancelMail = await mailTo(email, /subscription is cancelled/);
    expect(cancelMail.text).toContain("you can resume the subscription in your settings");

    // Resume: billing carries on, the next charge is back, and cancelling is offered again.
    reloaded = page.waitForEvent("load");
    await resume.getByRole("button", { name: "Resume subscription" }).click();
    await reloaded;
    await page.getByText("Your subscription is running again.").waitFor();
    await page.getByRole("button", { name: "Cancel subscription" }).waitFor();
    expect(await fact(page, "How you pay", "Next charge").innerText()).toMatch(/^\$59\.99 on /);
    expect(await page.getByRole("region", { name: "Changed your mind?" }).count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("a paid monthly plan: the receipt e-mail, the receipts list and the printable receipt, at phone width", async () => {
    const { page, context, problems } = await newVisit(browser, 390);
    const email = newEmail("receipt");
    await signUp(page, email);
    await buy(page, "1-Month");

    const receiptMail = await mailTo(email, /receipt SR-/);
    const reference = /Reference: (SR-\d{8}-[0-9A-F]{8})/.exec(receiptMail.text)![1]!;
    expect(receiptMail.text).toContain("Amount: $14.99 (USD)");
    expect(receiptMail.text).toContain("Paid with: Card •••• 4242");

    await page.goto("/settings/subscription");
    const receipts = page.getByRole("region", { name: "Receipts" });
    await receipts.getByText("Monthly plan").waitFor();
    await receipts.getByRole("link", { name: `View receipt ${reference}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/settings/subscription/receipts/"));
    expect(new URL(linkIn(receiptMail, "/settings/subscription/receipts/"), baseUrl()).pathname).toBe(new URL(page.url()).pathname);
    const sheet = page.getByRole("article", { name: "Receipt" });
    await sheet.waitFor();
    expect(
      await sheet
        .locator("dl > div", { has: page.locator('dt:text-is("Reference")') })
        .locator("dd")
        .innerText(),
    ).toBe(reference);
    expect(
      await sheet
        .locator("dl > div", { has: page.locator('dt:text-is("Date")') })
        .locator("dd")
        .innerText(),
    ).toMatch(LONG_DATE);
    await sheet.getByText("$14.99").waitFor();
    await sheet.getByRole("button", { name: "Print receipt" }).waitFor();

    // Printed, only the receipt shows.
    await page.emulateMedia({ media: "print" });
    expect(await sheet.getByRole("button", { name: "Print receipt" }).isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: /Subscription/ }).isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("a wallet purchase: approved on the sandbox PayPal page, its receipt e-mail, and its receipt in Settings", async () => {
    const { page, context, problems } = await newVisit(browser);
    const email = newEmail("wallet");
    await signUp(page, email);
    await page.goto("/subscription");
    await page.getByRole("radiogroup").waitFor();
    await page.locator("[data-testid=plan-card]", { hasText: "1-Month" }).locator("label").click();
    await page.getByRole("button", { name: "Get My Plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Select payment method" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole("radio", { name: "PayPal" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Buy now" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox/wallet/approve/"));
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((url) => url.pathname === "/success-transaction");
    await page.getByText("Successfully subscribed!").waitFor();

    const receiptMail = await mailTo(email, /receipt SR-/);
    const reference = /Reference: (SR-\d{8}-[0-9A-F]{8})/.exec(receiptMail.text)![1]!;
    expect(receiptMail.text).toContain("Plan: Serene Monthly plan");
    expect(receiptMail.text).toContain("Amount: $14.99 (USD)");
    expect(receiptMail.text).toContain("Paid with: PayPal");

    await page.goto("/settings/subscription");
    await page.getByRole("region", { name: "How you pay" }).waitFor();
    expect(await fact(page, "How you pay", "Payment method").innerText()).toBe("PayPal");
    const receipts = page.getByRole("region", { name: "Receipts" });
    await receipts.getByText("Monthly plan").waitFor();
    expect(await receipts.getByText(/No receipts yet/).count()).toBe(0);
    await receipts.getByRole("link", { name: `View receipt ${reference}` }).click();
    const sheet = page.getByRole("article", { name: "Receipt" });
    await sheet.waitFor();
    expect(
      await sheet
        .locator("dl > div", { has: page.locator('dt:text-is("Paid with")') })
        .locator("dd")
        .innerText(),
    ).toBe("PayPal");
    await sheet.getByText("$14.99").waitFor();
    expect(new URL(linkIn(receiptMail, "/settings/subscription/receipts/"), baseUrl()).pathname).toBe(new URL(page.url()).pathname);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("Settings leads to deleting the account, with the member's e-mail filled in", async () => {
    const { page, context, problems } = await newVisit(browser);
    const email = newEmail("leaving");
    await signUp(page, email);
    await page.goto("/settings");
    await page.getByRole("link", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/data-removal");
    await expect.poll(() => page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByRole("button", { name: "Submit removal request" }).click();
    await page.getByText(/We have sent you an email/).waitFor();
    await mailTo(email, /Confirm the removal/);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
