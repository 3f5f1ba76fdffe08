import { ApiError } from "../../../lib/api-client";

/** A failure worth retrying with the same key: no answer, or the server's own trouble. */
export const isTransient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);
