import type { FastifyInstance, FastifyRequest } from "fastify";
import { invalid } from "../domain-errors.ts";

const NUL = "\u0000";

/** The message for a field, named as Laravel names it: the last part of its path, underscores as spaces. */
export function nulMessage(field: string): string {
  const label = field.split(".").at(-1)!.replaceAll("_", " ") || "input";
  return `The ${label} field must not contain a NUL character.`;
}

/**
 * Fields to walk: parsed JSON, form fields, a query (its parser's objects have a prototype of their own). A
 * stream (an upload's body, whose object graph reaches the socket and the server), a Buffer or another binary
 * view is not fields and is not walked.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) &&
  typeof value === "object" &&
  !ArrayBuffer.isView(value) &&
  typeof (value as { pipe?: unknown }).pipe !== "function" &&
  typeof (value as { on?: unknown }).on !== "function";

/**
 * The dotted paths (Laravel's error keys) of every string in `value` that holds a NUL character,
 * keys included. Iterative, so no nesting depth can exhaust the stack.
 */
export function pathsWithNul(value: unknown, root = ""): string[] {
  const found = new Set<string>();
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === "string") {
      if (current.includes(NUL)) found.add(path || "body");
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        // A NUL in a key names the object that holds it.
        if (key.includes(NUL)) found.add(path || "body");
        else pending.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return [...found].sort();
}

/**
 * PostgreSQL cannot store a NUL character in text or JSON, and refuses the whole statement. Every
 * request is checked once, for every route: a path parameter, query parameter or body field
 * holding one is a 422 naming the field, before any handler runs (headers never reach the
 * database unchecked: the ones that do are validated to visible characters).
 */
export function registerNulCharacterCheck(app: FastifyInstance) {
  app.addHook("preHandler", async (request: FastifyRequest) => {
    const fields = [...pathsWithNul(request.params), ...pathsWithNul(request.query), ...pathsWithNul(request.body)];
    if (fields.length === 0) return;
    throw invalid(Object.fromEntries(fields.map((field) => [field, [nulMessage(field)]])));
  });
}
