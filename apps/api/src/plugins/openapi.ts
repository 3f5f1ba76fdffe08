import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

/** The groups of operations, in the order the docs page shows them. */
export const API_TAGS = [
  { name: "accounts", description: "Registration, sign-in, sessions, password recovery, account removal and the profile." },
  { name: "content", description: "The catalogue: screens, sections, items, collections, tags and search." },
  { name: "library", description: "A member's favourites, history, listening sessions and personal plan." },
  { name: "notes", description: "A member's private notes: list, read, write, edit and delete." },
  { name: "mixer", description: "The Sounds mixer: a member's saved mixes of up to three soundscapes: list, save, edit and delete." },
  { name: "workbooks", description: "The CBT workbooks with their questions, and a member's worksheets: list, read, save and delete." },
  { name: "achievements", description: "A member's badges: all fourteen, which are received and which came last." },
  { name: "quotes", description: "A quote for the dashboard: the quote of the day or one at random." },
  { name: "media", description: "The signed cookies that open the streams a member may play." },
  { name: "plans", description: "Packages (the plans the paywall sells) and checkouts." },
  { name: "payments", description: "Card and wallet purchases, plan changes, cancellation and the providers' webhooks." },
  { name: "subscriptions", description: "What a member's subscription lets them do." },
  { name: "faq", description: "Questions and answers of the help page." },
  { name: "analytics", description: "First-party analytics events." },
  { name: "system", description: "A cheap call to see that the API answers." },
  {
    name: "admin",
    description: "The operator console: staff accounts, two-factor sign-in, sessions and the audit log (staff tokens only).",
  },
  { name: "sandbox", description: "The offline stand-ins for the payment providers (never in production)." },
];

/**
 * The stable, unique name of an operation, from its method and route:
 * `GET /api/v1/user/checkout/:id` is `getUserCheckoutById`. Clients generated from the
 * document use it as the function name, so it must not change while the route stays.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1(?=\/|$)/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::(\w+)|\{(\w+)\})$/.exec(segment);
      return param ? ["by", ...(param[1] ?? param[2]!).split("_")] : segment.split(/[-_.]/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join("");
}

/** Every documented operation names its security: the bearer token, or none (an empty list). */
function describeOperation(input: TransformInput): TransformInput {
  const schema = (input.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return input;
  const route = (input as { route?: { method: string | string[] } }).route;
  const method = Array.isArray(route?.method) ? route.method[0]! : (route?.method ?? "get");
  return {
    ...input,
    schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, input.url), security: schema.security ?? [] },
  } as TransformInput;
}

/** The names of the component schemas the document refers to, directly or through other components. */
function referencedSchemas(document: Record<string, unknown>): Set<string> {
  const components = ((document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith("#/components/schemas/")) {
        const name = child.slice("#/components/schemas/".length);
        if (!found.has(name)) {
          found.add(name);
          visit(components[name]);
        }
      } else visit(child);
    }
  };
  visit({ ...document, components: { ...(document.components as object), schemas: {} } });
  return found;
}

/** The whole document: every named contract appears once for requests and once for responses; only those in use stay. */
function completeDocument(input: TransformObjectInput) {
  const document = jsonSchemaTransformObject(input) as unknown as Record<string, unknown> & {
    components?: { schemas?: Record<string, unknown> };
  };
  const used = referencedSchemas(document);
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas } } as unknown as ReturnType<typeof jsonSchemaTransformObject>;
}

/** OpenAPI 3.1 generated from the zod contracts, with a browsable UI at /api/docs. `npm run lint:openapi` checks it. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${config.appName} API`,
        version: "1.0.0",
        description:
          "The API the web app calls, under /api/v1. Errors are Laravel-shaped: `{ message, errors? }`. " +
          "Every POST, PUT, PATCH and DELETE accepts an `Idempotency-Key` header (8 to 255 visible characters): " +
          "sent again with the same request, the write is not done twice and the first answer comes back with " +
          "`Idempotent-Replayed: true`; with a different request, 422.",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/", description: "This server" }],
      tags: API_TAGS,
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          staff: {
            type: "http",
            scheme: "bearer",
            description: "A staff session token (`staff_…`), from the two-factor sign-in under /api/v1/admin.",
          },
        },
      },
    },
    transform: (input) => jsonSchemaTransform(describeOperation(input)),
    transformObject: completeDocument,
  });
  // The page keeps the product's own security headers and policy (plugins/security.ts): its scripts and
  // styles are files on this origin, and the validator badge (an image from another site) is off.
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list", validatorUrl: null } });
}
