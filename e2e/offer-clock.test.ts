import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, linkIn, mailTo, newVisit } from "./browser";

/**
 * One offer clock per person (docs/decisions/051-one-offer-clock-per-person.md): an offer that has
 * ended for a member on /promo/3 is ended on every other page offering the same package, the other
 * checkouts, the campaign pages and the offer link of a lead with the member's address. None of them
 * shows a fresh countdown or the promo price to buy, in a browser that keeps no clock of its own.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const OFFER_PRICE = "$14.95";
const REGULAR_LIFETIME = "$149.99";
/** The countdown's ended text of both demo sales pages (content/demo/sales-pages.json). */
const ENDED = /This offer has ended/;
const HOUR_MS = 3_600_000;

let counter = 0;
const newEmail = (who: string) => `${who}.${Date.now().toString(36)}.${++counter}@example.com`;

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} was refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A member with this address, registered as the registration form does; answers their session token. */
const register = async (name: string, email: string) =>
  (await post<{ token: string }>("user", { name, email, password: "quiet evening walk 42", phone: "", platform: "web" })).token;

/** A lead with this address, as the onboarding quiz's e-mail step makes one; answers its id. */
const createLead = async (email: string, name: string) =>
  (await post<{ data: { id: string } }>("lead", { email, name, quiz: "onboarding", answers: { goal: "REDUCE_STRESS" } })).data.id;

/** The countdown as it reads, DD:HH:MM:SS. */
const countdownText = (page: Page) =>
  page.getByTestId("countdown").evaluate((clock) =>
    Array.from(clock.querySelectorAll("[data-unit]"))
      .map((figure) => figure.textContent)
      .join(":"),
  );

/**
 * The page shows the offer ended: the countdown's ended text at 00:00:00:00 (never a fresh 04:00:00), no
 * promo price anywhere on it, and its checkout, opened from the start button, sells only regular plans.
 */
async function expectEnded(page: Page) {
  const countdown = page.locator("[data-section=countdown]");
  await countdown.getByRole("heading", { name: ENDED }).waitFor();
  expect(await countdownText(page)).toBe("00:00:00:00");
  // The rest of the page follows the top in a moment; its prices are the regular ones.
  const price = page.locator("[data-section=price]");
  await price.getByTestId("sales-plan").first().waitFor();
  // No plan is named in the ended offer's place: the plans are listed at their regular prices.
  await price.getByText("This offer has ended. Every plan is still here for you at its regular price.").waitFor();
  expect(await price.innerText()).not.toContain(OFFER_PRICE);
  expect(await page.getByTestId("sales-page").innerText()).not.toContain(OFFER_PRICE);

  await page.locator("[data-section=start]").getByRole("button").click();
  const modal = page.getByRole("dialog", { name: "Choose your plan" });
  await modal.getByRole("radio").first().waitFor();
  await expect.poll(() => modal.innerText()).toContain(REGULAR_LIFETIME);
  const shown = await modal.innerText();
  expect(shown).not.toContain(OFFER_PRICE);
  expect(shown).not.toContain("TODAY'S OFFER");
  expect(shown).toContain("Your plan is ready");
  expect(shown).not.toContain("The offer prices are yours until your countdown ends.");
}

describe("one offer clock per person", () => {
  it("an offer that ended on /promo/3 stays ended on /checkout/1, on /lp, and on the lead checkout of the member's address", async () => {
    const email = newEmail("rowan");
    const token = await register("Rowan", email);

    // The member's offer on /promo/3 has ended: the start this browser kept while they were a visitor,
    // five hours ago, counts as the offer's whole length back (decision 030), so it ends on arrival.
    const started = new Date(Date.now() - 5 * HOUR_MS);
    const kept = {
      "3": { started_at: started.toISOString().replace(/\.\d{3}Z$/, "Z"), ends_at: new Date(Date.now() - HOUR_MS).toISOString() },
    };
    const promo = await newVisit(browser, 1280, { t: token, "offer-deadlines": JSON.stringify(kept) });
    await promo.page.goto("/promo/3");
    await expectEnded(promo.page);
    expect(promo.problems).toEqual([]);
    await promo.context.close();

    // Every other page offering the same package, each in a browser that keeps no offer clock of its own:
    // the server's one deadline is all they have.
    const lead = await createLead(email, "Rowan");
    for (const path of ["/checkout/1", "/lp/sleep-reset", "/lp/five-minute-calm", `/lead-checkout/1?lead=${lead}`]) {
      const { page, context, problems } = await newVisit(browser, 1280, { t: token });
      await page.goto(path);
      await expectEnded(page);
      expect(problems, path).toEqual([]);
      await context.close();
    }
  });

  it("the offer link a lead of the same address receives shows the member's ended offer, not a fresh one", async () => {
    const email = newEmail("ash");
    const token = await register("Ash", email);
    const started = new Date(Date.now() - 5 * HOUR_MS);
    const kept = {
      "3": { started_at: started.toISOString().replace(/\.\d{3}Z$/, "Z"), ends_at: new Date(Date.now() - HOUR_MS).toISOString() },
    };
    const promo = await newVisit(browser, 390, { t: token, "offer-deadlines": JSON.stringify(kept) });
    await promo.page.goto("/promo/3");
    await promo.page.locator("[data-section=countdown]").getByRole("heading", { name: ENDED }).waitFor();
    await promo.context.close();

    // The same address answers a quiz: its result e-mail's offer link, opened by someone not signed in.
    await createLead(email, "Ash");
    const offerLink = linkIn(await mailTo(email, /result/i), "/lead-checkout");
    const { page, context, problems } = await newVisit(browser, 390);
    await page.goto(offerLink);
    const countdown = page.locator("[data-section=countdown]");
    await countdown.getByRole("heading", { name: ENDED }).waitFor();
    expect(await countdownText(page)).toBe("00:00:00:00");
    await page.locator("[data-section=price]").waitFor();
    expect(await page.getByTestId("sales-page").innerText()).not.toContain(OFFER_PRICE);
    expect(problems).toEqual([]);
    await context.close();
  });
});
