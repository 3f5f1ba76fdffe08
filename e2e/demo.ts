import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "./server";

/** The demo accounts the server seeds (README). */
export const DEMO_MEMBERS = {
  free: { email: "member@serene.example", password: "quiet-lake-morning" },
  premium: { email: "premium@serene.example", password: "still-water-evening" },
} as const;

export interface CatalogueItem {
  id: number;
  model: string;
  name: string;
  free: boolean;
  media?: Record<string, string>;
  soundscape?: string | null;
  children?: number[];
}

/** The demo catalogue the server seeds: journeys read ids from it, never write them into the test. */
export const catalogue = JSON.parse(readFileSync(path.join(repoRoot, "content/demo/catalogue.json"), "utf8")) as {
  items: CatalogueItem[];
};
/** Items inside a course or playlist. */
export const childIds = new Set(catalogue.items.flatMap((item) => item.children ?? []));
/** The first single meditation or sleep item (not inside a course) that passes `test`. */
export function singleItem(test: (item: CatalogueItem) => boolean): CatalogueItem {
  const found = catalogue.items.find((item) => !childIds.has(item.id) && item.model === "meditation-sleep" && test(item));
  if (!found) throw new Error("the demo catalogue has no item for this journey");
  return found;
}

/** Logs in through the login page and waits for /home. */
export async function logIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => url.pathname === "/home");
}

/** Console errors except the browser's own note about a 4xx answer the page expected. */
export const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes("Failed to load resource"));
