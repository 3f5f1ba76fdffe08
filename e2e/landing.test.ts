import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

describe("landing page", () => {
  it("shows every section in the order of the spec, with the landing claims", async () => {
    const { page, problems, context } = await newVisit(browser);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // Read the headings once the last section is there.
    await page.locator("main h2", { hasText: /^Ready to feel calmer\?$/i }).waitFor();
    const headings = await page.locator("main h1, main h2").allInnerTexts();
    const order = [
      "Find your calm in just 10 minutes a day",
      "AS SEEN ON",
      "How it works",
      "Your Greatest Weapon Against Stress & Negative Thoughts",
      "Mindfulness, CBT and sound, woven into one plan",
      "What changes when you practise",
      "2,003,459 happy users",
      "Ready to feel calmer?",
    ];
    const positions = order.map((title) => headings.findIndex((text) => text.trim().toLowerCase() === title.toLowerCase()));
    expect(
      positions.every((position) => position >= 0),
      JSON.stringify(headings),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    await page.getByText("Trusted by over 2 million people").waitFor();
    await page.getByText("98%").first().waitFor();
    await page.getByText("1000+").first().waitFor();
    await expect.poll(() => page.locator("main section[aria-label='Content types'] li:not([aria-hidden])").count()).toBe(9);
    await expect
      .poll(() =>
        page
          .getByRole("img", { name: /The Daily Mind|Wellness Weekly|The Calm Post|Modern Health Review|Sleep Journal|Mindful Times/ })
          .count(),
      )
      .toBe(6);
    await expect.poll(() => page.locator("main ol li h3").allInnerTexts()).toHaveLength(4);
    await expect.poll(() => page.locator("blockquote").count()).toBe(3);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends every 'Start my quiz' button to /quiz", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const buttons = page.getByRole("link", { name: "Start my quiz" });
    await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(3);
    for (const href of await buttons.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      expect(href).toBe("/quiz");
    }
    await buttons.last().click();
    await page.waitForURL("**/quiz");
    await context.close();
  });

  it("shows the message query parameter as an info notice", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/?message=Your%20account%20was%20removed.");
    await page.getByRole("status").filter({ hasText: "Your account was removed." }).waitFor();
    await context.close();
  });

  it("clears the stored quiz flag when the visitor clicks Login", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/");
    await page.evaluate(() => window.localStorage.setItem("quiz", "1"));
    // The prerendered link is a plain link until the app's code has run: the flag is cleared by the app's own link.
    await page.waitForFunction(() => {
      const link = document.querySelector("header a[href='/login']");
      return link !== null && Object.keys(link).some((key) => key.startsWith("__reactFiber$"));
    });
    await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
    await page.waitForURL("**/login");
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("quiz"))).toBeNull();
    await context.close();
  });

  it("scrolls the carousels continuously at the spec's speed, widths and gap", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const tracks = page.locator("section[aria-roledescription='carousel'] ul");
    await expect.poll(() => tracks.count()).toBe(3);
    const measure = () =>
      tracks.evaluateAll((lists) =>
        lists.map((list) => {
          const style = getComputedStyle(list);
          const slide = list.querySelector("li")!;
          const visible = list.querySelectorAll("li:not([aria-hidden])").length;
          return {
            duration: style.animationDuration,
            gap: style.columnGap,
            width: slide.getBoundingClientRect().width,
            perSlide: parseFloat(style.animationDuration) / visible,
            running: style.animationPlayState,
          };
        }),
      );
    // The app takes over the prerendered page once its code has run, restarting the tracks: measure
    // React's own tracks (the server's painted ones carry no React fiber), not the ones it replaces.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll("section[aria-roledescription='carousel'] ul")).every((list) =>
        Object.keys(list).some((key) => key.startsWith("__reactFiber$")),
      ),
    );
    await expect.poll(async () => (await measure()).map((fact) => fact.width)).toEqual([200, 200, 224]);
    for (const fact of await measure()) {
      expect(fact.gap).toBe("24px");
      expect(fact.perSlide).toBeCloseTo(3.5, 5);
      expect(fact.running).toBe("running");
    }
    // The track moves on its own: wait until it has moved left, not for a fixed time.
    const x1 = await tracks.first().evaluate((list) => list.getBoundingClientRect().x);
    await expect.poll(() => tracks.first().evaluate((list) => list.getBoundingClientRect().x)).toBeLessThan(x1);
    await context.close();
  });

  it("links the footer to login, terms, privacy policy and FAQ", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const hrefOf = (name: string) => footer.getByRole("link", { name, exact: true }).getAttribute("href");
    expect(await hrefOf("Login To Web App")).toBe("/login");
    expect(await hrefOf("Terms of Service")).toBe("/terms-of-service");
    expect(await hrefOf("Privacy Policy")).toBe("/privacy-policy");
    expect(await hrefOf("FAQ")).toBe("/faq");
    await expect.poll(() => footer.getByRole("link", { name: "Download on the App Store" }).count()).toBe(1);
    await expect.poll(() => footer.getByRole("link", { name: "Instagram" }).count()).toBe(1);
    await context.close();
  });

  it("records a first-party page view through the API", async () => {
    const { page, context } = await newVisit(browser);
    const event = page.waitForRequest((request) => request.url().includes("/api/v1/events") && request.method() === "POST");
    await page.goto("/faq");
    const request = await event;
    expect(request.postDataJSON()).toMatchObject({ name: "page_view", path: "/faq" });
    expect((await request.response())?.status()).toBe(202);
    await context.close();
  });
});

describe("navigation rules", () => {
  it("sends a logged-in member from the landing page to /home with the same query string", async () => {
    const { page, context } = await newVisit(browser, 1280, { t: "some-token" });
    await page.goto("/?message=hello");
    await page.waitForURL((url) => url.pathname === "/home" && url.search === "?message=hello");
    await context.close();
  });

  it("sends a visitor on a members' page to /login, remembering where they wanted to go", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/profile/library");
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirect") === "/profile/library");
    await context.close();
  });

  it("resets the scroll position after each navigation", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
    await page.waitForURL("**/faq");
    await page.getByRole("heading", { name: "Frequently asked questions" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
