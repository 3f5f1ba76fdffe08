import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's declared zod
 * contract: only declared fields leave the server, and writing is several times faster than
 * checking every response with zod. A schema that JSON Schema cannot express falls back to the
 * zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  try {
    const jsonSchema = z.toJSONSchema(route.schema, { io: "output", unrepresentable: "throw", target: "draft-7" });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};
