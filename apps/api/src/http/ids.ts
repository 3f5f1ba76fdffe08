import { notFound } from "../domain-errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is written as a uuid (any case). */
export const isUuid = (id: string) => UUID.test(id);

/**
 * The id of a member's own row named in a path (`/user/notes/{id}`), lower-cased. A malformed id cannot
 * name a row: it is answered exactly like an unknown one (404 with `message`), without asking the
 * database (which would refuse it). Another member's id is the service's 404 with the same message.
 */
export function ownedIdOr404(id: string, message: string): string {
  if (!UUID.test(id)) throw notFound(message);
  return id.toLowerCase();
}
