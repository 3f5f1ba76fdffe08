/**
 * The checks the card form makes before it sends anything (decision 041): the number passes the
 * Luhn check, the expiry is a real month that has not yet passed, and the security code has the
 * length the card's brand uses (4 digits for American Express, 3 for the others). The processor
 * checks again; these only spare the member a round trip and say what to fix beside the field.
 */

export type CardField = "number" | "expiry" | "cvc";
export type CardProblems = Partial<Record<CardField, string>>;

export const CARD_MESSAGES = {
  numberMissing: "Please enter your card number.",
  numberInvalid: "This card number doesn't look right. Please check the digits.",
  expiryMissing: "Please enter the expiry date as MM / YY.",
  expiryMonth: "Please enter a month from 01 to 12.",
  expiryPast: "This card has expired. Please check the date or use another card.",
  cvcMissing: "Please enter the security code.",
  cvcThree: "The security code is the 3 digits on the back of your card.",
  cvcFour: "The security code is the 4 digits on the front of your card.",
} as const;

/** The shortest and longest card numbers the processor accepts. */
export const CARD_NUMBER_DIGITS = { min: 12, max: 19 } as const;

/** The digits of a card number as typed (spaces and dashes dropped). */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, "");

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** American Express numbers start with 34 or 37; their security code has four digits. */
export const isAmericanExpress = (digits: string): boolean => /^3[47]/.test(digits);

/** The security code's length for a card number: 4 for American Express, otherwise 3. */
export const cvcLength = (number: string): 3 | 4 => (isAmericanExpress(cardDigits(number)) ? 4 : 3);

/** What is wrong with a card number, or null when it may be sent. */
export function cardNumberProblem(number: string): string | null {
  const digits = cardDigits(number);
  if (digits.length === 0) return CARD_MESSAGES.numberMissing;
  if (!/^\d+$/.test(digits)) return CARD_MESSAGES.numberInvalid;
  if (digits.length < CARD_NUMBER_DIGITS.min || digits.length > CARD_NUMBER_DIGITS.max) return CARD_MESSAGES.numberInvalid;
  if (isAmericanExpress(digits) && digits.length !== 15) return CARD_MESSAGES.numberInvalid;
  return passesLuhn(digits) ? null : CARD_MESSAGES.numberInvalid;
}

/**
 * What is wrong with an expiry month and year, or null. A card is good through the last day of
 * its month; the month is counted in UTC, as the processor counts it. A two-digit year is 20YY.
 */
export function cardExpiryProblem(month: string, year: string, now: Date): string | null {
  if (!/^\d{1,2}$/.test(month) || !/^(\d{2}|\d{4})$/.test(year)) return CARD_MESSAGES.expiryMissing;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return CARD_MESSAGES.expiryMonth;
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (fullYear < thisYear || (fullYear === thisYear && monthNumber < thisMonth)) return CARD_MESSAGES.expiryPast;
  return null;
}

/** What is wrong with a security code for a card number, or null. */
export function cardCvcProblem(cvc: string, number: string): string | null {
  if (cvc.length === 0) return CARD_MESSAGES.cvcMissing;
  const wanted = cvcLength(number);
  if (!/^\d+$/.test(cvc) || cvc.length !== wanted) return wanted === 4 ? CARD_MESSAGES.cvcFour : CARD_MESSAGES.cvcThree;
  return null;
}

/** Every problem of a card form, by field; an empty object means the card may be sent. */
export function cardProblems(card: { number: string; expMonth: string; expYear: string; cvc: string }, now: Date): CardProblems {
  const problems: CardProblems = {};
  const number = cardNumberProblem(card.number);
  if (number) problems.number = number;
  const expiry = cardExpiryProblem(card.expMonth, card.expYear, now);
  if (expiry) problems.expiry = expiry;
  const cvc = cardCvcProblem(card.cvc, card.number);
  if (cvc) problems.cvc = cvc;
  return problems;
}
