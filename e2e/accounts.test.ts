import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, linkIn, mailTo, newVisit } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

let counter = 0;
/** A fresh address per journey, so journeys never meet. */
const newEmail = (who = "maya") => `${who}.${Date.now().toString(36)}.${++counter}@example.com`;
const PASSWORD = "quiet evening walk 42";

/** The session token the web app keeps in local storage. */
const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem("t"));

/** Console errors except the browser's own note about a 4xx answer the page expected. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes("Failed to load resource"));

async function register(page: Page, { name = "Maya", email = newEmail(), password = PASSWORD, path = "/create-account" } = {}) {
  await page.goto(path);
  await page.getByLabel("First Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  return email;
}

async function logIn(page: Page, email: string, password = PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

async function logOut(page: Page) {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** The greeting of /home, once the member's name has arrived. */
const greeting = (page: Page, name: string | RegExp = /\S/) =>
  page.getByRole("heading", { level: 1, name: new RegExp(`Good Morning,\\s*${typeof name === "string" ? name : name.source}`) });

describe("registration, log out and log in", () => {
  it("registers, greets the member by name, logs out and logs back in", async () => {
    const { page, problems, context } = await newVisit(browser);
    const email = await register(page, { name: "Maya" });
    await page.waitForURL("**/home");
    // A plain registration: /home offers the packages after registration once.
    const offer = page.getByRole("dialog", { name: "Unlock everything in Serene" });
    await offer.getByRole("radio").first().waitFor();
    await offer.getByRole("button", { name: "Not now" }).click();
    await offer.waitFor({ state: "hidden" });
    await greeting(page, "Maya").waitFor();
    await expect.poll(() => storedToken(page)).toBeTruthy();

    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByText(`${email}`).waitFor();
    await page.getByText("Version 1.00 (2345)").waitFor();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => storedToken(page)).toBeNull();

    // A member's page now asks for a login, and comes back after it.
    await page.goto("/settings");
    await page.waitForURL("**/login?redirect=%2Fsettings");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL((url) => url.pathname === "/settings");
    await page.getByText("Logged in as").waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("shows the first message under the fields of a failed login", async () => {
    const { page, context } = await newVisit(browser, 390);
    await logIn(page, newEmail("nobody"), "not the password");
    const error = page.locator("#main [role=alert]").first();
    await error.waitFor();
    await expect.poll(() => page.locator("#main [role=alert] li").count()).toBeGreaterThanOrEqual(1);
    expect(await storedToken(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  it("stops a second registration of the same address with the server's notice", async () => {
    const { page, context } = await newVisit(browser);
    const email = await register(page);
    await page.waitForURL("**/home");
    await logOut(page);
    await register(page, { email, path: "/create-email-account" });
    const notice = page.getByRole("alert").filter({ hasText: /./ }).first();
    await notice.waitFor();
    await expect.poll(async () => (await notice.innerText()).length).toBeGreaterThan(5);
    expect(new URL(page.url()).pathname).toBe("/create-email-account");
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it("sends a visitor with an ended session to log in", async () => {
    const { page, context } = await newVisit(browser, 1280, { t: "not-a-real-token" });
    await page.goto("/settings/account");
    await page.waitForURL("**/login?redirect=%2Fsettings%2Faccount");
    await expect.poll(() => storedToken(page)).toBeNull();
    await context.close();
  });
});

describe("passwords", () => {
  it("changes the password in settings; the new one logs in", async () => {
    const { page, context } = await newVisit(browser);
    const email = await register(page);
    await page.waitForURL("**/home");
    await page.goto("/settings");
    await page.getByRole("link", { name: "Change Password" }).click();
    await page.waitForURL("**/settings/change-password");

    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("a brand new calm phrase");
    await page.getByRole("button", { name: "Update password" }).click();
    await page.locator("#main [role=alert]").first().waitFor();

    const alert = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => void dialog.accept().then(() => resolve(dialog.message()))),
    );
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("a brand new calm phrase");
    await page.getByRole("button", { name: "Update password" }).click();
    expect(await alert).toBe("Success update password!");

    await page.getByRole("link", { name: "Settings" }).first().click();
    await logOut(page);
    await logIn(page, email, "a brand new calm phrase");
    await page.waitForURL("**/home");
    await context.close();
  });

  it("recovers a forgotten password through the e-mailed link", async () => {
    const { page, context } = await newVisit(browser, 390);
    const email = await register(page);
    await page.waitForURL("**/home");
    await logOut(page);

    await page.goto("/login");
    await page.getByRole("link", { name: "Password forgotten?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your inbox").waitFor();

    const link = linkIn(await mailTo(email, /reset/i), "/password/reset");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("morning light again 7");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL("**/home");
    await greeting(page).waitFor();

    await logOut(page);
    await logIn(page, email, "morning light again 7");
    await page.waitForURL("**/home");
    await context.close();
  });
});

describe("an address someone else registered first (decision 050)", () => {
  it("the owner takes it back with a reset, and the other person's password and session stop working", async () => {
    const email = newEmail("owner");
    // Someone else registers the owner's address with their own password, from elsewhere.
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${baseUrl()}/api/v1/${path}`, {
        ...init,
        headers: { accept: "application/json", "content-type": "application/json", ...(init.headers ?? {}) },
      });
    const taken = await api("user", { method: "POST", body: JSON.stringify({ name: "Not Maya", email, password: "borrowed address 77" }) });
    const attackerToken = ((await taken.json()) as { token: string }).token;
    expect(attackerToken).toBeTruthy();

    // The owner tries to sign up and is told the address has an account.
    const { page, context, problems } = await newVisit(browser, 390);
    await register(page, { name: "Maya", email });
    await page.getByText("An account with this e-mail address already exists. Please log in.").waitFor();

    // The reset link reaches only the owner's inbox.
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your inbox").waitFor();
    await page.goto(linkIn(await mailTo(email, /reset/i), "/password/reset"));
    await page.getByLabel("New password", { exact: true }).fill("my own quiet phrase 9");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL("**/home");

    // Nothing the other person held still works.
    expect((await api("user", { headers: { authorization: `Bearer ${attackerToken}` } })).status).toBe(401);
    const again = await api("user/token", {
      method: "POST",
      body: JSON.stringify({ login: email, password: "borrowed address 77", device_name: "web" }),
    });
    expect(again.status).toBe(422);
    // The owner's own password works, and the account's e-mail is theirs to change.
    await logOut(page);
    await logIn(page, email, "my own quiet phrase 9");
    await page.waitForURL("**/home");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe("account settings", () => {
  it("renames the member and confirms a new e-mail address through its link", async () => {
    const { page, context } = await newVisit(browser);
    const email = await register(page, { name: "Maya" });
    await page.waitForURL("**/home");
    // The welcome link, followed in the same browser, proves the address: only then may it move (decision 050).
    await page.goto(linkIn(await mailTo(email, /welcome/i), "/authorization"));
    await page.waitForURL("**/home");
    await page.goto("/settings/account");
    const name = page.getByLabel("Name");
    await expect.poll(() => name.inputValue()).toBe("Maya");
    await name.fill("Maya Stone");
    const newAddress = newEmail("maya.new");
    await page.getByLabel("Email").fill(newAddress);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Successfully updated!").waitFor();
    await page.getByText(/We sent a confirmation link to/).waitFor();

    await page.goto(linkIn(await mailTo(newAddress, /confirm/i), "/confirm-email/"));
    await page.getByText("Your e-mail address is confirmed").waitFor();
    await page.goto("/settings");
    await page.getByText(newAddress).waitFor();
    await page.goto("/home");
    await greeting(page, "Maya Stone").waitFor();
    await context.close();
  });
});

describe("account removal", () => {
  it("requests the removal and confirms it through the e-mailed link", async () => {
    const { page, context } = await newVisit(browser);
    const email = await register(page);
    await page.waitForURL("**/home");
    await logOut(page);

    await page.goto("/data-removal");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Submit removal request" }).click();
    await page
      .getByText("We have sent you an email. Please click on the link in the email to confirm your account removal request.")
      .waitFor();

    await page.goto(linkIn(await mailTo(email, /removal/i), "/confirm-remove/"));
    await page.getByText("Your request has been successfully confirmed").waitFor();
    await page.getByText("Your account and all related data will be deleted within 5 days.").waitFor();
    await context.close();
  });

  it("says when a confirmation link is not valid", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/confirm-remove/not-a-real-code");
    await page.getByText("An error occurred while confirming your request").waitFor();
    await context.close();
  });
});

describe("sign-in with a provider (sandbox)", () => {
  const providers = [
    { button: "Continue with Google", person: "Maya Green" },
    { button: "Continue with Apple", person: "Theo Apple" },
    { button: "Continue with Facebook", person: "Lena Brooks" },
  ];
  for (const { button, person } of providers) {
    it(`${button}: signs in and lands home`, async () => {
      const { page, problems, context } = await newVisit(browser);
      await page.goto("/login");
      await page.getByRole("button", { name: button }).click();
      await page.waitForURL("**/sandbox/identity/**");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL("**/home");
      await greeting(page, person.split(" ")[0]!).waitFor();
      expect(await page.evaluate(() => window.sessionStorage.getItem("social-sign-in"))).toBeNull();
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  }

  it("continues to the redirect of the page that started the sign-in", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/login?redirect=%2Fsettings%2Faccount");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/settings/account");
    await context.close();
  });

  it("says so when Facebook login is cancelled and returns to the page that started it", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/create-account?vsl_id=4");
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("User cancelled login or did not fully authorize.").waitFor();
    await page.waitForURL("**/create-account?vsl_id=4");
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it("returns quietly when Google sign-in is cancelled", async () => {
    const { page, context } = await newVisit(browser);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await context.close();
  });
});

describe("small screens", () => {
  it("never scroll sideways at 390 px", async () => {
    const { page, context } = await newVisit(browser, 390);
    for (const path of [
      "/login",
      "/create-account",
      "/create-email-account",
      "/forgot-password",
      "/password/reset?token=a&email=b%40c.d",
      "/data-removal",
    ]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await register(page);
    await page.waitForURL("**/home");
    for (const path of ["/home", "/settings", "/settings/account", "/settings/change-password", "/settings/help-support"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
