import { CATALOGUE_CACHE, DOWNLOADS_CACHE } from "@serene/domain";
import { describe, expect, it, vi } from "vitest";
import { FakeCacheStorage } from "../test/fake-caches";
import { forgetOfflineData, offlineDataVersion } from "./offline-data";
import { endSession, signingOut, startSession, whenSigningOut } from "./session";

async function keptStorage() {
  const storage = new FakeCacheStorage();
  vi.stubGlobal("caches", storage);
  await (await storage.open(DOWNLOADS_CACHE)).put("http://localhost/media/a/seg-0.m4s", new Response("s"));
  await (await storage.open(CATALOGUE_CACHE)).put("http://localhost/api/v1/tags", new Response("[]"));
  await storage.open("workbox-precache-v2");
  return storage;
}

describe("what is kept for offline use", () => {
  it("goes entirely, downloads and catalogue, leaving the app's own code", async () => {
    const storage = await keptStorage();
    const before = offlineDataVersion();
    await forgetOfflineData();
    expect(await storage.keys()).toEqual(["workbox-precache-v2"]);
    expect(offlineDataVersion()).toBeGreaterThan(before);
  });

  it("goes when a new session starts on this device", async () => {
    const storage = await keptStorage();
    startSession("token-of-someone-else");
    await vi.waitFor(async () => expect(await storage.keys()).toEqual(["workbox-precache-v2"]));
    endSession();
  });

  it("goes when the member signs out, through the work registered for it", async () => {
    const storage = await keptStorage();
    const stop = whenSigningOut(() => void forgetOfflineData());
    signingOut();
    stop();
    await vi.waitFor(async () => expect(await storage.keys()).toEqual(["workbox-precache-v2"]));
  });

  it("is nothing to do where the browser has no Cache Storage", async () => {
    vi.stubGlobal("caches", undefined);
    await expect(forgetOfflineData()).resolves.toBeUndefined();
  });
});
