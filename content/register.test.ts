import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readIngestedItems, registerIngestedItem, type IngestedItem } from "./register";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const item = (id: number, name: string): IngestedItem => ({
  id,
  slug: `item-${id}`,
  model: "meditation-sleep",
  type: "Meditations",
  name,
  description: "",
  free: true,
  tags: ["sleep"],
  media: { audio_male: `free/item-${id}/audio-male` },
  streams: { [`free/item-${id}/audio-male`]: { duration: 20, kind: "audio", bytes: 1000 } },
});

describe("registerIngestedItem", () => {
  it("appends items to ingested.json without their stream facts and replaces by id", async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), "serene-register-"));
    dirs.push(mediaDir);
    expect(await readIngestedItems(mediaDir)).toEqual([]);
    await registerIngestedItem(item(101, "First"), { mediaDir });
    await registerIngestedItem(item(100, "Second"), { mediaDir });
    await registerIngestedItem(item(101, "First, again"), { mediaDir });
    const stored = JSON.parse(await readFile(join(mediaDir, "ingested.json"), "utf8")) as Array<Record<string, unknown>>;
    expect(stored.map((entry) => [entry.id, entry.name])).toEqual([
      [100, "Second"],
      [101, "First, again"],
    ]);
    expect(stored[0]).not.toHaveProperty("streams");
  });
});
