import { launch, newVisit } from "./browser";
import { DEMO_MEMBERS } from "./demo";
import { startServer } from "./server";

const server = await startServer();
const browser = await launch();
const res = await fetch(`${server.url}/api/v1/user/token`, {
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json" },
  body: JSON.stringify({ login: DEMO_MEMBERS.premium.email, password: DEMO_MEMBERS.premium.password, device_name: "shot" }),
});
const { token } = (await res.json()) as { token: string };
process.env.BASE_URL = server.url;
for (const width of [1280, 390]) {
  const { page, context } = await (async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: server.url });
    await context.addInitScript((t) => localStorage.setItem("t", t), token);
    return { page: await context.newPage(), context };
  })();
  for (const [name, path] of [
    ["dashboard", "/profile/dashboard"],
    ["achievements", "/profile/achievements"],
    ["notes", "/profile/notes"],
    ["worksheets", "/profile/worksheets"],
    ["home", "/home"],
    ["account", "/settings/account"],
  ]) {
    await page.goto(path!);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/shots-main/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
await server.stop();
