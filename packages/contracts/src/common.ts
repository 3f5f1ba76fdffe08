import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from "@serene/domain";
import { z } from "zod";

/** `{ "message": "..." }`: every error that is not a validation error. */
export const ErrorResponse = z.object({ message: z.string() }).meta({ id: "Error" });

/** Laravel-shaped 422: a summary message and the messages per field. */
export const ValidationErrorResponse = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: "ValidationError" });

/** The time-stamp parameter `t` the web app adds to every call; the server ignores it. */
export const CacheBuster = z.object({ t: z.string().max(32).optional() });

export const PageQuery = CacheBuster.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_PAGE),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const PageMeta = z
  .object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  })
  .meta({ id: "PageMeta" });

/** A paged list: `{ data: [...], meta: {...} }`. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMeta });
}

/** Standard error responses to declare on a route, beside its success response. */
export const errorResponses = {
  400: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ValidationErrorResponse,
  429: ErrorResponse,
  500: ErrorResponse,
} as const;
