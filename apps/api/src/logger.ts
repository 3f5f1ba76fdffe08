import type { FastifyRequest } from "fastify";
import pino, { type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = /^(token|tmp_token|password|current_password|code|signature|policy|key|secret|client_secret|id_token)$/i;

/** Strips the values of secret query parameters from a URL before it is logged. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.test(key)) params.set(key, "[redacted]");
  }
  const query = params.toString();
  return query ? `${url.slice(0, queryStart)}?${query}` : url.slice(0, queryStart);
}

/** Drizzle appends a failed query's parameters to its message: `Failed query: <sql>\nparams: <values>`. */
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
/** PostgreSQL names the value it refused: `invalid input syntax for type uuid: "<value>"`, `value "<value>" is out of range`. */
const QUOTED_VALUE_AT_END = /: "(?:[^"\\]|\\.)*"$/gm;
const OUT_OF_RANGE_VALUE = /\bvalue "(?:[^"\\]|\\.)*"/g;
/** A constraint's detail shows the row: `Key (email)=(<value>) already exists.`, `Failing row contains (<values>).` */
const KEY_VALUES = /=\((?:[^()]|\([^()]*\))*\)/g;
const FAILING_ROW = /\bcontains \([\s\S]*\)/g;
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

const REDACTED = "[redacted]";

/** An error's message with every value a query carried taken out; the SQL and the reason stay. */
export function scrubErrorMessage(message: string): string {
  return message
    .replace(PARAMS_IN_MESSAGE, `\nparams: ${REDACTED}`)
    .replace(QUOTED_VALUE_AT_END, `: "${REDACTED}"`)
    .replace(OUT_OF_RANGE_VALUE, `value "${REDACTED}"`);
}

/** PostgreSQL's `detail` of an error, without the values it quotes. */
function scrubDetail(detail: string): string {
  return detail.replace(KEY_VALUES, `=(${REDACTED})`).replace(FAILING_ROW, `contains (${REDACTED})`).replace(QUOTED, `"${REDACTED}"`);
}

interface ErrorLike {
  name?: string;
  message: string;
  stack?: string;
  cause?: unknown;
  [key: string]: unknown;
}
const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";

/**
 * The `err` of every log line (app, server, worker): type, message, stack, code and the other
 * fields of the error and of its causes, never a query's parameters. Drizzle's `params` are
 * dropped and cut from its message, and the values PostgreSQL quotes in a message or `detail`
 * (an e-mail in a unique violation, a row in a check violation) are replaced by "[redacted]".
 */
export function serializeError(error: unknown, seen = new Set<unknown>()): unknown {
  if (!isErrorLike(error)) return error;
  if (seen.has(error)) return { message: "[circular]" };
  seen.add(error);
  const type = error.constructor?.name && error.constructor.name !== "Object" ? error.constructor.name : (error.name ?? "Error");
  const message = scrubErrorMessage(error.message);
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = { type, message, stack: [`${error.name ?? type}: ${message}`, ...frames].join("\n") };
  for (const key in error) {
    if (key in out || key === "params" || key === "cause") continue;
    const value = error[key];
    if (key === "detail" && typeof value === "string") out.detail = scrubDetail(value);
    else if (isErrorLike(value)) out[key] = serializeError(value, seen);
    else out[key] = value;
  }
  if (error.cause !== undefined) out.cause = serializeError(error.cause, seen);
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.current_password",
        "*.token",
        "*.tmp_token",
        "*.id_token",
        "*.client_secret",
      ],
      censor: "[redacted]",
    },
    serializers: {
      err: serializeError,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * The process logger: JSON lines (for a collector) or readable lines (for a person at a terminal),
 * with the same redaction and serializers either way. Each request's lines carry its `reqId`, the
 * id its answer sends back in `X-Request-Id`.
 */
export function createLogger(level: string, format: "json" | "pretty"): Logger {
  if (format === "json") return pino(loggerOptions(level));
  return pino(loggerOptions(level), pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true }));
}
