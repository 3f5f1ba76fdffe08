import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { registerMember, subscribe } from "./accounts.ts";
import { expect } from "vitest";
import { itemById } from "./content.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export const APP_URL = "https://app.serene.test";
/** Media is addressed, and cookie policies name it, at this absolute address. */
export const MEDIA = `${APP_URL}/media`;
export const KEY_PAIR_ID = "K2SERENETEST";
const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
/** The app's own signing key, for cookies signed by hand. */
export const SIGNING_KEY = { privateKeyPem: pem, publicKey: createPublicKey(createPrivateKey(pem)), keyPairId: KEY_PAIR_ID };

/** A free item with a voice and a locked one with a voice, and the folders of their male voices. */
export const FREE = itemById(1);
export const LOCKED = itemById(3);
export const FREE_PATH = FREE.media!.audio_male!;
export const LOCKED_PATH = LOCKED.media!.audio_male!;

/** The free voice sits in the free folder and the locked one in the premium folder, as the tests rely on. */
export function expectFreeAndLockedFolders() {
  expect(FREE.free && FREE_PATH.startsWith("free/")).toBe(true);
  expect(!LOCKED.free && LOCKED_PATH.startsWith("premium/")).toBe(true);
}

/** An app that serves the media in dir at MEDIA behind cookies signed with SIGNING_KEY. */
export function createSignedMediaApp(dir: string, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    APP_URL,
    MEDIA_BASE_URL: MEDIA,
    MEDIA_DIR: dir,
    CLOUDFRONT_PRIVATE_KEY: pem,
    CLOUDFRONT_KEY_PAIR_ID: KEY_PAIR_ID,
    ...env,
  });
}

/** A free member and a paying one. */
export async function freeAndPayingMembers(t: TestApp) {
  const free = await registerMember(t.app, t.database, { name: "Free" });
  const premium = await registerMember(t.app, t.database, { name: "Paying" });
  await subscribe(t.database, premium.id);
  return { free, premium };
}

/** Cookies as a browser keeps them: name to value. */
export type Jar = Record<string, string>;
export const jarOf = (res: LightMyRequestResponse): Jar => Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie.value]));
