import { readFileSync } from "node:fs";
import type { Browser, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, registerMember } from "./browser";

interface Funnel {
  key: string;
  default?: boolean;
  funnel_title: string;
  funnel_material_title: string;
  color_theme: string;
  app_store_icon: string;
  opt_in_form: boolean;
}
const funnels = JSON.parse(readFileSync(new URL("../content/demo/coming-soon.json", import.meta.url), "utf8")) as Funnel[];
const DEFAULT = funnels.find((funnel) => funnel.default)!;
const OPT_IN = funnels.find((funnel) => funnel.opt_in_form && !funnel.default)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const SHOTS = process.env.SCREENSHOT_DIR;

describe("the coming-soon funnel", () => {
  it("a member opens a funnel, signs up (the privacy box first), and a reload answered 429 shows the kept copy", async () => {
    const token = await registerMember("Noor");
    const { page, context, problems } = await newVisit(browser, 1280, { t: token });
    const leadCalls: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/v1/coming-soon/lead")) leadCalls.push(request);
    });

    await page.goto(`/coming-soon/${OPT_IN.key}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(OPT_IN.funnel_title);
    expect(await page.locator("body [data-theme]").first().getAttribute("data-theme")).toBe(OPT_IN.color_theme);
    await expect.poll(() => page.getByText(OPT_IN.funnel_material_title).isVisible()).toBe(true);
    // opt_in_form: no phone field.
    expect(await page.getByLabel("Phone").count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/coming-soon-${OPT_IN.key}-1280.png`, fullPage: true });

    await page.getByLabel("First Name").fill("Noor");
    await page.getByLabel("Last Name").fill("Haddad");
    await page.getByLabel("Email").fill("noor.haddad@example.com");
    expect(await page.getByLabel("Email").getAttribute("type")).toBe("email");
    await page.getByRole("button", { name: "Keep me posted" }).click();
    await expect.poll(() => page.getByText("Please agree to the privacy policy to continue.").isVisible()).toBe(true);
    expect(leadCalls).toHaveLength(0);

    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Keep me posted" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "you are on the list" }).isVisible()).toBe(true);
    expect(leadCalls).toHaveLength(1);
    expect(leadCalls[0]!.postDataJSON()).toMatchObject({ first_name: "Noor", last_name: "Haddad", key: OPT_IN.key });

    // The server is busy: the page comes from the copy kept at the first visit.
    let held = 0;
    await page.route(`**/api/v1/coming-soon/${OPT_IN.key}?*`, async (route) => {
      held++;
      await route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "retry-after": "30" },
        body: JSON.stringify({ message: "Too many attempts. Please try again in 30 seconds." }),
      });
    });
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(OPT_IN.funnel_title);
    expect(held).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("button", { name: "Keep me posted" }).isVisible()).toBe(true);
    expect(problems.filter((problem) => !/429|Too Many Requests/i.test(problem))).toEqual([]);
    await context.close();
  });

  it("a missing or unknown key shows the default funnel, with its phone field and disabled store badges, at 390 px", async () => {
    const token = await registerMember("Ilse");
    const { page, context, problems } = await newVisit(browser, 390, { t: token });
    for (const path of ["/coming-soon", "/coming-soon/no-such-funnel"]) {
      await page.goto(path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(DEFAULT.funnel_title);
    }
    expect(await page.getByLabel("Phone").count()).toBe(DEFAULT.opt_in_form ? 0 : 1);
    if (DEFAULT.app_store_icon === "coming-soon") {
      expect(await page.locator('[aria-disabled="true"]').count()).toBe(2);
    }
    // Nothing sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/coming-soon-default-390.png`, fullPage: true });
    expect(problems.filter((problem) => !/404|Not Found/i.test(problem))).toEqual([]);
    await context.close();
  });

  it("a visitor without a session is sent to log in", async () => {
    const { page, context } = await newVisit(browser, 1280);
    await page.goto(`/coming-soon/${OPT_IN.key}`);
    await page.waitForURL(/\/login/);
    await context.close();
  });
});
