import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, joinStaff, launch, mailTo, signInToConsole } from "./browser";
import { repoRoot, scratchDatabase, startServer, type RunningServer } from "./server";

/**
 * Support and money in the console (decision 068): support finds a member and refunds part of a card
 * charge and the whole of a wallet charge; each member gets the e-mail and sees their receipts change.
 * Then, on a server of its own on PostgreSQL: a card purchase left stuck in processing by a process that
 * stopped right after the card was charged, which support clears so the member has what they paid for; and an
 * analyst invited from the command line who reads a scripted day on the dashboard, its funnel the same as
 * `npm run report:funnels` prints (decision 069).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const OWNER = { email: "owner@serene.example", password: "calm-harbour-console" };
let made = 0;

/** A browser context on `server`, collecting console errors. */
async function visit(server: string, width = 1280, token?: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server, viewport: { width, height: 800 }, serviceWorkers: "block" });
  if (token) await context.addInitScript((value) => window.localStorage.setItem("t", value), token);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("Failed to load resource")) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

async function call(server: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    redirect: "manual",
    headers: {
      accept: "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get("location"), json: (text ? JSON.parse(text) : {}) as Record<string, string> };
}

/** A member registered through the API: their e-mail and session token. */
async function member(server: string, name: string) {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}.${++made}@example.com`;
  const res = await call(server, "/api/v1/user", { body: { name, email, password: "quiet evening walk 42", phone: "", platform: "web" } });
  expect(res.status).toBe(200);
  return { email, token: res.json.token! };
}

/** A plan (the monthly one unless said) bought by card (4242) through the sandbox card processor, as the card form does. */
async function buyByCard(server: string, token: string, packageId = 1) {
  const intent = await call(server, "/api/v1/stripe/setup-intent", { token });
  const confirmed = await call(server, "/api/v1/sandbox/card/confirm", {
    body: { client_secret: intent.json.client_secret, number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "123" },
  });
  const bought = await call(server, "/api/v1/stripe/payment-method", {
    token,
    body: { payment_method: confirmed.json.payment_method, package_id: packageId },
  });
  expect(bought.status, JSON.stringify(bought.json)).toBe(200);
}

/** The monthly plan bought through the sandbox wallet: its checkout, the approval page, and the return. */
async function buyByWallet(server: string, token: string) {
  const checkout = await call(server, "/api/v1/paypal/subscription?package_id=11", { token });
  const approved = await fetch(`${server}${checkout.json.url_to_redirect}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "decision=approve",
  });
  const query = Object.fromEntries(new URL(approved.headers.get("location")!, server).searchParams);
  expect((await call(server, "/api/v1/paypal/success-transaction", { token, body: query })).status).toBe(200);
}

async function openMember(page: Page, email: string, name: string) {
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name }).click();
  await page.getByRole("heading", { level: 2, name }).waitFor();
}

