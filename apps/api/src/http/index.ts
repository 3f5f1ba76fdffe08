// The route kit: every routes file takes its docs, error answers, sign-in, rate limits and ids from here
// (docs/adding-an-endpoint.md; scripts/lint-rules.test.ts keeps it so).
export { routeDocs, type RouteAccess } from "./docs.ts";
export {
  accountErrors,
  errorsOnly,
  memberErrors,
  memberForbiddenErrors,
  paymentErrors,
  publicErrors,
  sandboxPaymentErrors,
  staffErrors,
} from "./error-sets.ts";
export { isUuid, ownedIdOr404 } from "./ids.ts";
export { limitPerAddress, limitPerMember } from "./rate-limits.ts";
export { memberIdOf, memberOnly, optionalMember, signInOf, STAFF_FORBIDDEN_MESSAGE, staffFrom, staffOf, staffOnly } from "./sign-in.ts";
