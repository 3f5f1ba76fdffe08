import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./browser";
const base = "http://127.0.0.1:3300";
const targets = (process.argv[2] ?? "/promo/3").split(",");
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
for (const width of [1280, 390]) {
  for (const target of targets) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, timezoneId: "America/New_York" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(base + target);
    await page.waitForTimeout(2500);
    const name = target.replace(/[^a-z0-9]+/gi, "_");
    const sw = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
    const step = width < 600 ? 1800 : 1400;
    for (let y = 0, i = 0; y < sw[1]!; y += step, i++) {
      await page.screenshot({ path: `/tmp/shots/${name}-${width}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(step, sw[1]! - y) } });
    }
    console.log(target, width, sw, errors);
    await context.close();
  }
}
await browser.close();
