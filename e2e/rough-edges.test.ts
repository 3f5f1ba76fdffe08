import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, registerMember } from "./browser";
import { singleItem, unexpected } from "./demo";

/** A free single item, for the player's title. */
const freeItem = singleItem((item) => item.free && Boolean(item.media?.audio_male));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

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

/** Opens each address and reads the tab's title once the page has named itself. */
async function titlesOf(page: Page, expected: [string, string][]) {
  const seen: [string, string][] = [];
  for (const [address, title] of expected) {
    await page.goto(address);
    await page.waitForFunction((wanted) => document.title === wanted, title, { timeout: 10_000 }).catch(() => undefined);
    seen.push([address, await page.title()]);
  }
  return seen;
}

describe("the browser tab's title", () => {
  it("names every page on its own, for visitors and members", async () => {
    const visitor = await newVisit(browser, 1280);
    const visitorPages: [string, string][] = [
      ["/", "Serene · Meditation, sleep and calm"],
      ["/login", "Log in · Serene"],
      ["/create-account", "Sign up · Serene"],
      ["/forgot-password", "Forgot password · Serene"],
      ["/data-removal", "Remove my data · Serene"],
      ["/faq", "FAQ · Serene"],
      ["/privacy-policy", "Privacy Policy · Serene"],
      ["/terms-of-service", "Terms of Service · Serene"],
      ["/terms-conditions", "Terms & Conditions · Serene"],
      ["/quiz", "Your quiz · Serene"],
      ["/subscription", "Choose your plan · Serene"],
      ["/nowhere-at-all", "Page not found · Serene"],
    ];
    const visitorSeen = await titlesOf(visitor.page, visitorPages);
    expect(visitorSeen).toEqual(visitorPages);
    await visitor.context.close();

    const member = await newVisit(browser, 1280, { t: await registerMember("Tessa") });
    const memberPages: [string, string][] = [
      ["/home", "Home · Serene"],
      ["/personal-plan", "Personal plan · Serene"],
      ["/meditation", "Meditation · Serene"],
      ["/sleep", "Sleep · Serene"],
      ["/therapy", "Therapy · Serene"],
      ["/sounds", "Sounds · Serene"],
      ["/profile/dashboard", "My progress · Serene"],
      ["/profile/library", "My library · Serene"],
      ["/profile/achievements", "Achievements · Serene"],
      ["/profile/notes", "My notes · Serene"],
      ["/profile/notes/create", "New note · Serene"],
      ["/profile/worksheets", "My worksheets · Serene"],
      ["/workbooks", "Workbooks · Serene"],
      ["/settings", "Settings · Serene"],
      ["/settings/subscription", "Subscription · Serene"],
      ["/settings/account", "Account · Serene"],
      ["/settings/change-password", "Change password · Serene"],
      ["/settings/help-support", "Help & support · Serene"],
      [`/${freeItem.model}/${freeItem.id}`, `${freeItem.name} · Serene`],
    ];
    const memberSeen = await titlesOf(member.page, memberPages);
    expect(memberSeen).toEqual(memberPages);
    await member.context.close();

    const titles = [...visitorSeen, ...memberSeen].map(([, title]) => title);
    expect(titles.every((title) => title.trim() !== "")).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe("the welcome on /home", () => {
  it("welcomes a new member on their first visit, and says 'Welcome back' when they return", async () => {
    const { page, problems, context } = await newVisit(browser, 390, { t: await registerMember("Ada") });
    await page.goto("/home");
    await page.getByText("Welcome to Serene. Take a moment for yourself today.").waitFor();
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
    await page.reload();
    await page.getByText("Welcome back. Take a moment for yourself today.").waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe("the player page of a free member", () => {
  it("ends with its footer at both widths, with no blank space below it", async () => {
    const token = await registerMember("Lena");
    for (const width of [390, 1280]) {
      const { page, problems, context } = await newVisit(browser, width, { t: token });
      await page.goto(`/${freeItem.model}/${freeItem.id}`);
      await page.getByRole("heading", { level: 1, name: freeItem.name }).waitFor();
      // The recommendations hold locked items for a free member: their hidden "(locked)" words used to stretch the page.
      await page.getByRole("list", { name: "Recommendations" }).waitFor();
      const { pageEnd, footerEnd } = await page.evaluate(() => ({
        pageEnd: document.documentElement.scrollHeight,
        footerEnd: document.querySelector("main ~ footer")!.getBoundingClientRect().bottom + window.scrollY,
      }));
      expect(pageEnd - footerEnd, `${width} px`).toBeLessThanOrEqual(1);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    }
  });
});

describe("a form asked too often", () => {
  it("shows the server's message above the registration form, with the Retry-After wait, and no toast", async () => {
    const { page, problems, context } = await newVisit(browser, 390);
    await page.route(
      (url) => url.pathname === "/api/v1/user",
      (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 429,
              headers: { "content-type": "application/json", "retry-after": "120" },
              body: JSON.stringify({ message: "Too many requests. Please wait a moment and try again." }),
            })
          : route.continue(),
    );
    await page.goto("/create-account");
    await page.getByLabel("First Name").fill("Maya");
    await page.getByLabel("Email").fill(`maya.${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("a calm long password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    const notice = page.getByRole("form", { name: "Sign up" }).getByRole("alert");
    await notice.waitFor();
    expect(await notice.textContent()).toBe("Too many requests. Please wait a moment and try again. You can try again in 2 minutes.");
    // Said once, in the form: no error toast (also an alert) repeats it.
    expect(await page.getByRole("alert").filter({ hasText: "Too many requests" }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/create-account");
    expect(problems.filter((problem) => !/429|Too Many Requests/i.test(problem))).toEqual([]);
    await context.close();
  });
});
