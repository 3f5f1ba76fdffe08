import { ErrorResponse, errorResponses } from "@serene/contracts";

/**
 * The error answers a route declares beside its success answer, one definition of each set. The sets
 * differ only in the statuses a route can answer: a member route adds 401, an account or payment
 * route the conflicts and outages of its provider. Pick the narrowest set that holds every status the
 * route can send; `errorsOnly` names a set of a few statuses for the routes that answer fewer.
 */
export const publicErrors = errorResponses;

/** A route behind a member's bearer token: the public set and 401. */
export const memberErrors = { ...errorResponses, 401: ErrorResponse };

/** A member route that refuses what the member may not do yet (403: a premium worksheet). */
export const memberForbiddenErrors = { ...memberErrors, 403: ErrorResponse };

/** Account routes: refusals (403), taken addresses (409) and a sign-in provider that does not answer (503). */
export const accountErrors = { ...memberErrors, 403: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse };

/** Payment routes: a declined payment (402), a purchase already under way (409), a processor that does not answer (503). */
export const paymentErrors = { ...memberErrors, 402: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse };

/** Staff routes of the operator console: 401 without a live staff session, 403 for a role without the permission, 409 (the last owner). */
export const staffErrors = { ...memberErrors, 403: ErrorResponse, 409: ErrorResponse };

/** The sandbox card processor: the public set and a declined card (402). */
export const sandboxPaymentErrors = { ...errorResponses, 402: ErrorResponse };

const ALL = { ...errorResponses, 401: ErrorResponse } as const;
type Status = keyof typeof ALL;

/** A set of a few statuses, each answered as every route answers it: `errorsOnly(404, 422)`. */
export function errorsOnly<const S extends Status>(...statuses: S[]): { [K in S]: (typeof ALL)[K] } {
  return Object.fromEntries(statuses.map((status) => [status, ALL[status]])) as { [K in S]: (typeof ALL)[K] };
}
