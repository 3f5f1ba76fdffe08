import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./browser";
const base = "http://127.0.0.1:3300";
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const email = `m${Date.now()}@example.com`;
const res = await fetch(`${base}/api/v1/user`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify({ name: "Nora", email, password: "quiet evening walk 42", phone: "", platform: "web" }) });
const { token } = (await res.json()) as { token: string };
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, timezoneId: "America/New_York" });
  await context.addInitScript((t) => window.localStorage.setItem("t", t), token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(base + (process.argv[2] ?? "/promo/3"));
  await page.getByRole("button", { name: /Start my/ }).first().click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/modal-${width}.png` });
  console.log(width, errors, await page.evaluate(() => document.title));
  await context.close();
}
await browser.close();
