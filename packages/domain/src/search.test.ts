import { describe, expect, it } from "vitest";
import { mayBeMisspelt, SEARCH_MAX_WORDS, searchWords } from "./search.ts";

describe("searchWords", () => {
  it.each([
    ["Calm  sleep", ["calm", "sleep"]],
    ["  ", []],
    ["", []],
    [undefined, []],
    ["don't-worry!", ["don", "t", "worry"]],
    ["Méditation 10", ["méditation", "10"]],
    ["a:* & b | !c", ["a", "b", "c"]],
  ])("%j → %j", (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it("keeps at most 8 words of at most 40 letters", () => {
    expect(searchWords("one two three four five six seven eight nine ten")).toHaveLength(SEARCH_MAX_WORDS);
    expect(searchWords("x".repeat(60))[0]).toHaveLength(40);
  });
});

describe("mayBeMisspelt", () => {
  it("guesses misspellings only for words of four letters or more", () => {
    expect(mayBeMisspelt("slep")).toBe(true);
    expect(mayBeMisspelt("meditaton")).toBe(true);
    expect(mayBeMisspelt("zen")).toBe(false);
    expect(mayBeMisspelt("ém")).toBe(false);
  });
});
