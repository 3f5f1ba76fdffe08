/** Who may call a route, as its OpenAPI document says: no token, a member's bearer token, either, or a staff token. */
export type RouteAccess = "public" | "member" | "optional-member" | "staff";

const SECURITY: Record<RouteAccess, { security?: { [scheme: string]: string[] }[] }> = {
  public: {},
  member: { security: [{ bearer: [] }] },
  "optional-member": { security: [{ bearer: [] }, {}] },
  staff: { security: [{ staff: [] }] },
};

/**
 * The OpenAPI words of a module's routes: `const docs = routeDocs("notes", "member")`, then
 * `schema: { ...docs("Write a note"), body, response }`. A route of another access in the same file
 * passes its own: `docs("...", { access: "public" })`.
 */
export function routeDocs(tag: string, access: RouteAccess = "public") {
  return (summary: string, options: { description?: string; access?: RouteAccess } = {}) => ({
    tags: [tag],
    summary,
    ...(options.description === undefined ? {} : { description: options.description }),
    ...SECURITY[options.access ?? access],
  });
}
