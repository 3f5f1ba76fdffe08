import { ApiError } from "../../../lib/api-client";

/** A page that is gone (an unknown or removed checkout, landing page or sales page) is not asked for again. */
export const retryUnlessRefused = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/** The sales page answers a missing offer with its own calm notice, not a toast. */
export const isMissingOffer = (error: Error | null) => error instanceof ApiError && error.status === 404;