/** Runs one of the operator scripts (as `npm run` does, through tsx) and answers what it printed. */
async function run(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(path.join(repoRoot, "node_modules/.bin/tsx"), args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  return stdout;
}

const receiptLine = (page: Page) => page.getByRole("region", { name: "Receipts" }).getByRole("listitem").first();

describe("support and money", () => {
  it("refunds part of a card charge and the whole of a wallet charge; each member is told and sees the receipt change", async () => {
    const server = baseUrl();
    const card = await member(server, "Robin");
    await buyByCard(server, card.token);
    const wallet = await member(server, "Ash");
    await buyByWallet(server, wallet.token);

    // The card member's receipt before.
    const robin = await visit(server, 390, card.token);
    await robin.page.goto("/settings/subscription");
    await receiptLine(robin.page).getByText("$14.99").waitFor();
    expect(await receiptLine(robin.page).innerText()).not.toContain("refunded");

    const staff = await visit(server);
    await signInToConsole(staff.page, { ...OWNER, secret: inject("demoOwnerSecret") });
    await openMember(staff.page, card.email, "Robin");
    const payments = staff.page.getByRole("region", { name: "Payments" });
    await payments.getByRole("button", { name: /^Refund the \$14\.99 payment/ }).click();
    const dialog = staff.page.getByRole("dialog", { name: "Refund Robin" });
    await dialog.getByText("Up to $14.99 can be refunded.").waitFor();
    await dialog.getByLabel("Amount (USD)").fill("20");
    await dialog.getByLabel("Reason (kept in the audit log)").fill("A week the app did not load for them");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await dialog.getByText("Up to $14.99 can be refunded.", { exact: true }).last().waitFor();
    await dialog.getByLabel("Amount (USD)").fill("5");
    await dialog.getByRole("button", { name: "Refund $5.00" }).click();
    await staff.page.getByText("$5.00 was refunded.").waitFor();
    await payments.getByRole("cell", { name: "$5.00" }).waitFor();
    await staff.page.getByRole("region", { name: "Refunds" }).getByRole("cell", { name: "A week the app did not load for them" }).waitFor();

    const cardMail = await mailTo(card.email, /^We have refunded \$5\.00 to you$/);
    expect(cardMail.text).toContain("It goes back to Card •••• 4242.");
    await robin.page.reload();
    await receiptLine(robin.page).getByText("$5.00 refunded", { exact: false }).waitFor();

    // The wallet member: the whole charge.
    await openMember(staff.page, wallet.email, "Ash");
    await staff.page
      .getByRole("region", { name: "Payments" })
      .getByRole("button", { name: /^Refund the \$14\.99 payment/ })
      .click();
    const walletDialog = staff.page.getByRole("dialog", { name: "Refund Ash" });
    await walletDialog.getByLabel("Reason (kept in the audit log)").fill("Subscribed by mistake");
    await walletDialog.getByRole("button", { name: "Refund $14.99" }).click();
    await staff.page.getByText("$14.99 was refunded.").waitFor();
    await staff.page.getByRole("region", { name: "Payments" }).getByRole("cell", { name: "refunded", exact: true }).waitFor();
    expect(
      await staff.page
        .getByRole("region", { name: "Payments" })
        .getByRole("button", { name: /^Refund/ })
        .count(),
    ).toBe(0);
    const walletMail = await mailTo(wallet.email, /^We have refunded \$14\.99 to you$/);
    expect(walletMail.text).toContain("It goes back to PayPal.");
    const ash = await visit(server, 1280, wallet.token);
    await ash.page.goto("/settings/subscription");
    await receiptLine(ash.page).getByText("Refunded", { exact: false }).waitFor();

    expect([...robin.problems, ...staff.problems, ...ash.problems]).toEqual([]);
    for (const context of [robin.context, staff.context, ash.context]) await context.close();
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("on a deployment of its own on PostgreSQL", () => {
  let server: RunningServer;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: pg.Client;

  beforeAll(async () => {
    scratch = await scratchDatabase(adminUrl!, "serene_console");
    database = scratch.client;
    server = await startServer({ env: { DATABASE_URL: scratch.url } });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
  }, 60_000);

  it("a purchase stuck in processing is cleared by support after the processor is asked: the charge was taken, so the member gets the plan and the receipt", async () => {
    const secret = /"totpSecret":"([A-Z2-7]+)"/.exec(server.output())?.[1];
    expect(secret, "the demo owner's secret in the start-up log").toBeTruthy();
    const quinn = await member(server.url, "Quinn");
    await buyByCard(server.url, quinn.token);
    // What a process that stopped right after the card was charged leaves: the charge at the processor,
    // nothing of it here, and the purchase still processing (20 minutes on).
    const { id } = (await database.query<{ id: string }>("select id from users where email = $1", [quinn.email])).rows[0]!;
    await database.query("delete from payments where user_id = $1", [id]);
    await database.query("delete from subscriptions where user_id = $1", [id]);
    await database.query(
      "update purchases set status = 'processing', subscription_id = null, response = null, response_status = null, updated_at = now() - interval '20 minutes' where user_id = $1",
      [id],
    );
    const quinnVisit = await visit(server.url, 1280, quinn.token);
    await quinnVisit.page.goto("/settings/subscription");
    await quinnVisit.page.getByRole("region", { name: "Receipts" }).waitFor();
    expect(await quinnVisit.page.getByRole("region", { name: "Receipts" }).getByRole("listitem").count()).toBe(0);

    const staff = await visit(server.url, 390);
    await signInToConsole(staff.page, { ...OWNER, secret: secret! });
    await openMember(staff.page, quinn.email, "Quinn");
    const purchases = staff.page.getByRole("region", { name: "Purchases" });
    await purchases.getByText("stuck in processing").waitFor();
    await purchases.getByRole("button", { name: "Clear" }).click();
    await staff.page.getByRole("dialog", { name: "Clear this stuck purchase?" }).getByRole("button", { name: "Check and clear" }).click();
    await staff.page.getByText(/^\$14\.99 had been charged: the purchase is completed/).waitFor();
    await purchases.getByRole("cell", { name: "succeeded" }).waitFor();

    await mailTo(quinn.email, /^Your Serene receipt SR-/, server.url);
    await quinnVisit.page.reload();
    await receiptLine(quinnVisit.page).getByText("$14.99").waitFor();
    const status = await call(server.url, "/api/v1/user/account-status", { token: quinn.token });
    expect(status.json.status).toBe("active");
    expect([...quinnVisit.problems, ...staff.problems]).toEqual([]);
    await quinnVisit.context.close();
    await staff.context.close();
  });

  it("the analyst's dashboard after a scripted day of sign-ups, a trial and a purchase shows the funnel exactly as npm run report:funnels counts it", async () => {
    const today = new Date().toISOString().slice(0, 10);
    // An analyst joins, invited from the command line.
    const email = `analyst.${Date.now().toString(36)}@example.com`;
    const invited = await run(["scripts/admin-invite.ts", email, "analyst"], { DATABASE_URL: scratch.url, APP_URL: server.url });
    const link = new URL(/https?:\/\/\S+\/admin\/invitation\S*/.exec(invited)![0]);
    const analyst = await visit(server.url);
    await joinStaff(analyst.page, `${link.pathname}${link.search}`, {
      email,
      role: "analyst",
      name: "Ari",
      password: "a calm analyst password",
    });
    const nav = analyst.page.getByRole("navigation", { name: "Console" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Overview", "Business", "My sessions"]);
    await nav.getByRole("link", { name: "Business" }).click();
    const figure = (term: string) => analyst.page.locator("dl").first().locator(`dt:text-is("${term}") + dd`);
    await figure("Sign-ups").waitFor();
    const before = { signups: Number(await figure("Sign-ups").innerText()), trials: Number(await figure("Trials started").innerText()) };

    // The day: five people open the quiz, two of them go all the way (one trial, one monthly plan by card).
    const funnel = `analyst-day-${Date.now().toString(36)}`;
    const quiz = { funnel, quiz: funnel };
    const reached = [8, 5, 4, 3, 2]; // how many steps of the funnel each person took, in order
    const steps: [string, string, object][] = [
      ["quiz_view", "/quiz", { ...quiz, total: 2 }],
      ["quiz_step", "/quiz", { ...quiz, step: 1 }],
      ["quiz_step", "/quiz", { ...quiz, step: 2 }],
      ["quiz_email", "/quiz", quiz],
      ["quiz_results_view", "/quiz-results", quiz],
      ["page_view", "/subscription", {}],
      ["initiate_checkout", "/subscription", { package_id: "4", currency: "USD", value: 0 }],
      ["start_trial", "/subscription", { package_id: "4", currency: "USD", value: 0 }],
    ];
    for (const [person, count] of reached.entries()) {
      for (const [name, path, properties] of steps.slice(0, count)) {
        const sent = await call(server.url, "/api/v1/events", {
          body: { name, path, session_id: `${funnel}-person-${person}`, properties },
        });
        expect(sent.status).toBe(202);
      }
    }
    const trial = await member(server.url, "Tess");
    await buyByCard(server.url, trial.token, 4);
    const monthly = await member(server.url, "Milo");
    await buyByCard(server.url, monthly.token);

    // The analyst asks for today alone.
    await analyst.page.getByLabel("From (UTC)").fill(today);
    await analyst.page.getByLabel("To (UTC)").fill(today);
    await analyst.page.getByRole("button", { name: "Show" }).click();
    await expect.poll(async () => Number(await figure("Sign-ups").innerText())).toBe(before.signups + 2);
    expect(Number(await figure("Trials started").innerText())).toBe(before.trials + 1);
    const shown = analyst.page.getByRole("article", { name: `Funnel ${funnel} (quiz)` }).getByRole("row");
    await shown.nth(1).waitFor();
    const dashboard = (
      await shown.evaluateAll((rows) => rows.slice(1).map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")))
    ).map(([label, people, , conversion]) => [label, Number(people), conversion === "–" ? null : Number.parseFloat(conversion!)]);

    // The same day, counted by npm run report:funnels against the same database.
    const report = await run(
      [
        "scripts/report-funnels.ts",
        "--since",
        today,
        "--out",
        path.join(mkdtempSync(path.join(tmpdir(), "serene-report-")), "funnels.html"),
      ],
      {
        DATABASE_URL: scratch.url,
      },
    );
    const block = report.split("\n\n").find((part) => part.startsWith(`${funnel} (quiz)`))!;
    const printed = block
      .split("\n")
      .slice(3)
      .map((line) => line.trim().split(/\s{2,}/))
      .map(([label, people, conversion]) => [label, Number(people), conversion ? Number.parseFloat(conversion) : null]);
    expect(dashboard).toEqual(printed);
    expect(dashboard).toEqual([
      ["Quiz opened", 5, null],
      ["Step 1 answered", 5, 100],
      ["Step 2 answered", 4, 80],
      ["E-mail given", 3, 75],
      ["Results viewed", 2, 66.7],
      ["Paywall opened", 1, 50],
      ["Checkout started", 1, 100],
      ["Trial or purchase", 1, 100],
    ]);
    expect(analyst.problems).toEqual([]);
    await analyst.context.close();
  });
});
