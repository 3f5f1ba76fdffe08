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
