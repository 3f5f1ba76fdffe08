import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Config } from "../config";

/** OpenAPI generated from the zod contracts, with a browsable UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.appName} API`, version: "1.0.0", description: "The API the web app calls, under /api/v1." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The page keeps the product's own security headers and policy (plugins/security.ts): its scripts and
  // styles are files on this origin, and the validator badge (an image from another site) is off.
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list", validatorUrl: null } });
}
