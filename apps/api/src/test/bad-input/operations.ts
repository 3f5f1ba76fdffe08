import type { JsonSchema } from "./schema-values.ts";

/** One parameter of an operation, as the OpenAPI document declares it. */
export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the API document, with what a request to it is made of. */
export interface Operation {
  id: string;
  method: string;
  /** The OpenAPI path, with `{name}` for each path parameter. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  /** The JSON body's schema; null when the operation declares none. */
  body: JsonSchema | null;
  /** True when the operation needs a member's bearer token. */
  secured: boolean;
}

interface OpenApiParameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (location: OpenApiParameter["in"]) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === location)
          .map((parameter) => ({ name: parameter.name, required: parameter.required === true, schema: parameter.schema ?? {} }));
      operations.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters("path"),
        query: parameters("query"),
        headers: parameters("header"),
        body: operation.requestBody?.content?.["application/json"]?.schema ?? null,
        secured: (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
      });
    }
  }
  return operations;
}
