import argon2 from "argon2";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  commonPasswordCount,
  hashPassword,
  isCommonPassword,
  needsRehash,
  newPasswordProblems,
  useCheapPasswordHashing,
  verifyPassword,
} from "./passwords.ts";

// Files share a worker's modules: whatever cost the file before asked for, these tests start from OWASP's.
beforeAll(() => useCheapPasswordHashing(false));

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/;

describe("password hashing", () => {
  it("writes argon2id with OWASP's cost in the standard PHC parameter order", async () => {
    const hash = await hashPassword("calm-river-stone-42");
    expect(hash).toMatch(PHC);
    expect(await hashPassword("calm-river-stone-42")).not.toBe(hash);
  });

  it("stores exactly what Argon2id computes for the salt in the string", async () => {
    const hash = await hashPassword("calm-river-stone-42");
    const [, salt, digest] = PHC.exec(hash)!;
    const raw = await argon2.hash("calm-river-stone-42", {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
      salt: Buffer.from(salt!, "base64"),
      raw: true,
    });
    expect(raw.toString("base64").replace(/=+$/, "")).toBe(digest);
  });

  it("verifies the right password only", async () => {
    const hash = await hashPassword("calm-river-stone-42");
    expect(await verifyPassword(hash, "calm-river-stone-42")).toBe(true);
    expect(await verifyPassword(hash, "calm-river-stone-43")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("still verifies hashes written in the argon2 package's own parameter order", async () => {
    const legacy = await argon2.hash("older-password-1", { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(legacy).toContain("m=19456,p=1,t=2");
    expect(await verifyPassword(legacy, "older-password-1")).toBe(true);
    expect(needsRehash(legacy)).toBe(false);
  });

  it("answers false, never throws, for no hash or a broken one", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword(undefined, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("asks to rehash a hash made with weaker settings", async () => {
    expect(needsRehash(await hashPassword("calm-river-stone-42"))).toBe(false);
    const weak = await argon2.hash("x-password-1", { type: argon2.argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(needsRehash(weak)).toBe(true);
  });
});

describe("the cheap hashing cost of the API's tests", () => {
  afterEach(() => {
    useCheapPasswordHashing(false);
    vi.unstubAllEnvs();
  });

  it("hashes at 1 MiB and 1 pass only while asked for, outside production", async () => {
    useCheapPasswordHashing(true);
    const cheap = await hashPassword("calm-river-stone-42");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(cheap, "calm-river-stone-42")).toBe(true);
    useCheapPasswordHashing(false);
    expect(await hashPassword("calm-river-stone-42")).toMatch(PHC);
    expect(needsRehash(cheap)).toBe(true);
  });

  it("keeps OWASP's cost in production, even when asked for the cheap one", async () => {
    vi.stubEnv("NODE_ENV", "production");
    useCheapPasswordHashing(true);
    const hash = await hashPassword("calm-river-stone-42");
    expect(hash).toMatch(PHC);
    expect(needsRehash(hash)).toBe(false);
  });
});

describe("common passwords", () => {
  it("knows tens of thousands of them, in any case", () => {
    expect(commonPasswordCount()).toBeGreaterThan(20_000);
    for (const candidate of ["password123", "qwertyuiop", "Iloveyou", "PASSWORD1"])
      expect(isCommonPassword(candidate), candidate).toBe(true);
    expect(isCommonPassword("calm-river-stone-42")).toBe(false);
  });

  it("are refused as new passwords", () => {
    expect(newPasswordProblems("qwertyuiop")).toEqual(["This password is too common. Please choose a less common password."]);
    expect(newPasswordProblems("calm-river-stone-42", "robin@example.test")).toEqual([]);
  });
});
