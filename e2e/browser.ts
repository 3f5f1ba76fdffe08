import { generate } from "otplib";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject, vi } from "vitest";
import { journeyChromium } from "../scripts/ensure-chromium.mjs";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let workerBrowser: Promise<Browser> | undefined;

/**
 * This journey worker's browser, Debian's Chromium headless shell where it is installed (decision 064): started by
 * the first file the worker runs and shared by the files after it (the e2e project shares modules within a worker),
 * so Chromium starts once per worker, not once per file.
 * Nothing carries over between files: every visit is a fresh context (its own storage, cookies and cache).
 * Files never close it; it ends with the worker (Playwright closes the browsers a process started when it exits).
 */
export const launch = (): Promise<Browser> =>
  (workerBrowser ??= chromium.launch({ executablePath: journeyChromium(), args: CHROMIUM_ARGS }));

export const baseUrl = () => inject("baseUrl");

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Console errors and Content-Security-Policy violations seen so far. */
  problems: string[];
}

export interface VisitOptions {
  /** The server to visit; the journeys' shared one unless said. */
  server?: string;
  /**
   * "block" (the default): the app's service worker does not start, so page.route sees every request
   * (it cannot see what a worker fetches). Only the offline journey allows it.
   */
  serviceWorkers?: "allow" | "block";
}

/** A fresh browser context (empty storage) at a given width, collecting console errors. */
export async function newVisit(
  browser: Browser,
  width = 1280,
  storage: Record<string, string> = {},
  { serviceWorkers = "block", server = baseUrl() }: VisitOptions = {},
): Promise<Visit> {
  const context = await browser.newContext({
    baseURL: server,
    viewport: { width, height: width < 600 ? 844 : 800 },
    deviceScaleFactor: 1,
    serviceWorkers,
  });
  if (Object.keys(storage).length > 0) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

let members = 0;

/** A new member registered through the API (POST /user); answers their session token. */
export async function registerMember(name = "Maya"): Promise<string> {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}.${++members}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const response = await fetch(`${baseUrl()}/api/v1/user`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name, email, password: "quiet evening walk 42", phone: "", platform: "web" }),
  });
  const body = (await response.json()) as { token: string | null };
  if (!response.ok || !body.token) throw new Error(`registration failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** The media element with this test id (the player's voice by default) is playing past `after` seconds. */
export async function playsPast(page: Page, after: number, testId = "player-media"): Promise<void> {
  await page.waitForFunction(
    ({ id, time }) => {
      const element = document.querySelector<HTMLMediaElement>(`[data-testid="${id}"]`);
      return Boolean(element && !element.paused && element.currentTime > time);
    },
    { id: testId, time: after },
    { timeout: 20_000 },
  );
}

/** Every sound of the Sounds mixer (`count` of them) is playing past `after` seconds. */
export async function mixPlaysPast(page: Page, count: number, after: number): Promise<void> {
  await page.waitForFunction(
    ({ count, after }) => {
      const layers = [...document.querySelectorAll<HTMLMediaElement>('[data-testid="mixer-layer"]')];
      return layers.length === count && layers.every((layer) => !layer.paused && layer.currentTime > after);
    },
    { count, after },
    { timeout: 20_000 },
  );
}

/** Presses Play on the item page that is open and waits until its media really plays (it has moved past 0.3 s). */
export async function playToSound(page: Page): Promise<void> {
  await page.getByRole("group", { name: "Player" }).getByRole("button", { name: "Play" }).click();
  await playsPast(page, 0.3);
}

/** Stripe's test cards, as a person types them. */
/** Waits until the page has stopped scrolling: the same scroll position over two animation frames. */
export async function untilScrollSettles(page: Page): Promise<void> {
  const still = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const at = window.scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === at)));
        }),
    );
  await expect.poll(still, { timeout: 5_000 }).toBe(true);
}

export const CARDS = { succeeds: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", needsApproval: "4000 0027 6000 3184" };

/** Fills the open payment dialog's card form and presses the buy button. */
export async function payByCard(page: Page, number: string) {
  const dialog = page.getByRole("dialog", { name: "Select payment method" });
  await dialog.getByText("Credit card").click();
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiry").fill("12 / 34");
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: "Try Serene now" }).click();
}

/** The signed-in member's subscription type (null when free), read from the API with the page's token. */
export async function subscriptionType(page: Page, server = baseUrl()): Promise<string | null> {
  const token = await page.evaluate(() => window.localStorage.getItem("t"));
  const response = await fetch(`${server}/api/v1/user/account-status`, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { subscription_type: string | null }).subscription_type;
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The newest e-mail to an address whose subject matches, waiting for it to be written. */
export function mailTo(to: string, subject: RegExp, server = baseUrl()): Promise<OutboxMessage> {
  return vi.waitFor(
    async () => {
      const messages = (await (await fetch(`${server}/dev/outbox.json`)).json()) as OutboxMessage[];
      const found = messages.find((message) => message.to === to && subject.test(message.subject));
      if (!found) throw new Error(`no e-mail to ${to} matching ${subject}: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`);
      return found;
    },
    { timeout: 15_000, interval: 250 },
  );
}

/** The address of the link in an e-mail whose path starts with `prefix`, as a path on this server. */
export function linkIn(message: OutboxMessage, prefix: string): string {
  const links = message.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.map((href) => new URL(href)).find((url) => url.pathname.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in: ${message.text}`);
  return `${link.pathname}${link.search}`;
}

