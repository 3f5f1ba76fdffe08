import type { Endpoints } from "@serene/contracts";
import { useErrorStore } from "./error-store";
import { clearToken, getToken } from "./storage";

const API_BASE = "/api/v1";

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart form data instead of JSON. */
  form?: FormData;
  signal?: AbortSignal;
  /** Keep the request alive while the page unloads (analytics). */
  keepalive?: boolean;
  /**
   * Do not show the global error toast when this call fails; "validation" keeps only 422 and 429
   * answers out of it, for forms that show the server's field messages under their inputs and its
   * "too many tries" message above them (see useServerFieldErrors).
   */
  silent?: boolean | "validation";
  /** A 401 normally ends the session and goes to /login; false leaves it to the caller (log out). */
  endSessionOnUnauthorized?: boolean;
  /**
   * Another session's bearer token instead of the member's (the operator console's staff session,
   * decision 067); a 401 then calls `onUnauthorized` and leaves the member's session alone.
   */
  bearer?: { token: string | null; onUnauthorized: () => void };
  /**
   * The `Idempotency-Key` header: the same key never does a write twice (decision 066). Every write
   * sends one, a fresh key per call unless given here (a purchase keeps its key across attempts).
   */
  idempotencyKey?: string;
}

/** A fresh key for one write (a UUID). */
export function newRequestKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === "function") return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Answers that mean the call never reached a server able to do it (a node lost behind the load
 * balancer, a gateway that gave up): a call is sent once more after RETRY_PAUSE_MS. Safe for every
 * call: reads change nothing, and each write carries its key, so a write that did land answers the same.
 */
const RETRIED_STATUSES = new Set([502, 503, 504]);
export const RETRY_PAUSE_MS = 400;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError"));
      },
      { once: true },
    );
  });

/**
 * A failed call: the status and the server's body (`message`, and `errors` for a 422); `retryAfter`
 * is the wait in seconds the answer's Retry-After header asked for (a 429 or a 503), if any.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: { message?: string; errors?: Record<string, string[]> } & Record<string, unknown>;
  readonly retryAfter: number | null;
  constructor(status: number, data: ApiError["data"], retryAfter: number | null = null) {
    super(data.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.data = data;
    this.retryAfter = retryAfter;
    this.name = "ApiError";
  }
}

/** A Retry-After header in seconds (it may be a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "30 seconds", "1 second", "2 minutes": a wait as a person says it, whole minutes from a minute on (rounded up). */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

const TOO_MANY_REQUESTS = "That was a few tries in a row. Please wait a moment, then try again.";

/**
 * What a form says when the server answered 429: the server's own message; when that message names no
 * wait and the answer sent Retry-After, the wait is added. Undefined for any other failure.
 */
export function tooManyRequestsMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const message = error.data.message?.trim() || TOO_MANY_REQUESTS;
  if (error.retryAfter === null || error.retryAfter <= 0 || /\d/.test(message)) return message;
  return `${message} You can try again in ${waitText(error.retryAfter)}.`;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * What happens after a call that sent a token was answered 401: the token is already gone from
 * storage; the app registers a handler that goes to /login. Returns a function that unregisters it.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/** A badge a write just earned, as the API sends it beside `data` (contracts: EarnedAchievement). */
export interface EarnedBadge {
  name: string;
  machine_name: string;
  description: string;
}
type EarnedHandler = (earned: EarnedBadge[]) => void;
let earnedHandler: EarnedHandler | null = null;

/**
 * What happens when a successful write answers `earned: [...]` (a favourite, a session, a note, a
 * shared link, a workbook entry): the app registers one handler that shows a toast per badge, so
 * every screen that writes gets it without doing anything. Returns a function that unregisters it.
 */
export function onEarned(handler: EarnedHandler): () => void {
  earnedHandler = handler;
  return () => {
    if (earnedHandler === handler) earnedHandler = null;
  };
}

