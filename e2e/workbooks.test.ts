import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, newVisit, untilScrollSettles } from "./browser";
import { DEMO_MEMBERS, logIn, unexpected } from "./demo";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const PREMIUM = DEMO_MEMBERS.premium;

const question = (page: Page) => page.getByRole("heading", { level: 2 }).first();
const next = (page: Page) => page.getByRole("button", { name: /^(Next|Continue)$/ }).click();

/** The member's notes, read through the API with the page's own session. */
const noteTitles = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch("/api/v1/user/notes", {
      headers: { accept: "application/json", authorization: `Bearer ${window.localStorage.getItem("t")}` },
    });
    const body = (await response.json()) as { data: { title: string }[] };
    return body.data.map((note) => note.title);
  });

describe("workbooks and worksheets", () => {
  it("completes Thought Record, then finds Thought Record Review open while Bad Thoughts Destroyer waits with its tooltip", async () => {
    const { page, problems } = await newVisit(browser);
    await logIn(page, PREMIUM);

    // Home has its Workbooks section, leading to all of them.
    const shelf = page.getByRole("region", { name: "Workbooks" });
    await shelf.waitFor();
    await shelf.getByRole("link", { name: "See all workbooks" }).click();
    await page.waitForURL("**/workbooks");
    const list = page.getByRole("list", { name: "Workbooks", exact: true });
    await list.waitFor();
    expect(await list.getByRole("listitem").count()).toBe(11);

    // Open Thought Record (afresh, also when an earlier attempt of this journey completed it).
    const again = page.getByRole("button", { name: "Fill in again: Thought Record" });
    if (await again.count()) await again.click();
    else await list.getByRole("button", { name: /^Thought Record, .* 15 min$/ }).click();
    await page.waitForURL("**/workbooks/workbook/6");

    // A required answer holds Next with a kind message.
    await expect.poll(() => question(page).textContent()).toBe("What was the situation?");
    await page.getByText("Question 1 of 10").waitFor();
    await next(page);
    await page.getByText("Write a few words to go on. There are no wrong answers.").waitFor();
    await page.getByRole("textbox", { name: "What was the situation?" }).fill("A meeting where my idea was passed over.");
    await next(page);
    await page.getByRole("textbox", { name: "What thought went through your mind?" }).fill("Nobody values what I say.");

    // The answers are kept on this device: a reload resumes at the same question.
    await page.reload();
    await expect.poll(() => question(page).textContent()).toBe("What thought went through your mind?");
    expect(await page.getByRole("textbox", { name: "What thought went through your mind?" }).inputValue()).toBe(
      "Nobody values what I say.",
    );
    await next(page);

    // The steps chosen decide the questions asked: only the balanced view's three follow.
    await page.getByText("Find a more balanced view").click();
    await page.getByText("Question 3 of 6").waitFor();
    await next(page);
    await page
      .getByRole("textbox", { name: "What is a more balanced way to see the situation?" })
      .fill("One idea was passed over; others have been taken up before.");
    await next(page);
    await page.getByRole("slider", { name: "How much do you believe the original thought now?" }).fill("30");
    await next(page);
    await page.getByText("Question 6 of 6").waitFor();
    await page.getByRole("button", { name: "Save my answers" }).click();

    // The result: the summary, a session to listen to, and 'Save as a note'.
    await page.waitForURL("**/workbooks/workbook/6/result");
    await page.getByRole("heading", { name: "Your answers" }).waitFor();
    await page.getByText("One idea was passed over; others have been taken up before.").waitFor();
    await page.getByText("30 of 100").first().waitFor();
    await page.getByRole("button", { name: "Save as a note" }).click();
    await page.getByRole("link", { name: /Open the note/ }).waitFor();
    await page.getByText("Saved to your notes").waitFor();
    expect((await noteTitles(page)).some((title) => title.startsWith("Thought Record, "))).toBe(true);

    // Back on the workbooks: Thought Record links to the saved entry, its review is open, the destroyer waits.
    await page.getByRole("link", { name: "Back to workbooks" }).click();
    await page.waitForURL("**/workbooks");
    await list.waitFor();
    await list.getByRole("button", { name: /^Thought Record Review/ }).waitFor();
    expect(await list.getByRole("link", { name: /^Thought Record Review/ }).count()).toBe(0);
    // Its name, with the comma that pauses the card's spoken name.
    const destroyer = list.getByText("Bad Thoughts Destroyer,", { exact: true });
    expect(await list.getByRole("button", { name: /^Bad Thoughts Destroyer/ }).count()).toBe(0);
    expect(await list.getByRole("link", { name: /^Bad Thoughts Destroyer/ }).count()).toBe(0);
    await destroyer.scrollIntoViewIfNeeded();
    await untilScrollSettles(page);
    await destroyer.click();
    await expect.poll(() => page.getByRole("tooltip").first().textContent()).toBe('Workbook "Thought Chain Effect" not completed yet');

    // Its profile view, then the worksheets list.
    await page.keyboard.press("Escape");
    await list.getByRole("link", { name: /^Completed, Thought Record, .* 15 min, read your answers$/ }).click();
    await page.waitForURL(/\/profile\/workbook\/[^/]+$/);
    await page.getByRole("heading", { name: "Thought Record" }).waitFor();
    await page.getByText("Nobody values what I say.").waitFor();
    await page.getByRole("link", { name: "Worksheets" }).first().click();
    await page.waitForURL("**/profile/worksheets");
    const sheets = page.getByRole("list", { name: "Worksheets" });
    await sheets.waitFor();
    expect(await sheets.getByRole("link", { name: /Thought Record/ }).count()).toBeGreaterThan(0);

    expect(unexpected(problems)).toEqual([]);
  });
});
