import { describe, expect, it } from "vitest";
import { normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblems } from "./password.ts";

const common = new Set(["password123", "qwertyuiop", "iloveyou"]);
const context = { isCommon: (candidate: string) => common.has(candidate) };

describe("passwordProblems", () => {
  it("accepts a long enough, uncommon password", () => {
    expect(passwordProblems("quiet-lake-morning", context)).toEqual([]);
    expect(passwordProblems("a".repeat(PASSWORD_MIN_LENGTH - 1) + "z", context)).toEqual([]);
  });

  it("asks for a password when it is empty", () => {
    expect(passwordProblems("", context)).toEqual([PASSWORD_MESSAGES.required]);
  });

  it("refuses fewer than 8 characters and accepts exactly 8", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordProblems("abc4567", context)).toEqual(["The password field must be at least 8 characters."]);
    expect(passwordProblems("abcd5678", context)).toEqual([]);
  });

  it("refuses more than 128 characters and accepts exactly 128", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordProblems("x".repeat(128), context)).toEqual([]);
    expect(passwordProblems("x".repeat(129), context)).toEqual(["The password field must not be greater than 128 characters."]);
  });

  it("counts characters, not UTF-16 units: four emoji are four characters", () => {
    const emoji = "🌊🌙🌲🌸";
    expect(emoji.length).toBe(8);
    expect(passwordProblems(emoji, context)).toEqual([PASSWORD_MESSAGES.min]);
    expect(passwordProblems("🌊".repeat(128), context)).toEqual([]);
    expect(passwordProblems("🌊".repeat(129), context)).toEqual([PASSWORD_MESSAGES.max]);
  });

  it("allows spaces, and counts them", () => {
    expect(passwordProblems("a b c d ", context)).toEqual([]);
    expect(passwordProblems("        ", context)).toEqual([]);
  });

  it("refuses a common password, whatever its case", () => {
    expect(passwordProblems("password123", context)).toEqual([PASSWORD_MESSAGES.common]);
    expect(passwordProblems("QwertyUIOP", context)).toEqual([PASSWORD_MESSAGES.common]);
    expect(PASSWORD_MESSAGES.common).toBe("This password is too common. Please choose a less common password.");
  });

  it("hands the checker a lower-cased candidate", () => {
    const seen: string[] = [];
    passwordProblems("MiXeD-Case-42", { isCommon: (candidate) => (seen.push(candidate), false) });
    expect(seen).toEqual(["mixed-case-42"]);
  });

  it("refuses the account's own e-mail address as its password, ignoring case and spaces", () => {
    const email = "Robin@Example.com";
    expect(passwordProblems("robin@example.com", { ...context, email })).toEqual([PASSWORD_MESSAGES.sameAsEmail]);
    expect(passwordProblems(" ROBIN@EXAMPLE.COM ", { ...context, email: " robin@example.com" })).toEqual([PASSWORD_MESSAGES.sameAsEmail]);
    expect(passwordProblems("robin@example.com1", { ...context, email })).toEqual([]);
    expect(passwordProblems("robin@example.com", context)).toEqual([]);
  });

  it("reports every rule a password breaks", () => {
    const both = { isCommon: () => true, email: "iloveyou@x.io" };
    expect(passwordProblems("iloveyou@x.io", both)).toEqual([PASSWORD_MESSAGES.common, PASSWORD_MESSAGES.sameAsEmail]);
  });

  it("checks length before anything else, so a short common password gets the length message only", () => {
    expect(passwordProblems("abc", { isCommon: () => true, email: "abc" })).toEqual([PASSWORD_MESSAGES.min]);
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Robin.Green@Example.COM \n")).toBe("robin.green@example.com");
    expect(normalizeEmail("plain@example.com")).toBe("plain@example.com");
  });

  it("keeps the inside of the address as it is", () => {
    expect(normalizeEmail("First.Last+Tag@Mail.Example")).toBe("first.last+tag@mail.example");
    expect(normalizeEmail("")).toBe("");
  });

  it("is idempotent", () => {
    const once = normalizeEmail(" A@B.C ");
    expect(normalizeEmail(once)).toBe(once);
  });
});
