import { generate } from "otplib";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, joinStaff, launch, linkIn, mailTo, newVisit, registerMember, signInToConsole } from "./browser";

/**
 * The operator console (decision 067): the demo owner signs in with a password and a code, invites a
 * support member by e-mail, who sets up two-factor sign-in from the link, keeps the recovery codes and
 * works in the rooms of their role (finding members, granting a complimentary month the member's app shows);
 * the owner finds both steps in the audit log.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const OWNER = { email: "owner@serene.example", password: "calm-harbour-console" };
/** The six digits an authenticator app shows, a step (30 s) ahead when `ahead`: a code is taken once. */
const codeFor = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

async function signIn(page: Page, email: string, password: string, code: string) {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

describe("the operator console", () => {
  it("lets an owner invite a support member, who sets up two-factor sign-in, sees only their rooms, finds members and grants a complimentary month", async () => {
    const ownerSecret = inject("demoOwnerSecret");
    expect(ownerSecret, "the demo owner's secret in the start-up log").toMatch(/^[A-Z2-7]{16,}$/);
    const owner = await newVisit(browser);
    await signInToConsole(owner.page, { ...OWNER, secret: ownerSecret });
    await owner.page.getByRole("heading", { level: 1, name: "Console" }).waitFor();
    const ownerNav = owner.page.getByRole("navigation", { name: "Console" });
    expect(await ownerNav.getByRole("link").allTextContents()).toEqual([
      "Overview",
      "Members",
      "Content",
      "Business",
      "Staff",
      "Audit log",
      "My sessions",
    ]);

    const email = `support.${Date.now().toString(36)}@example.com`;
    await ownerNav.getByRole("link", { name: "Staff" }).click();
    const invite = owner.page.getByRole("form", { name: "Invite to the staff" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Role").selectOption("support");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await owner.page.getByText(`Invitation sent to ${email}`).waitFor();
    await owner.page.getByRole("cell", { name: new RegExp(email) }).waitFor();

    // The invitee, in another browser, from the e-mail.
    const link = linkIn(await mailTo(email, /invited to the Serene console/), "/admin/invitation");
    const support = await newVisit(browser);
    const secret = await joinStaff(support.page, link, { email, role: "support", name: "Sasha", password: "a calm support password" });
    const supportNav = support.page.getByRole("navigation", { name: "Console" });
    expect(await supportNav.getByRole("link").allTextContents()).toEqual(["Overview", "Members", "My sessions"]);
    await support.page.getByText("Refund charges and grant complimentary premium").waitFor();
    // Support finds the premium demo member and reads their page.
    await supportNav.getByRole("link", { name: "Members" }).click();
    await support.page.getByLabel("Name, e-mail address or id").fill("premium@serene");
    await support.page.getByRole("button", { name: "Find" }).click();
    await support.page.getByRole("link", { name: "Sam" }).click();
    await support.page.getByRole("heading", { level: 2, name: "Sam" }).waitFor();
    const subscriptions = support.page.getByRole("region", { name: "Subscriptions" });
    await subscriptions.getByRole("cell", { name: "active" }).waitFor();
    await support.page.getByRole("region", { name: "Badges" }).getByRole("row").nth(1).waitFor();
    // Support gives a new member a complimentary month: the member's app says until when.
    const memberToken = await registerMember("Rowan");
    const me = (await (
      await fetch(`${baseUrl()}/api/v1/user`, { headers: { authorization: `Bearer ${memberToken}`, accept: "application/json" } })
    ).json()) as { email?: string; data?: { email: string } };
    const memberEmail = me.email ?? me.data!.email;
    await supportNav.getByRole("link", { name: "Members" }).click();
    await support.page.getByLabel("Name, e-mail address or id").fill(memberEmail);
    await support.page.getByRole("button", { name: "Find" }).click();
    await support.page.getByRole("link", { name: "Rowan" }).click();
    const grant = support.page.getByRole("form", { name: "Grant complimentary premium" });
    await grant.getByLabel("Reason (kept in the audit log)").fill("A month to settle in, after a billing mix-up.");
    await grant.getByRole("button", { name: "Grant" }).click();
    await support.page.getByText(/^Rowan has premium until /).waitFor();
    await support.page
      .getByRole("region", { name: "Subscriptions" })
      .getByRole("cell", { name: /Complimentary premium/ })
      .waitFor();
    await mailTo(memberEmail, /^Premium is on us until/);
    // Rowan did not see it: support sends it again.
    await support.page.getByRole("button", { name: /^Send "Premium is on us until .*" again$/ }).click();
    await support.page.getByText(/^"Premium is on us until .*" was sent again to /).waitFor();
    const rowan = await newVisit(browser, 1280, { t: memberToken });
    await rowan.page.goto("/settings/subscription");
    await rowan.page.getByRole("heading", { level: 2, name: "Complimentary premium" }).waitFor();
    const accessUntil = rowan.page.locator("dl > div", { has: rowan.page.locator('dt:text-is("Access until")') }).locator("dd");
    expect(await accessUntil.innerText()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await rowan.page.locator('dt:text-is("Renews on")').count()).toBe(0);
    // A room of another role says so, and the server refuses its calls.
    await support.page.goto("/admin/audit");
    await support.page.getByText("Your role does not open this room.").waitFor();

    // Signed out, then in again with the password and the app's next code.
    await support.page.getByRole("button", { name: "Sign out" }).click();
    await support.page.waitForURL((url) => url.pathname === "/admin/sign-in");
    await signIn(support.page, email, "a calm support password", await codeFor(secret, 1));
    await support.page.getByRole("heading", { level: 1, name: "Console" }).waitFor();

    // The owner reads the business: the 30 days to today, one row each.
    await ownerNav.getByRole("link", { name: "Business" }).click();
    await owner.page.getByRole("region", { name: "Plans giving access now" }).waitFor();
    await expect.poll(() => owner.page.getByRole("region", { name: "By day" }).getByRole("row").count()).toBe(31);
    expect(await supportNav.getByRole("link", { name: "Business" }).count()).toBe(0);

    // The owner finds both steps in the audit log.
    await ownerNav.getByRole("link", { name: "Audit log" }).click();
    const rows = owner.page.getByRole("row");
    await owner.page.getByRole("cell", { name: /staff\.joined/ }).waitFor();
    expect(await rows.filter({ hasText: "staff.invited" }).filter({ hasText: OWNER.email }).count()).toBeGreaterThan(0);
    expect(await rows.filter({ hasText: "staff.joined" }).filter({ hasText: email }).count()).toBe(1);
    expect(owner.problems.filter((problem) => !problem.includes("Failed to load resource"))).toEqual([]);
    expect(support.problems.filter((problem) => !problem.includes("Failed to load resource"))).toEqual([]);
  });
});