/** The badges a response body names in `earned`, if it is a list of them; anything else is no badge. */
export function earnedIn(data: unknown): EarnedBadge[] {
  if (!data || typeof data !== "object" || !("earned" in data) || !Array.isArray(data.earned)) return [];
  return (data.earned as unknown[]).filter(
    (item): item is EarnedBadge =>
      Boolean(item) &&
      typeof item === "object" &&
      typeof (item as EarnedBadge).name === "string" &&
      typeof (item as EarnedBadge).machine_name === "string",
  );
}

const showsGlobalError = (options: RequestOptions, failure: ApiError) =>
  options.silent === "validation" ? failure.status !== 422 && failure.status !== 429 : !options.silent;

function buildUrl(path: string, query: RequestOptions["query"] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.filter((v) => v !== undefined && v !== null).join(",") : String(value));
  }
  // The time-stamp parameter the spec's web app adds to every call.
  params.set("t", String(Date.now()));
  return `${API_BASE}/${path.replace(/^\//, "")}?${params}`;
}

/**
 * Sends one call with the app's headers, once more when the first try found no server able to answer
 * (a network failure, 502, 503 or 504; see RETRIED_STATUSES); a network failure on both becomes an
 * ApiError with status 0. A write sends the same key both times.
 */
async function send(
  method: string,
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<{ response: Response; token: string | null }> {
  const sent = method === "GET" ? options : { ...options, idempotencyKey: options.idempotencyKey ?? newRequestKey() };
  try {
    const first = await sendOnce(method, path, sent, accept);
    if (!RETRIED_STATUSES.has(first.response.status)) return first;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  await pause(RETRY_PAUSE_MS, options.signal);
  try {
    return await sendOnce(method, path, sent, accept);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const failure = new ApiError(0, { message: "No connection. Check your network and try again." });
    if (showsGlobalError(options, failure)) useErrorStore.getState().setError(failure.message);
    throw failure;
  }
}

/** One try; fetch's own failure (a TypeError: no network, no server) is thrown as it is. */
async function sendOnce(
  method: string,
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<{ response: Response; token: string | null }> {
  const headers: Record<string, string> = { Accept: accept };
  const token = options.bearer ? options.bearer.token : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
    keepalive: options.keepalive,
    credentials: "same-origin",
  });
  return { response, token };
}

/** The body of an answer as JSON; a body that is not JSON becomes its first words as the message. */
function jsonOf(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/** A failed answer: a 401 to a call that sent a token ends the session; others go to the global error state. */
function failed(response: Response, data: unknown, token: string | null, options: RequestOptions): never {
  const failure = new ApiError(response.status, (data as ApiError["data"]) ?? {}, retryAfterSeconds(response.headers.get("retry-after")));
  if (response.status === 401 && token && options.bearer) {
    options.bearer.onUnauthorized();
    throw failure;
  }
  if (response.status === 401 && token && options.endSessionOnUnauthorized !== false) {
    // The session is over (expired or revoked): forget the token; the handler goes to /login.
    clearToken();
    unauthorizedHandler?.();
    throw failure;
  }
  if (showsGlobalError(options, failure)) useErrorStore.getState().setError(failure.message);
  throw failure;
}

/**
 * The one way the web app calls the API (spec 000 section 7): Accept JSON, the bearer token from
 * local storage, the `t` time stamp; a failed response goes to the global error state with the
 * server's message, and the promise rejects with an ApiError holding the server's data. A 401 to
 * a call that sent a token ends the session instead (see onUnauthorized). A write whose answer
 * carries newly earned badges hands them to the app's handler (see onEarned).
 */
async function apiRequest(method: Method, path: string, options: CallOptions = {}): Promise<unknown> {
  const { params, ...sent } = options;
  const { response, token } = await send(method, filledPath(path, params), sent, "application/json");
  const data = jsonOf(await response.text());
  if (!response.ok) failed(response, data, token, sent);
  if (method !== "GET") {
    const earned = earnedIn(data);
    if (earned.length > 0) earnedHandler?.(earned);
  }
  return unwrapped(data);
}

/** A file the API answered as an attachment: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const quoted = disposition ? /filename="([^"]+)"/i.exec(disposition)?.[1] : undefined;
  const bare = disposition ? /filename=([^";\s]+)/i.exec(disposition)?.[1] : undefined;
  // Only the last path segment, so a name can never point elsewhere.
  const name = (quoted ?? bare ?? "").split(/[\\/]/).pop()?.trim();
  return name || fallback;
}

/**
 * A GET that answers a file (an export): sent like every call (bearer token, `t`), the answer kept as bytes.
 * Failures are handled as in apiRequest: the server's message in an ApiError.
 */
async function apiDownload(path: string, fallbackName: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const { response, token } = await send("GET", path, options, "*/*");
  if (!response.ok) failed(response, jsonOf(await response.text()), token, options);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName) };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The paths of the endpoint map (packages/contracts/src/endpoints.ts) that answer one method. */
export type PathOf<M extends Method> = { [K in keyof Endpoints]: K extends `${M} ${infer P}` ? P : never }[keyof Endpoints];
type EndpointOf<M extends Method, P extends PathOf<M>> = Endpoints[`${M} ${P}` & keyof Endpoints];

/** The `{name}` parameters of a path. */
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/**
 * What a caller gets: an answer whose only field is `data` (beside the badges a write earned, which
 * the app's onEarned handler already shows) is handed over as its `data`; any other answer (a paged
 * list with its `meta`, a token, a message) whole. unwrapped() below is the same rule at run time.
 */
export type Unwrapped<R> = R extends { data: infer D } ? ([Exclude<keyof R, "data" | "earned">] extends [never] ? D : R) : R;

/** The answer of one endpoint, unwrapped. */
export type Answer<M extends Method, P extends PathOf<M>> = Unwrapped<EndpointOf<M, P>["response"]>;

interface CallOptions extends RequestOptions {
  /** The values of the path's `{name}` parameters, encoded into it. */
  params?: Record<string, string | number>;
}

type Options<M extends Method, P extends PathOf<M>, E = EndpointOf<M, P>> = Omit<RequestOptions, "body" | "query"> & {
  body?: E extends { body: infer B } ? B : never;
  query?: E extends { query: infer Q } ? Q : RequestOptions["query"];
} & ([ParamNames<P>] extends [never] ? { params?: never } : { params: Record<ParamNames<P>, string | number> });

/** The options argument: required when the path has parameters. */
type OptionsArg<M extends Method, P extends PathOf<M>> = [ParamNames<P>] extends [never]
  ? [options?: Options<M, P>]
  : [options: Options<M, P>];

/** `user/notes/{id}` with `{ id: "a b" }` is `user/notes/a%20b`. */
function filledPath(path: string, params: CallOptions["params"] = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${path} needs its ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** The one place the `{ data }` envelope is taken off (see Unwrapped). */
export function unwrapped(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body) || !("data" in body)) return body;
  return Object.keys(body).every((key) => key === "data" || key === "earned") ? body.data : body;
}

function method<M extends Method>(name: M) {
  return <P extends PathOf<M>>(path: P, ...[options]: OptionsArg<M, P>): Promise<Answer<M, P>> =>
    apiRequest(name, path, options as CallOptions) as Promise<Answer<M, P>>;
}

/**
 * The API's calls keyed by the endpoint map: `api.get("user")`, `api.put("user/notes/{id}", { params: { id }, body })`;
 * the answer's type comes from the map, never from the caller.
 */
export const api = {
  get: method("GET"),
  post: method("POST"),
  put: method("PUT"),
  patch: method("PATCH"),
  delete: method("DELETE"),
  download: (path: string, fallbackName: string, options?: RequestOptions) => apiDownload(path, fallbackName, options),
};

export type FieldErrors = Record<string, string[]>;

/** The server's messages per field of a 422 answer; empty for any other failure. */
export function fieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors = error.data.errors;
  if (errors && typeof errors === "object" && Object.keys(errors).length > 0) return errors;
  // A 422 without field details still has a message worth showing.
  return error.data.message ? { _form: [error.data.message] } : {};
}
