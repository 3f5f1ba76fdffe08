import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { unreadable } from "../domain-errors.ts";

/** The form's own limits: fields only, and only a few of them. Beyond them the parser answers 413 (plugins/errors.ts). */
const LIMITS = { fields: 20, fieldSize: 16 * 1024, files: 0, fileSize: 0, parts: 20 };

export const UNREADABLE_FORM = "The request body is not valid multipart form data.";

/**
 * Multipart form data (registration and profile updates also arrive that way), read into the body
 * as `{ name: value }` (a repeated name gives a list) before validation. A body that cannot be read
 * as a form (no boundary, a broken or truncated part, a field declared as JSON that is not) is the
 * sender's mistake: 400 with a message, never a 500.
 */
export async function registerFormData(app: FastifyInstance) {
  await app.register(multipart, { limits: LIMITS });
  app.addHook("preValidation", async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = Object.create(null);
    try {
      for await (const part of request.parts()) {
        if (part.type !== "field") continue;
        const previous = body[part.fieldname];
        body[part.fieldname] =
          previous === undefined ? part.value : Array.isArray(previous) ? [...previous, part.value] : [previous, part.value];
      }
    } catch (error) {
      // The limits keep their own status (413); everything else the form parser refuses is unreadable.
      if ((error as FastifyError).statusCode === 413) throw error;
      throw unreadable(UNREADABLE_FORM);
    }
    request.body = { ...body };
  });
}
