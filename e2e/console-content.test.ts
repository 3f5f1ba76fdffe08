import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeToneRecording } from "@serene/content";
import { joinStaff, launch, newVisit, playsPast, type Visit } from "./browser";
import { catalogue, DEMO_MEMBERS, logIn, unexpected } from "./demo";
import { repoRoot, scratchDatabase, startServer, type RunningServer } from "./server";

/**
 * The editor's room (decision 070) on a deployment of two nodes on one PostgreSQL database, sharing the
 * uploads folder: an editor invited from the command line makes an item on node A, uploads its recording
 * (packaged by the content:ingest pipeline in a job) and publishes it, and a member plays it on node B;
 * then the editor withdraws a session from the home screen, and on node B it is gone from the shelves,
 * search, the plan and the member's favourites, and their download leaves the device with a word why; and
 * the editor puts a home shelf in a new order by dragging and with the keyboard, which members see there.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("the editor's room on two nodes", () => {
  let browser: Browser;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let nodeA: RunningServer;
  let nodeB: RunningServer;
  let editor: Visit;
  const uploads = mkdtempSync(path.join(tmpdir(), "serene-shared-uploads-"));
  const recording = path.join(uploads, "tideline.wav");

  beforeAll(async () => {
    browser = await launch();
    scratch = await scratchDatabase(adminUrl!, "serene_content");
    const env = { DATABASE_URL: scratch.url, MEDIA_UPLOAD_DIR: uploads };
    nodeA = await startServer({ env });
    nodeB = await startServer({ env });
    // Twenty seconds of a soft tone: a real recording for the real pipeline.
    await writeToneRecording(recording, 20);
    // An editor joins, invited from the command line.
    const email = `editor.${Date.now().toString(36)}@example.com`;
    const { stdout } = await promisify(execFile)(
      path.join(repoRoot, "node_modules/.bin/tsx"),
      ["scripts/admin-invite.ts", email, "editor"],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: scratch.url, APP_URL: nodeA.url },
      },
    );
    const link = new URL(/https?:\/\/\S+\/admin\/invitation\S*/.exec(stdout)![0]);
    editor = await newVisit(browser, 1280, {}, { server: nodeA.url });
    await joinStaff(editor.page, `${link.pathname}${link.search}`, {
      email,
      role: "editor",
      name: "Eden",
      password: "a calm editor password",
    });
  }, 240_000);

  afterAll(async () => {
    await editor?.context.close();
    await nodeA?.stop();
    await nodeB?.stop();
    await scratch?.drop();
  }, 60_000);

  const member = async (width = 390) => {
    const visit = await newVisit(browser, width, {}, { server: nodeB.url });
    await logIn(visit.page, DEMO_MEMBERS.premium);
    return visit;
  };

  it("an editor's upload becomes a session members play on the other node", { timeout: 150_000 }, async () => {
    const page = editor.page;
    const nav = page.getByRole("navigation", { name: "Console" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Overview", "Content", "My sessions"]);
    await nav.getByRole("link", { name: "Content" }).click();
    await page.getByRole("link", { name: "New item" }).click();
    const form = page.getByRole("form", { name: "New item" });
    await form.getByLabel("Name").fill("Tideline Breathing");
    await form.getByLabel("Description").fill("Breathe with the tide: in as the water comes up the sand, out as it slides away.");
    await form.getByLabel("Type").selectOption("Breathing Exercises");
    await form.getByLabel("Who may play it").selectOption("premium");
    await form.getByLabel("Tags, separated by commas").fill("breathing, evening");
    await form.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("heading", { level: 2, name: "Tideline Breathing" }).waitFor();
    const id = Number(new URL(page.url()).searchParams.get("item"));
    expect(id).toBeGreaterThanOrEqual(100_000);
    await page.getByText("A draft: members do not see it yet.").waitFor();
    await page.getByText("Upload a recording first: members would have nothing to play.").waitFor();

    await page.getByLabel("Choose a file for Female voice, audio").setInputFiles(recording);
    const row = page.getByRole("listitem", { name: "Female voice, audio" });
    await row.getByText("Ready for members.").waitFor({ timeout: 90_000 });
    await page.getByRole("button", { name: "Publish now" }).click();
    await page.getByText("Published: members see it on its shelves, in search and in plans.").waitFor();

    const listener = await member();
    await listener.page.goto(`/meditation-sleep/${id}`);
    await listener.page.getByRole("heading", { level: 1, name: "Tideline Breathing" }).waitFor();
    await listener.page.getByRole("group", { name: "Player" }).getByRole("button", { name: "Play" }).click();
    await playsPast(listener.page, 1);
    expect(await listener.page.getByTestId("player-media").evaluate((element: HTMLMediaElement) => Math.round(element.duration))).toBe(20);
    expect(unexpected([...editor.problems, ...listener.problems])).toEqual([]);
    await listener.context.close();
  });

  it("a withdrawn session leaves shelves, search, plan and favourites on the other node, and a member's download goes with a word why", async () => {
    // A single session of the home screen's first shelf, free.
    const item = catalogue.items.find((entry) => entry.id === 2)!;
    const listener = await member(1280);
    const page = listener.page;
    await page.goto(`/${item.model}/${item.id}`);
    await page.getByRole("heading", { level: 1, name: item.name }).waitFor();
    // A favourite of theirs, as the API keeps it (the demo member may have it already; the page's button follows).
    const favourites = () =>
      page.evaluate(async () => {
        const headers = { authorization: `Bearer ${localStorage.getItem("t")}`, accept: "application/json" };
        return JSON.stringify(await (await fetch("/api/v1/favorite", { headers })).json());
      });
    if (!(await favourites()).includes(`"name":"${item.name}"`)) {
      const saved = page.waitForResponse(
        (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v1/user/favorite",
      );
      await page.getByRole("button", { name: "Favourite", exact: true }).click();
      expect((await saved).ok()).toBe(true);
    }
    expect(await favourites()).toContain(`"name":"${item.name}"`);
    await page.getByRole("button", { name: "Download" }).click();
    await page.getByText(/^Downloaded · \d+ KB$/).waitFor({ timeout: 30_000 });
    await page.goto("/home");
    await page.getByText(item.name).first().waitFor();

    // The editor withdraws it on node A.
    await editor.page.goto(`/admin/content?item=${item.id}`);
    await editor.page.getByRole("button", { name: "Withdraw" }).click();
    const dialog = editor.page.getByRole("dialog", { name: `Withdraw "${item.name}"?` });
    await dialog.getByLabel("Why (kept in the audit log)").fill("The rights to this recording ended today");
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    await editor.page.getByText("Withdrawn: members do not see it. Publish it again to bring it back.").waitFor();

    // On node B: not on the home screen, in search, in the plan or among the favourites.
    await page.reload();
    await page.getByRole("heading", { level: 2 }).first().waitFor();
    await expect.poll(async () => (await page.reload(), await page.getByText(item.name).count())).toBe(0);
    const answers = await page.evaluate(async (name) => {
      const headers = { authorization: `Bearer ${localStorage.getItem("t")}`, accept: "application/json" };
      const read = async (url: string) => JSON.stringify(await (await fetch(url, { headers })).json());
      return { search: await read(`/api/v1/search?s=${encodeURIComponent(name)}`), plan: await read("/api/v1/personal-plan-by-day") };
    }, item.name);
    expect(answers.search).not.toContain(`"name":"${item.name}"`);
    expect(answers.plan).not.toContain(`"name":"${item.name}"`);
    await page.goto("/profile/library");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByText(item.name).count()).toBe(0);
    await page.goto("/profile/downloads");
    await page.getByText(`“${item.name}” is no longer available in Serene, so it was removed from this device.`).waitFor();
    await page.goto(`/${item.model}/${item.id}`);
    await page.getByRole("heading", { level: 1, name: "We could not find this one" }).waitFor();
    expect(unexpected([...editor.problems, ...listener.problems])).toEqual([]);
    await listener.context.close();
  });

  it("an editor reorders a home shelf by dragging and with the keyboard, and members see the new order on the other node", async () => {
    const page = editor.page;
    await page.goto("/admin/content");
    await page.getByRole("link", { name: "Shelves" }).click();
    const shelf = page.getByRole("region", { name: "Home · Kinder to yourself" });
    const order = async () =>
      (
        await shelf
          .getByRole("button", { name: /^Move .* up$/ })
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")!))
      ).map((label) => label.replace(/^Move (.*) up$/, "$1"));
    const rows = shelf.getByRole("listitem");
    await rows.nth(3).waitFor();
    const before = await order();
    expect(before.length).toBeGreaterThanOrEqual(4);
    // The third row dragged onto the first; then the one now second moved down with the keyboard.
    await rows.nth(2).dragTo(rows.nth(0));
    await expect.poll(order).toEqual([before[2], before[0], before[1], ...before.slice(3)]);
    await shelf.getByRole("button", { name: `Move ${before[0]} down` }).focus();
    await page.keyboard.press("Enter");
    const after = [before[2]!, before[1]!, before[0]!, ...before.slice(3)];
    await expect.poll(order).toEqual(after);
    await shelf.getByRole("button", { name: "Save shelf" }).click();
    await page.getByText(`"Kinder to yourself" was saved.`).waitFor();

    const listener = await member(1280);
    const region = listener.page.getByRole("region", { name: "Kinder to yourself" });
    await region.getByText(after[0]!).first().waitFor();
    const text = await region.innerText();
    const places = after.map((name) => text.indexOf(name));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    expect(unexpected([...editor.problems, ...listener.problems])).toEqual([]);
    await listener.context.close();
  });
});
