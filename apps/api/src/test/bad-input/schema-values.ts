import fc from "fast-check";

/** The part of JSON Schema (draft 2020-12, as OpenAPI 3.1 carries it) the contracts produce. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** Resolves `#/components/schemas/...` references against the document. */
export type Resolve = (schema: JsonSchema) => JsonSchema;

export function resolverOf(document: { components?: { schemas?: Record<string, JsonSchema> } }): Resolve {
  const resolve: Resolve = (schema) => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace("#/components/schemas/", "");
    const found = document.components?.schemas?.[name];
    if (!found) throw new Error(`The document refers to a schema it does not have: ${schema.$ref}`);
    return resolve(found);
  };
  return resolve;
}

/** Values a member's own data uses (their e-mail, their password), so some generated requests name real things. */
export interface KnownValues {
  strings: string[];
}

/** Short strings first: most fields are read as names, codes or ids. */
const shortText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }), weight: 1 },
);

/** Text matching a pattern, cut to the declared length; null for a pattern fast-check cannot generate from (lookarounds). */
function matching(pattern: string, max: number): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern)).map((text) => (text.length > max ? text.slice(0, max) : text));
  } catch {
    return null;
  }
}

function stringValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 64, min + 64);
  let base: fc.Arbitrary<string>;
  if (schema.format === "email") base = fc.emailAddress();
  else if (schema.format === "uuid") base = fc.uuid();
  else if (schema.format === "date-time") base = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  else if (schema.format === "uri") base = fc.webUrl();
  else if (schema.pattern) base = matching(schema.pattern, max) ?? fc.string({ minLength: min, maxLength: max });
  else base = fc.string({ minLength: min, maxLength: max });
  const options: fc.WeightedArbitrary<string>[] = [{ arbitrary: base, weight: 6 }];
  if (known.strings.length > 0) options.push({ arbitrary: fc.constantFrom(...known.strings), weight: 1 });
  return fc.oneof(...options);
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : undefined);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) {
    const low = Math.max(min ?? -1000, Number.MIN_SAFE_INTEGER);
    const high = Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    // Small values first: ids, pages and days that exist in the seeded catalogue.
    return fc.oneof(
      { arbitrary: fc.integer({ min: low, max: Math.min(high, low + 40) }), weight: 3 },
      { arbitrary: fc.integer({ min: low, max: high }), weight: 1 },
    );
  }
  return fc.oneof(
    fc.integer({ min: Math.ceil(min ?? 0), max: Math.floor(Math.min(max ?? 40, (min ?? 0) + 40)) }),
    fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true }),
  );
}

/**
 * Values that satisfy a schema, for the parts of a request that are not under test, so a case
 * with one broken field still reaches the handler with everything else in order.
 */
export function valueOf(schema: JsonSchema, resolve: Resolve, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueOf(alternative, resolve, known, depth + 1)));
  if (resolved.allOf && resolved.allOf.length > 0) return valueOf(resolved.allOf[0]!, resolve, known, depth + 1);
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...resolved, type }, resolve, known, depth + 1)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberValue(resolved, true);
    case "number":
      return numberValue(resolved, false);
    case "string":
      return stringValue(resolved, known);
    case "array": {
      const items = resolved.items ? valueOf(resolved.items, resolve, known, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(items, { minLength: resolved.minItems ?? 0, maxLength: Math.min(resolved.maxItems ?? 5, 5) });
    }
    case "object":
      return objectValue(resolved, resolve, known, depth);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectValue(schema: JsonSchema, resolve: Resolve, known: KnownValues, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueOf(property, resolve, known, depth + 1)])),
    { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) },
  );
  const extra = schema.additionalProperties;
  if (!extra || Object.keys(properties).length > 0) return record as fc.Arbitrary<Record<string, unknown>>;
  const keys = schema.propertyNames ? (valueOf(schema.propertyNames, resolve, known, depth + 1) as fc.Arbitrary<string>) : shortText;
  const values = extra === true ? fc.jsonValue({ maxDepth: 1 }) : valueOf(extra, resolve, known, depth + 1);
  return fc.dictionary(keys, values, { maxKeys: 6 });
}

/** What a schema expects at the top, for choosing the wrong thing to send instead. */
export function kindOf(schema: JsonSchema, resolve: Resolve): "string" | "number" | "boolean" | "object" | "array" | "any" {
  const resolved = resolve(schema);
  const first = resolved.anyOf?.[0] ?? resolved.oneOf?.[0];
  if (first) return kindOf(first, resolve);
  if (resolved.enum) return typeof resolved.enum[0] === "number" ? "number" : "string";
  const type = Array.isArray(resolved.type) ? resolved.type.find((candidate) => candidate !== "null") : resolved.type;
  if (type === "integer" || type === "number") return "number";
  if (type === "string" || type === "boolean" || type === "object" || type === "array") return type;
  return "any";
}
