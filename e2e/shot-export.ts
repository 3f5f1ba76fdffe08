import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./browser";
import { startServer } from "./server";

const server = await startServer({ env: { RATE_LIMIT_FACTOR: "20" } });
try {
  const res = await fetch(`${server.url}/api/v1/user`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name: "Maya", email: `maya.${Date.now()}@example.com`, password: "quiet evening walk 42", phone: "", platform: "web" }),
  });
  const { token } = (await res.json()) as { token: string };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: width < 600 ? 844 : 800 } });
    await context.addInitScript((value) => window.localStorage.setItem("t", value), token);
    const page = await context.newPage();
    await page.goto("/settings/account");
    await page.getByRole("heading", { name: "Download my data" }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots-export/settings-account-${width}.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Notes (CSV)" }).click()]);
    await download.path();
    await page.waitForTimeout(300);
    await page.getByRole("heading", { name: "Download my data" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-export/settings-account-saved-${width}.png`, fullPage: true });
    await context.close();
  }
  // A member over the limit: the server's message under the buttons.
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  await context.addInitScript((value) => window.localStorage.setItem("t", value), token);
  const page = await context.newPage();
  await page.route("**/api/v1/user/export?*", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many attempts. Please try again in 1184 seconds." }) }),
  );
  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Download my data" }).click();
  await page.getByRole("alert").waitFor();
  await page.getByRole("alert").scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots-export/settings-account-429-390.png` });
  await browser.close();
} finally {
  await server.stop();
}