/**
 * Someone invited to the console follows the e-mail's link in `page`: their name and password, then two-factor
 * sign-in (a wrong code first, which is refused, then the app's code), then the recovery codes kept. Answers
 * the sign-in key their authenticator app holds.
 */
export async function joinStaff(page: Page, link: string, person: { email: string; role: string; name: string; password: string }) {
  await page.goto(link);
  await page.getByText(`You are invited as ${person.role} with ${person.email}.`).waitFor();
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Choose a password").fill(person.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("img", { name: "QR code of the console's sign-in key" }).waitFor();
  const secret = (await page.getByLabel("Sign-in key", { exact: true }).textContent())!.replace(/\s+/g, "");
  await page.getByLabel("The six digits the app shows").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.getByText(/That code is not right/).waitFor();
  await page.getByLabel("The six digits the app shows").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  await page.getByRole("button", { name: "I have kept them" }).click();
  await page.getByRole("heading", { level: 1, name: "Console" }).waitFor();
  return secret;
}

/** Thirty seconds: one step of an authenticator app's codes. */
const TOTP_STEP_MS = 30_000;

/**
 * Signs a member of staff in to the console at the page's server: the password, then the code their
 * authenticator app shows now. Each step's code is taken once per account, so when another journey
 * signed the same account in during this step, the next step's code is used once the app shows it.
 */
export async function signInToConsole(page: Page, account: { email: string; password: string; secret: string }): Promise<void> {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Continue" }).click();
  for (let attempt = 0; attempt < 3; attempt++) {
    const step = Math.floor(Date.now() / TOTP_STEP_MS);
    await page.getByRole("textbox", { name: "Code" }).fill(await generate({ secret: account.secret, epoch: (step * TOTP_STEP_MS) / 1000 }));
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/admin/sign-in/verify");
    await page.getByRole("button", { name: "Sign in" }).click();
    if ((await answered).ok()) {
      await page.waitForURL((url) => url.pathname === "/admin");
      return;
    }
    await vi.waitFor(
      () => {
        if (Math.floor(Date.now() / TOTP_STEP_MS) <= step) throw new Error("the app still shows the code that was taken");
      },
      { timeout: TOTP_STEP_MS + 5_000, interval: 250 },
    );
  }
  throw new Error(`${account.email} could not sign in to the console`);
}
