import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The player's parts (decision 061): each a folder with its own components and its own stylesheet. */
const PARTS = ["engine", "stage", "controls", "transcript", "bed", "timer"];
const root = import.meta.dirname;

const sourcesIn = (folder: string) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file: path.join(folder, file), text: readFileSync(path.join(root, folder, file), "utf8") }));

const stylesheetImports = (text: string) => [...text.matchAll(/from "([^"]+\.module\.css)"/g)].map((match) => match[1]!);

describe("the player in parts", () => {
  it("has a folder for each part", () => {
    const folders = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name)).toEqual(expect.arrayContaining(PARTS));
  });

  it("styles a component only from a stylesheet of its own folder", () => {
    const strays = sourcesIn(".").flatMap(({ file, text }) =>
      stylesheetImports(text)
        .filter((sheet) => !sheet.startsWith("./") || sheet.slice(2).includes("/"))
        .map((sheet) => `${file} -> ${sheet}`),
    );
    expect(strays).toEqual([]);
  });

  it("keeps the engine free of markup and stylesheets", () => {
    const engine = sourcesIn("engine");
    expect(engine.filter(({ file, text }) => file.endsWith(".tsx") || stylesheetImports(text).length > 0)).toEqual([]);
  });

  it("keeps the stage a composition: no state, effects or engine calls of its own", () => {
    const stage = readFileSync(path.join(root, "stage", "player-stage.tsx"), "utf8");
    expect(stage).not.toMatch(/\buse(State|Effect|LayoutEffect|Ref|Callback|Id)\b|\bplayback\./);
  });
});
