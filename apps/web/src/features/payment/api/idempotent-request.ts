import { ApiError, api } from "../../../lib/api-client";

/**
 * A purchase call with an `Idempotency-Key` header: the same key with the same request answers the
 * first outcome again instead of buying twice. It reports no global error: the payment screens
 * show their own messages.
 */
export const postIdempotent = <T>(path: string, body: unknown, idempotencyKey: string, signal?: AbortSignal): Promise<T> =>
  api.post<T>(path, { body, idempotencyKey, signal, silent: true });

/** A failure worth retrying with the same key: no answer, or the server's own trouble. */
export const isTransient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);
