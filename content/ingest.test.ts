import { describe, expect, it } from "vitest";
import { IngestUsageError, inferVariant, parseIngestArgs, slugify } from "./ingest-args.ts";

const base = ["talk.wav", "--model", "meditation-sleep", "--type", "Meditations"];

describe("ingest arguments", () => {
  it("parses a full command line", () => {
    const args = parseIngestArgs([
      "--",
      "m.wav",
      "f.mp4",
      "--name",
      "Evening Calm",
      "--model",
      "meditation-sleep",
      "--type",
      "Sleepcasts",
      "--variant",
      "audio_male,video_female",
      "--free",
      "--tags",
      "Sleep, evening,sleep",
      "--description",
      " Wind down. ",
      "--goal=SLEEP_BETTER",
      "--soundscape",
      "free/ambient/rain",
      "--id",
      "120",
    ]);
    expect(args).toEqual({
      files: ["m.wav", "f.mp4"],
      name: "Evening Calm",
      model: "meditation-sleep",
      type: "Sleepcasts",
      variants: ["audio_male", "video_female"],
      free: true,
      tags: ["sleep", "evening"],
      description: "Wind down.",
      goal: "SLEEP_BETTER",
      soundscape: "free/ambient/rain",
      slug: null,
      id: 120,
    });
  });

  it("says clearly when --name is missing", () => {
    expect(() => parseIngestArgs(base)).toThrow(IngestUsageError);
    expect(() => parseIngestArgs(base)).toThrow('Missing --name: every item needs a display name, e.g. --name "Evening Calm".');
  });

  it("leaves variants open when --variant is absent and is not free by default", () => {
    const args = parseIngestArgs([...base, "--name", "Calm"]);
    expect(args.variants).toEqual([null]);
    expect(args.free).toBe(false);
    expect(args.id).toBeNull();
  });

  it.each([
    [["--name", "Calm", "--model", "meditation-sleep", "--type", "Meditations"], /No input file/],
    [["a.wav", "--name", "Calm", "--type", "Meditations"], /Missing --model/],
    [["a.wav", "--name", "Calm", "--model", "podcast", "--type", "Meditations"], /Unknown --model "podcast"/],
    [["a.wav", "--name", "Calm", "--model", "cbt-course", "--type", "Meditations"], /has no media of its own/],
    [["a.wav", "--name", "Calm", "--model", "cbt"], /Missing --type/],
    [["a.wav", "--name", "Calm", "--model", "cbt", "--type", "Podcasts"], /Unknown --type "Podcasts"/],
    [[...base, "--name", "Calm", "--variant", "audio_male,audio_female"], /2 variant\(s\) for 1 file/],
    [[...base, "--name", "Calm", "--variant", "audio"], /does not fit --model meditation-sleep/],
    [[...base, "--name", "Calm", "--variant", "voice"], /Unknown --variant "voice"/],
    [[...base, "--name", "Calm", "--id", "0"], /not a positive whole number/],
    [[...base, "--name", "Calm", "--id", "3.5"], /not a positive whole number/],
    [[...base, "--name", "Calm", "--tags", "deep sleep"], /not a slug/],
    [[...base, "--name", "Calm", "--goal", "RELAX"], /Unknown --goal/],
    [[...base, "--name", "Calm", "--colour", "blue"], /Unknown option --colour/],
    [[...base, "--name"], /--name needs a value/],
    [[...base, "--name", "--free"], /--name needs a value/],
    [[...base, "--name", "A", "--name", "B"], /given twice/],
  ])("rejects %j", (argv, message) => {
    expect(() => parseIngestArgs(argv)).toThrow(message);
  });

  it("infers the variant from the model, the streams and the file name", () => {
    expect(inferVariant("meditation-sleep", false, "/tmp/calm.wav")).toBe("audio_male");
    expect(inferVariant("cbt", false, "/tmp/calm-female.m4a")).toBe("audio_female");
    expect(inferVariant("meditation-sleep", true, "/female/calm.mp4")).toBe("video_male");
    expect(inferVariant("meditation-sleep", true, "calm_female.mp4")).toBe("video_female");
    expect(inferVariant("music-soundscape", false, "rain.flac")).toBe("audio");
    expect(inferVariant("music-soundscape", true, "rain.mp4")).toBe("video");
  });

  it("makes slugs from names", () => {
    expect(slugify("Evening Calm, Part 2!")).toBe("evening-calm-part-2");
    expect(slugify("The Keeper’s Café")).toBe("the-keepers-cafe");
    expect(slugify("!!!")).toBe("item");
  });
});
