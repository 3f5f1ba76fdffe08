/** An error of the HTTP layer itself (rate limits), with its status and the headers to send. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, headers?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
    this.name = "HttpError";
  }
}
