import { ApiError } from "../api-client";

/** A thing that is gone (an unknown slug, a removed checkout) is not asked for again; the server's own trouble is, once. */
export const retryUnlessRefused = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/** A 404: pages answer it with their own calm notice, not a toast. */
export const isNotFound = (error: Error | null) => error instanceof ApiError && error.status === 404;
