import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, playsPast, registerMember } from "./browser";
import { singleItem, unexpected } from "./demo";

/** A free single item with audio. */
const freeItem = singleItem((item) => item.free && Boolean(item.media?.audio_male));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const profileTab = (page: Page, name: string) => page.getByRole("navigation", { name: "Profile" }).getByRole("link", { name, exact: true });
const badgeToast = (page: Page, name: string) => page.getByRole("link", { name: `Badge earned: ${name}` });
/** The figure a dashboard tile shows under its label. */
const figure = (page: Page, label: string) =>
  page
    .locator("dl div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .first()
    .textContent();

describe("the member's own space", () => {
  it("plays, favourites, shares and writes a note, then sees the figures, the pictures and the badges; deletes the note", async () => {
    const { page, problems, context } = await newVisit(browser, 1280, { t: await registerMember("Iris") });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

    // A new member: an invitation instead of zeros, and an encouraging line above outlined badges.
    await page.goto("/profile");
    await page.waitForURL("**/profile/dashboard");
    await page.getByRole("heading", { name: "Your practice will grow here" }).waitFor();
    expect(await page.getByRole("heading", { name: "My Progress" }).count()).toBe(0);
    await profileTab(page, "Achievements").click();
    await page.getByText("0 of 14 received").waitFor();
    expect(await page.locator("li[data-received=true]").count()).toBe(0);

    // Play a session to its end: reported with the member's time zone.
    await page.goto(`/${freeItem.model}/${freeItem.id}`);
    await page.getByRole("heading", { level: 1, name: freeItem.name }).waitFor();
    await page.getByRole("group", { name: "Player" }).getByRole("button", { name: "Play" }).click();
    await playsPast(page, 0.5);
    const reported = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v1/user/sessions",
    );
    await page.getByRole("slider", { name: "Seek" }).focus();
    await page.keyboard.press("End");
    const report = await reported;
    expect(report.ok()).toBe(true);
    expect(new URL(report.url()).searchParams.get("tz")).toBe(zone);

    // A favourite earns a badge: a toast with the badge, leading to the achievements.
    await page.getByRole("button", { name: "Favourite", exact: true }).click();
    await badgeToast(page, "First Favourite").waitFor();
    expect(await badgeToast(page, "First Favourite").getAttribute("href")).toBe("/profile/achievements");

    // Copying the link records a share.
    const shared = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v1/user/shares",
    );
    await page.getByRole("button", { name: "Copy link" }).click();
    expect((await shared).ok()).toBe(true);
    await badgeToast(page, "Kind Sharer").waitFor();

    // A note: 'No notes found', then written, opened, and earning its badge.
    await page.goto("/profile/notes");
    await page.getByText("No notes found", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Add note" }).click();
    await page.waitForURL("**/profile/notes/create");
    await page.getByRole("button", { name: "Save note" }).click();
    await page.getByText("The title field is required.").waitFor();
    await page.getByLabel("Title").fill("After my first session");
    await page.getByLabel("Your note").fill("Shoulders softer.\nBreath slower by the end.");
    await page.getByRole("button", { name: "Save note" }).click();
    await page.waitForURL(/\/profile\/notes\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "After my first session" }).waitFor();
    expect(await page.getByText(/Shoulders softer/).textContent()).toBe("Shoulders softer.\nBreath slower by the end.");
    await badgeToast(page, "Note Taker").waitFor();

    // The dashboard: figures in 'My Progress' and 'My Streaks', the 30 days and the year.
    await profileTab(page, "Dashboard").click();
    await page.getByRole("heading", { name: "My Progress" }).waitFor();
    expect(await figure(page, "Total Sessions")).toBe("1");
    expect(await figure(page, "Mindful Days")).toBe("1");
    expect(await figure(page, "Current longest streak (days)")).toBe("1");
    await page.getByRole("heading", { name: "My Streaks" }).waitFor();
    const chart = page.getByRole("img", { name: /^Minutes per day, last 30 days/ });
    expect(await chart.locator("rect").count()).toBe(30);
    const calendar = page.getByRole("img", { name: /^Practice days from/ });
    expect(await calendar.locator("rect[data-date]").count()).toBe(365);
    const today = await page.evaluate(() => new Intl.DateTimeFormat("en-CA").format(new Date()));
    expect(await calendar.locator(`rect[data-date="${today}"]`).count()).toBe(1);
    expect(await chart.locator("rect").last().getAttribute("data-date")).toBe(today);
    expect(await page.locator("figure blockquote").textContent()).not.toBe("");

    // The achievements: the latest highlighted, the earned ones in colour.
    await profileTab(page, "Achievements").click();
    await page.getByText("Your latest badge").waitFor();
    for (const name of ["First Favourite", "Kind Sharer", "Note Taker"]) {
      expect(await page.locator("li", { has: page.getByRole("heading", { name, exact: true }) }).getAttribute("data-received"), name).toBe(
        "true",
      );
    }
    expect(await page.locator("li[data-received=false]").count()).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "Note Taker" }).count()).toBe(1);

    // Deleting the note asks first, then says so and returns to the empty list.
    await profileTab(page, "Notes").click();
    await page.getByRole("link", { name: /After my first session/ }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Successfully deleted").waitFor();
    await page.waitForURL((url) => url.pathname === "/profile/notes");
    await page.getByText("No notes found", { exact: true }).waitFor();

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("keeps a phone's profile in reach: the lit tab in view and a friendly not-found for an unknown note", async () => {
    const { page, problems, context } = await newVisit(browser, 390, { t: await registerMember("Leo") });
    await page.goto("/profile/notes/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "We could not find this note" }).waitFor();
    const notesTab = profileTab(page, "Notes");
    expect(await notesTab.getAttribute("aria-current")).toBe("page");
    expect(await notesTab.isVisible()).toBe(true);
    const box = (await notesTab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
