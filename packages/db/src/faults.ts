/**
 * Which errors mean "the database cannot answer right now" (unreachable, too slow, restarting,
 * its connection cut) rather than "this query is wrong". Callers answer the first kind with 503 and
 * a Retry-After, and retry start-up on it; the second kind stays a bug (500).
 */

/** SQLSTATE codes of a database that is going away, refusing connections or cancelling work. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, in recovery
  "57014", // query_canceled: statement_timeout
  "25P03", // idle_in_transaction_session_timeout
  "53300", // too_many_connections
]);

/** Socket errors of a server that is not there (or not reachable) at all. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** What node-postgres and PGlite say, without a code, when a connection is gone or never came. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // waiting for a free connection in the pool
  /^Query read timeout$/, // query_timeout: the server stopped answering
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/, // shutting down
  /^PGlite is closed$/,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and every cause under it (Drizzle wraps the driver's error in a DrizzleQueryError). */
function* chain(error: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const item = current as ErrorLike;
    yield item;
    // Node's AggregateError of a host name with several addresses (IPv4 and IPv6 both refused).
    if (Array.isArray(item.errors)) for (const inner of item.errors) if (inner && typeof inner === "object") yield inner as ErrorLike;
    current = item.cause;
  }
}

function isUnavailableItem(item: ErrorLike): boolean {
  const code = typeof item.code === "string" ? item.code : "";
  if (code.startsWith("08") && code.length === 5) return true; // connection_exception class
  if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  const message = typeof item.message === "string" ? item.message : "";
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** An HTTP call's failure (fetch wraps its socket error): another service, not the database. */
const isHttpCall = (item: ErrorLike) => item instanceof TypeError && item.message === "fetch failed";

/** Whether an error (or any cause under it) says the database cannot answer right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const item of chain(error)) {
    if (isHttpCall(item)) return false;
    if (isUnavailableItem(item)) return true;
  }
  return false;
}

/**
 * One line about why the database cannot answer, for the log: the driver's code and message, never
 * the query or its parameters (a DrizzleQueryError's own message carries both).
 */
export function describeDatabaseFault(error: unknown): string {
  for (const item of chain(error)) {
    if (!isUnavailableItem(item)) continue;
    const code = typeof item.code === "string" ? item.code : "";
    const message = typeof item.message === "string" ? item.message.split("\n")[0]!.slice(0, 200) : "";
    if (code && message.includes(code)) return message;
    return [code, message].filter(Boolean).join(" ") || "unknown";
  }
  return "unknown";
}
