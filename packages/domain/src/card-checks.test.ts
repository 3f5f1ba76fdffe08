import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CARD_MESSAGES,
  cardCvcProblem,
  cardExpiryProblem,
  cardNumberProblem,
  cardProblems,
  cvcLength,
  isAmericanExpress,
  passesLuhn,
} from "./card-checks.ts";
import { SANDBOX_TEST_CARDS } from "./payment-messages.ts";

const NOW = new Date("2026-11-26T06:45:00Z");

describe("passesLuhn", () => {
  it.each([
    ["4242424242424242", true],
    ["4000000000000002", true],
    ["4000002760003184", true],
    ["378282246310005", true],
    ["5555555555554444", true],
    ["6011111111111117", true],
    ["4242424242424241", false],
    ["4242424242424243", false],
    ["1234567812345678", false],
    ["", false],
    ["4242 4242", false],
  ])("%s → %s", (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });

  it("catches every single mistyped digit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const digits = SANDBOX_TEST_CARDS.succeeds.split("").map(Number);
        digits[position] = (digits[position]! + shift) % 10;
        expect(passesLuhn(digits.join(""))).toBe(false);
      }),
    );
  });

  it("accepts the sandbox's test cards", () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
  });
});

describe("cardNumberProblem", () => {
  it.each([
    ["4242 4242 4242 4242", null],
    ["4242-4242-4242-4242", null],
    ["3782 822463 10005", null],
    ["", CARD_MESSAGES.numberMissing],
    ["   ", CARD_MESSAGES.numberMissing],
    ["4242 4242 4242 4241", CARD_MESSAGES.numberInvalid],
    ["4242", CARD_MESSAGES.numberInvalid],
    ["42424242424242424242", CARD_MESSAGES.numberInvalid],
    ["4242a42424242424", CARD_MESSAGES.numberInvalid],
    // An American Express number has 15 digits, even when the Luhn sum happens to work out.
    ["3400000000000009", CARD_MESSAGES.numberInvalid],
  ])("%j → %j", (number, expected) => {
    expect(cardNumberProblem(number)).toBe(expected);
  });
});

describe("cardExpiryProblem", () => {
  it.each([
    ["11", "26", null],
    ["11", "2026", null],
    ["12", "26", null],
    ["01", "27", null],
    ["1", "30", null],
    ["10", "26", CARD_MESSAGES.expiryPast],
    ["12", "25", CARD_MESSAGES.expiryPast],
    ["00", "27", CARD_MESSAGES.expiryMonth],
    ["13", "27", CARD_MESSAGES.expiryMonth],
    ["", "", CARD_MESSAGES.expiryMissing],
    ["12", "", CARD_MESSAGES.expiryMissing],
    ["12", "3", CARD_MESSAGES.expiryMissing],
  ])("%s / %s → %j", (month, year, expected) => {
    expect(cardExpiryProblem(month, year, NOW)).toBe(expected);
  });

  it("counts the month in UTC, as the processor does", () => {
    // 30 November 23:30 in New York is already 1 December in UTC: a November card has expired.
    expect(cardExpiryProblem("11", "26", new Date("2026-12-01T04:30:00Z"))).toBe(CARD_MESSAGES.expiryPast);
    expect(cardExpiryProblem("11", "26", new Date("2026-11-30T23:59:59Z"))).toBeNull();
  });
});

describe("cardCvcProblem", () => {
  it("wants 4 digits for American Express and 3 for the others", () => {
    expect(isAmericanExpress("378282246310005")).toBe(true);
    expect(isAmericanExpress("341111111111111")).toBe(true);
    expect(isAmericanExpress("4242424242424242")).toBe(false);
    expect(cvcLength("3782 822463 10005")).toBe(4);
    expect(cvcLength("4242 4242 4242 4242")).toBe(3);
    expect(cvcLength("")).toBe(3);
  });

  it.each([
    ["123", "4242424242424242", null],
    ["1234", "378282246310005", null],
    ["", "4242424242424242", CARD_MESSAGES.cvcMissing],
    ["12", "4242424242424242", CARD_MESSAGES.cvcThree],
    ["1234", "4242424242424242", CARD_MESSAGES.cvcThree],
    ["123", "378282246310005", CARD_MESSAGES.cvcFour],
    ["12a", "4242424242424242", CARD_MESSAGES.cvcThree],
  ])("%j for %s → %j", (cvc, number, expected) => {
    expect(cardCvcProblem(cvc, number)).toBe(expected);
  });
});

describe("cardProblems", () => {
  it("is empty for a good card", () => {
    expect(cardProblems({ number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" }, NOW)).toEqual({});
  });

  it("names every field that needs a change", () => {
    expect(cardProblems({ number: "4242 4242 4242 4241", expMonth: "01", expYear: "24", cvc: "1" }, NOW)).toEqual({
      number: CARD_MESSAGES.numberInvalid,
      expiry: CARD_MESSAGES.expiryPast,
      cvc: CARD_MESSAGES.cvcThree,
    });
  });
});
