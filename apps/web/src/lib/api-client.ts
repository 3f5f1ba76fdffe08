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
   * Do not show the global error toast when this call fails; "validation" keeps only 422 answers
   * out of it, for forms that show the server's field messages under their inputs.
   */
  silent?: boolean | "validation";
  /** A 401 normally ends the session and goes to /login; false leaves it to the caller (log out). */
  endSessionOnUnauthorized?: boolean;
  /** Sent as the `Idempotency-Key` header of purchase calls: the same key never buys twice. */
  idempotencyKey?: string;
}

/** A failed call: the status and the server's body (`message`, and `errors` for a 422). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: { message?: string; errors?: Record<string, string[]> } & Record<string, unknown>,
  ) {
    super(data.message ?? `Request failed with status ${status}`);
    this.name = "ApiError";
  }
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
  options.silent === "validation" ? failure.status !== 422 : !options.silent;

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
 * The one way the web app calls the API (spec 000 section 7): Accept JSON, the bearer token from
 * local storage, the `t` time stamp; a failed response goes to the global error state with the
 * server's message, and the promise rejects with an ApiError holding the server's data. A 401 to
 * a call that sent a token ends the session instead (see onUnauthorized). A write whose answer
 * carries newly earned badges hands them to the app's handler (see onEarned).
 */
async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
      credentials: "same-origin",
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    const failure = new ApiError(0, { message: "No connection. Check your network and try again." });
    if (showsGlobalError(options, failure)) useErrorStore.getState().setError(failure.message);
    throw failure;
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text.slice(0, 200) };
    }
  }
  if (!response.ok) {
    const failure = new ApiError(response.status, (data as ApiError["data"]) ?? {});
    if (response.status === 401 && token && options.endSessionOnUnauthorized !== false) {
      // The session is over (expired or revoked): forget the token; the handler goes to /login.
      clearToken();
      unauthorizedHandler?.();
      throw failure;
    }
    if (showsGlobalError(options, failure)) useErrorStore.getState().setError(failure.message);
    throw failure;
  }
  if (method !== "GET") {
    const earned = earnedIn(data);
    if (earned.length > 0) earnedHandler?.(earned);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, options?: RequestOptions) => apiRequest<T>("POST", path, options),
  put: <T>(path: string, options?: RequestOptions) => apiRequest<T>("PUT", path, options),
  patch: <T>(path: string, options?: RequestOptions) => apiRequest<T>("PATCH", path, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>("DELETE", path, options),
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
