import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MixBody } from "./mixer.ts";

const problemsOf = (input: unknown) => {
  const result = MixBody.safeParse(input);
  expect(result.success, "the schema accepted the input").toBe(false);
  const problems: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (problems[issue.path.join(".")] ??= []).push(issue.message);
  return problems;
};

describe("a mix body (decision 044)", () => {
  it("trims the name, keeps the sounds in order and drops unknown fields", () => {
    expect(
      MixBody.parse({
        name: "  Rain  ",
        layers: [
          { id: 2, volume: 1, name: "x" },
          { id: 1, volume: 0 },
        ],
        id: "x",
      }),
    ).toEqual({
      name: "Rain",
      layers: [
        { id: 2, volume: 1 },
        { id: 1, volume: 0 },
      ],
    });
  });

  it("says a text is not a list, without counting its letters as sounds", () => {
    expect(problemsOf({ name: "Rain", layers: "rain" })).toEqual({ layers: ["The layers field must be a list."] });
    expect(problemsOf({ name: "Rain", layers: "" })).toEqual({ layers: ["The layers field must be a list."] });
  });

  it("counts the sounds of a list: one to three", () => {
    const sound = { id: 1, volume: 0.5 };
    expect(problemsOf({ name: "Rain", layers: [] })).toEqual({ layers: ["The layers field must have at least 1 sound."] });
    expect(problemsOf({ name: "Rain", layers: [sound, sound, sound, sound] })).toEqual({
      layers: ["The layers field must not have more than 3 sounds."],
    });
  });

  it("keeps the limits in the API's document", () => {
    expect(z.toJSONSchema(MixBody, { io: "input" }).properties?.layers).toMatchObject({ minItems: 1, maxItems: 3 });
  });
});
