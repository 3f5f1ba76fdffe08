/** Password rules shared by registration, reset and change (NIST SP 800-63B style). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: "The password field is required.",
  min: `The password field must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  max: `The password field must not be greater than ${PASSWORD_MAX_LENGTH} characters.`,
  common: "This password is too common. Please choose a less common password.",
  sameAsEmail: "The password must not be the same as your e-mail address.",
} as const;

export interface PasswordContext {
  /** Whether the password is on the list of the most common passwords. */
  isCommon: (candidate: string) => boolean;
  /** The account's e-mail address, which must not double as its password. */
  email?: string;
}

/**
 * Every rule a new password breaks, as the messages shown under the password field. Length is
 * counted in characters (code points), so an emoji counts once. Spaces are allowed.
 */
export function passwordProblems(password: string, context: PasswordContext): string[] {
  const length = [...password].length;
  if (length === 0) return [PASSWORD_MESSAGES.required];
  if (length < PASSWORD_MIN_LENGTH) return [PASSWORD_MESSAGES.min];
  if (length > PASSWORD_MAX_LENGTH) return [PASSWORD_MESSAGES.max];
  const problems: string[] = [];
  if (context.isCommon(password.toLowerCase())) problems.push(PASSWORD_MESSAGES.common);
  if (context.email && password.trim().toLowerCase() === context.email.trim().toLowerCase()) {
    problems.push(PASSWORD_MESSAGES.sameAsEmail);
  }
  return problems;
}

/** E-mail addresses are compared and stored in one form: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
