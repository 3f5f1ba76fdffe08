import { validationSummary } from "@serene/domain";

/**
 * What went wrong, in the product's terms. Services throw these; the error plugin
 * (plugins/errors.ts) alone turns each kind into its HTTP status.
 */
export type DomainErrorKind =
  "unreadable" | "invalid" | "unauthenticated" | "declined" | "forbidden" | "not_found" | "conflict" | "too_large" | "unavailable";

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Field errors of an `invalid` request, every broken rule of every field (Laravel's shape). */
  readonly errors: Record<string, string[]> | undefined;
  constructor(kind: DomainErrorKind, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.kind = kind;
    this.errors = errors;
    this.name = "DomainError";
  }
}

export const unauthenticated = () => new DomainError("unauthenticated", "Unauthenticated.");
export const notFound = (message = "Not found.") => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const tooLarge = (message: string) => new DomainError("too_large", message);
export const forbidden = (message: string) => new DomainError("forbidden", message);
/** A payment the processor or the member refused. */
export const declined = (message: string) => new DomainError("declined", message);
/** A request that cannot be read at all (a webhook whose signature does not verify). */
export const unreadable = (message: string) => new DomainError("unreadable", message);
/** A provider the product depends on cannot answer now. */
export const unavailable = (message: string) => new DomainError("unavailable", message);
/** The database cannot answer now (unreachable, too slow, restarting): try again shortly. */
export const databaseUnavailable = () => unavailable("Service temporarily unavailable. Please try again in a moment.");

/** Field errors, one summary message over them all. */
export const invalid = (errors: Record<string, string[]>, message = validationSummary(errors)) =>
  new DomainError("invalid", message, errors);
/** One message for one field, the way Laravel reports a failed rule. */
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] }, message);

/** Field errors collected the Laravel way: every broken rule of every field, thrown as one `invalid`. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  addAll(field: string, messages: string[]) {
    for (const message of messages) this.add(field, message);
  }
  throwIfAny() {
    if (Object.keys(this.errors).length > 0) throw invalid(this.errors);
  }
}
