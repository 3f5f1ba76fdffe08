import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { validationSummary } from "@serene/domain";
import { describeDatabaseFault, isDatabaseUnavailable } from "@serene/db";
import { databaseUnavailable, DomainError, type DomainErrorKind } from "../domain-errors.ts";
import { HttpError } from "../http-error.ts";

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** Turns a path like ["items", 0, "name"] into Laravel's dotted key "items.0.name". */
function fieldKey(issue: ValidationIssue): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join(".");
  const fromPointer = issue.instancePath?.replace(/^\//, "").replaceAll("/", ".");
  return fromPointer || "body";
}

/** The message a person reads for one broken rule, naming the field as Laravel does. */
function fieldMessage(field: string, issue: ValidationIssue): string {
  const label = field.split(".").at(-1)!.replaceAll("_", " ");
  const message = issue.message ?? "is invalid";
  if (/received undefined$/i.test(message)) return `The ${label} field is required.`;
  const type = /expected (\w+), received \w+/i.exec(message);
  if (type) return `The ${label} field must be ${/^[aeiou]/i.test(type[1]!) ? "an" : "a"} ${type[1]}.`;
  if (/^[A-Z]/.test(message) && message.endsWith(".")) return message;
  return `The ${label} field is invalid: ${message.charAt(0).toLowerCase()}${message.slice(1).replace(/\.$/, "")}.`;
}

function validationErrors(issues: ValidationIssue[]): Record<string, string[]> {
  // A Map, so a field named like an Object method (constructor, valueOf) is a field like any other.
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    const key = fieldKey(issue);
    errors.set(key, [...(errors.get(key) ?? []), fieldMessage(key, issue)]);
  }
  return Object.fromEntries(errors);
}

const BY_CODE: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Unsupported content type. Send application/json." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The request body length does not match its header." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty but declared as JSON." },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  // Multipart form data carries fields only, and only a few of them.
  FST_FILES_LIMIT: { status: 413, message: "Files are not accepted here." },
  FST_FIELDS_LIMIT: { status: 413, message: "The form has too many fields." },
  FST_PARTS_LIMIT: { status: 413, message: "The form has too many fields." },
};

/** The one place a domain error becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  unreadable: 400,
  invalid: 422,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unavailable: 503,
};
const KIND_OF = new Map(Object.entries(STATUS_OF).map(([kind, status]) => [status, kind as DomainErrorKind]));

export const statusOf = (error: DomainError) => STATUS_OF[error.kind];

/** The domain error a stored answer's status stands for (an idempotent call answering again). */
export function domainErrorOf(status: number, message: string, errors?: Record<string, string[]>): DomainError {
  return new DomainError(KIND_OF.get(status) ?? "conflict", message, errors);
}

export function sendError(reply: FastifyReply, status: number, body: { message: string; errors?: Record<string, string[]> }) {
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

/** What the router itself refuses before any route runs (Fastify's `frameworkErrors`), in the same envelope. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: "The address is not valid: it holds a broken percent-encoding." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: "A part of the address is too long." },
};

export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code] ?? { status: error.statusCode ?? 400, message: "The request could not be read." };
  void sendError(reply, known.status, { message: known.message });
}

/** How long a client should wait before trying again when the database did not answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Every error leaves in the Laravel-shaped envelope; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  const answer = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A database that is unreachable, too slow or restarting: 503, try again shortly (one log line, no query).
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`answered 503: the database did not answer (${describeDatabaseFault(error)})`);
      const unavailable = databaseUnavailable();
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, statusOf(unavailable), { message: unavailable.message });
    }
    if (error instanceof DomainError) {
      return sendError(reply, statusOf(error), { message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error.validation as ValidationIssue[]);
      return sendError(reply, 422, { message: validationSummary(errors), errors });
    }
    const known = error.code ? BY_CODE[error.code] : undefined;
    if (known) return sendError(reply, known.status, { message: known.message });
    if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
      return sendError(reply, 400, { message: "The request body is not valid JSON." });
    }
    if (error.statusCode === 429) {
      return sendError(reply, 429, { message: "Too many requests. Please wait a moment and try again." });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, { message: error.message || "The request could not be processed." });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
    } else {
      request.log.error({ err: error }, "request failed");
    }
    return sendError(reply, 500, { message: "Server Error" });
  };
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    try {
      return answer(error, request, reply);
    } catch (failure) {
      // Answering failed itself: still the plain 500, never the failure's message.
      request.log.error({ err: failure }, "the error handler failed");
      return sendError(reply, 500, { message: "Server Error" });
    }
  });
}
