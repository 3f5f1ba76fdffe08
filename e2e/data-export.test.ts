import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newVisit, registerMember } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

/** A note written as the notes page writes it (POST /user/notes with the member's token). */
async function writeNote(token: string, title: string, content: string) {
  const res = await fetch(`${baseUrl()}/api/v1/user/notes`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ title, content }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Presses a button and answers the file the browser saved: its suggested name and its text. */
async function downloadBy(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name, exact: true }).click()]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), text: await readFile(path, "utf8") };
}

describe("download my data", () => {
  it("a member writes a note, opens Settings / Account and downloads their data as JSON and the notes as CSV", async () => {
    const token = await registerMember("Maya");
    await writeNote(token, "Morning pages, day 3", 'Slept well. "Tea first", then the breathing session.\nFelt lighter.');
    const { page, context, problems } = await newVisit(browser, 1280, { t: token });

    await page.goto("/settings/account");
    await page.getByRole("heading", { name: "Download my data" }).waitFor();

    const everything = await downloadBy(page, "Download my data");
    expect(everything.fileName).toMatch(/^serene-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(everything.text) as {
      account: { name: string };
      sections: { notes: { title: string; content: string }[]; access_tokens: unknown[] };
      withheld: { field: string }[];
    };
    expect(file.account.name).toBe("Maya");
    expect(file.sections.notes).toEqual([
      expect.objectContaining({
        title: "Morning pages, day 3",
        content: 'Slept well. "Tea first", then the breathing session.\nFelt lighter.',
      }),
    ]);
    expect(file.sections.access_tokens.length).toBeGreaterThan(0);
    expect(file.withheld.map((field) => field.field)).toContain("users.password_hash");
    await page.getByText(everything.fileName).waitFor();

    const notes = await downloadBy(page, "Notes (CSV)");
    expect(notes.fileName).toMatch(/^serene-notes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(notes.text.startsWith("\uFEFFid,title,content,created_at,updated_at\r\n")).toBe(true);
    expect(notes.text).toContain('"Morning pages, day 3","Slept well. ""Tea first"", then the breathing session.\nFelt lighter."');

    expect(problems).toEqual([]);
    await context.close();
  });
});
