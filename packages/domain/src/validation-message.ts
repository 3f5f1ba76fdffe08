/**
 * The summary line of a Laravel validation error: the first message, and how many more follow.
 * `{ email: ["The email field is required."], name: ["…"] }` gives
 * "The email field is required. (and 1 more error)".
 */
export function validationSummary(errors: Record<string, string[]>): string {
  const messages = Object.values(errors).flat();
  if (messages.length === 0) return "The given data was invalid.";
  const more = messages.length - 1;
  if (more === 0) return messages[0]!;
  return `${messages[0]} (and ${more} more ${more === 1 ? "error" : "errors"})`;
}
