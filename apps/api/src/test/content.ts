import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { loadCatalogue, type CatalogueItem } from "@serene/content";
import { users, type DatabaseHandle } from "@serene/db";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { seedDemoAccounts, DEMO_ACCOUNTS } from "../seed/demo-accounts.ts";
import { bearer, login, type Member } from "./accounts.ts";

/** The shipped demo catalogue, as the test databases were seeded with it. */
export const catalogue = loadCatalogue();

/** The catalogue item with this id; fails the test when there is none. */
export function itemById(id: number): CatalogueItem {
  const item = catalogue.items.find((candidate) => candidate.id === id);
  expect(item, `catalogue item ${id}`).toBeDefined();
  return item!;
}

/** The first catalogue item that fits; fails the test when none does. */
export function findItem(predicate: (item: CatalogueItem) => boolean, label = "a matching catalogue item"): CatalogueItem {
  const item = catalogue.items.find(predicate);
  expect(item, label).toBeDefined();
  return item!;
}

/** Ids of items that are sessions of a course or audios of a playlist (never listed on their own). */
export const childIds = new Set(catalogue.items.flatMap((item) => item.children ?? []));

/** Items that stand on their own. */
export const listedItems = catalogue.items.filter((item) => !childIds.has(item.id));

/** GET with a member's token. */
export function getAs(app: FastifyInstance, token: string, url: string) {
  return app.inject({ url, headers: bearer(token) });
}

/** A JSON call with a member's token. */
export function sendAs(app: FastifyInstance, token: string, method: "POST" | "DELETE" | "PUT" | "PATCH", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The demo accounts as the seed makes them (the premium one with its Annual subscription), signed in. */
export async function demoMembers(app: FastifyInstance, database: DatabaseHandle): Promise<{ free: Member; premium: Member }> {
  await seedDemoAccounts(database.db);
  const signIn = async (account: (typeof DEMO_ACCOUNTS)[number]): Promise<Member> => {
    const res = await login(app, account.email, account.password);
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, account.email));
    return { id: user!.id, name: account.name, email: account.email, password: account.password, token: res.json().token };
  };
  const free = DEMO_ACCOUNTS.find((account) => !account.premium)!;
  const premium = DEMO_ACCOUNTS.find((account) => account.premium)!;
  return { free: await signIn(free), premium: await signIn(premium) };
}

/** Sets a member's quiz goal. */
export async function setGoal(database: DatabaseHandle, userId: string, goal: string | null) {
  await database.db.update(users).set({ goal }).where(eq(users.id, userId));
}

/**
 * Makes a member's account `days` days old, as if they had registered then: listening before an account existed
 * is not believed (decision 054), so a test that reports sessions of past days opens the account before them.
 */
export async function openedDaysAgo(database: DatabaseHandle, userId: string, days: number) {
  await database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(users.id, userId));
}

/** A small HLS playlist, as the media build writes it. */
export const TINY_PLAYLIST = [
  "#EXTM3U",
  "#EXT-X-VERSION:7",
  "#EXT-X-TARGETDURATION:6",
  "#EXT-X-PLAYLIST-TYPE:VOD",
  '#EXT-X-MAP:URI="init.mp4"',
  "#EXTINF:6.0,",
  "seg-0.m4s",
  "#EXT-X-ENDLIST",
  "",
].join("\n");

/**
 * A media root of its own in a temp directory, laid out like content/media: the playlists and
 * segments of the given media paths (e.g. "free/morning-light/audio-male"), covers and a manifest.
 */
export function tinyMediaDir(mediaPaths: string[], covers: string[] = []): string {
  const root = mkdtempSync(path.join(tmpdir(), "serene-media-"));
  for (const mediaPath of mediaPaths) {
    const dir = path.join(root, mediaPath);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "index.m3u8"), TINY_PLAYLIST);
    writeFileSync(path.join(dir, "init.mp4"), Buffer.alloc(64, 1));
    writeFileSync(path.join(dir, "seg-0.m4s"), Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
  }
  mkdirSync(path.join(root, "covers"), { recursive: true });
  for (const slug of covers) {
    writeFileSync(
      path.join(root, "covers", `${slug}.svg`),
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>${slug}</title></svg>`,
    );
  }
  writeFileSync(path.join(root, "manifest.json"), JSON.stringify({ secret: true }));
  return root;
}
