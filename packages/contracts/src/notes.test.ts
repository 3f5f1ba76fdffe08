import { describe, expect, it } from "vitest";
import { NOTE_CONTENT_MAX, NOTE_TITLE_MAX, NoteBody } from "./notes.ts";

const problemsOf = (input: unknown) => {
  const result = NoteBody.safeParse(input);
  expect(result.success, "the schema accepted the input").toBe(false);
  const problems: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (problems[issue.path.join(".")] ??= []).push(issue.message);
  return problems;
};

describe("a note body (decision 033)", () => {
  it("trims the title, keeps the content as written and drops unknown fields", () => {
    expect(NoteBody.parse({ title: "  Evening  ", content: "  Line one\n\nLine two  ", id: "x" })).toEqual({
      title: "Evening",
      content: "  Line one\n\nLine two  ",
    });
  });

  it("takes the longest title and content, and one character more is refused", () => {
    expect(NoteBody.safeParse({ title: "t".repeat(NOTE_TITLE_MAX), content: "c".repeat(NOTE_CONTENT_MAX) }).success).toBe(true);
    expect(problemsOf({ title: "t".repeat(NOTE_TITLE_MAX + 1), content: "c".repeat(NOTE_CONTENT_MAX + 1) })).toEqual({
      title: ["The title field must not be greater than 120 characters."],
      content: ["The content field must not be greater than 10000 characters."],
    });
  });

  it("names a missing, blank or wrongly typed field once", () => {
    expect(problemsOf({})).toEqual({ title: ["The title field is required."], content: ["The content field is required."] });
    expect(problemsOf({ title: " ", content: "\n " })).toEqual({
      title: ["The title field is required."],
      content: ["The content field is required."],
    });
    expect(problemsOf({ title: 1, content: false })).toEqual({
      title: ["The title field must be a string."],
      content: ["The content field must be a string."],
    });
  });
});
