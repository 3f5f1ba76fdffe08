import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { launch, mixPlaysPast, newVisit, registerMember } from "./browser";
import { catalogue, unexpected } from "./demo";

/** The Sounds mixer (decision 044): up to three soundscapes together, saved as the member's own mixes. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const freeBeds = catalogue.items.filter((item) => item.model === "music-soundscape" && item.free && !item.children?.length);

describe("the Sounds mixer", () => {
  it("plays two sounds together at their own volumes, saves the mix, and plays and deletes it later", async () => {
    expect(freeBeds.length).toBeGreaterThanOrEqual(2);
    const [first, second] = freeBeds as [(typeof freeBeds)[number], (typeof freeBeds)[number]];
    const { page, problems, context } = await newVisit(browser, 390, { t: await registerMember() });
    await page.goto("/sounds");
    const mixer = page.getByRole("region", { name: "Mix your own" });
    await mixer.waitFor();
    await mixer.getByRole("button", { name: first.name }).click();
    await mixer.getByRole("button", { name: second.name }).click();
    await expect.poll(() => mixer.getByRole("list", { name: "Sounds in your mix" }).getByRole("listitem").count()).toBe(2);
    expect(await mixer.getByText("2 of 3 chosen").count()).toBe(1);

    await mixer.getByRole("button", { name: "Play the mix" }).click();
    await mixPlaysPast(page, 2, 0.3);
    await mixer.getByRole("slider", { name: `${second.name} volume` }).fill("0.25");
    await expect
      .poll(() =>
        page.evaluate((id) => document.querySelector<HTMLMediaElement>(`[data-testid="mixer-layer"][data-id="${id}"]`)!.volume, second.id),
      )
      .toBe(0.25);

    // Saved, with the server's message for a name too long first.
    await mixer.getByRole("button", { name: "Save this mix" }).click();
    await mixer.getByLabel("Name your mix").fill("x".repeat(45));
    await mixer.getByRole("button", { name: "Save", exact: true }).click();
    await mixer.getByRole("alert").filter({ hasText: "must not be greater than 40 characters" }).waitFor();
    await mixer.getByLabel("Name your mix").fill("Rain and piano");
    await mixer.getByRole("button", { name: "Save", exact: true }).click();
    await mixer.getByText("Rain and piano").waitFor();

    // Later: the mix is there, and plays both sounds at the saved volumes.
    await page.reload();
    await mixer.getByRole("button", { name: "Play Rain and piano" }).click();
    await mixPlaysPast(page, 2, 0.3);
    expect(
      await page.evaluate(
        (id) => document.querySelector<HTMLMediaElement>(`[data-testid="mixer-layer"][data-id="${id}"]`)!.volume,
        second.id,
      ),
    ).toBe(0.25);
    await mixer.getByRole("button", { name: "Pause the mix" }).click();

    await mixer.getByRole("button", { name: "Delete Rain and piano" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Successfully deleted").waitFor();
    await mixer.getByText("Save a mix and it waits for you here.").waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
