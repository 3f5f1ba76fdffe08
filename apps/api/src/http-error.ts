import { validationSummary } from "@serene/domain";

/** An error a service throws to answer with a status and a message the caller may read. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const notFound = (message = "Not found.") => new HttpError(404, message);

/** A 422 with one message for one field, the way Laravel reports a failed rule. */
export const invalidField = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

/** Field errors collected the Laravel way: every broken rule of every field, thrown as one 422. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  addAll(field: string, messages: string[]) {
    for (const message of messages) this.add(field, message);
  }
  throwIfAny() {
    if (Object.keys(this.errors).length > 0) throw new HttpError(422, validationSummary(this.errors), this.errors);
  }
}
