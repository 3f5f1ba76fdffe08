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

/** How values are made: with the member's own strings (their e-mail, their password) now and then, and typical or at the edges. */
export interface KnownValues {
  /** Words of the product (screen names, platforms) and the member's own e-mail and password. */
  strings: string[];
  email?: string;
  password?: string;
  /** Values still within the schema, but at its bounds: the shortest and longest text, the smallest and largest number. */
  edges?: boolean;
}

/** Text within a length that is as awkward as text can be: the bounds, accents, emoji, right-to-left, spaces only. */
function edgeText(min: number, max: number): fc.Arbitrary<string> {
  const fit = (unit: string) =>
    unit.repeat(Math.max(min, Math.min(max, 4096)) / unit.length || 1).slice(0, Math.max(min, Math.min(max, 4096)));
  return fc.constantFrom("a".repeat(min), fit("a"), fit("é"), fit("😀"), fit(" "), fit("\u202Eabc\u200B"), fit("Ǆ\u0301"), fit("'\"\\%_"));
}

/** Short strings first: most fields are read as names, codes or ids. */
const shortText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }), weight: 1 },
);

const SAMPLE_TIME = "2026-01-31T08:30:00Z";
/**
 * Instants for fields whose pattern takes a UTC time. Most lie within two hours after one of a few
 * fixed anchors, so that two times in one request are often close and in order (a session's start and
 * end) and reach the rules past validation; the anchors include the ends of the calendar.
 */
const ANCHORS = [
  "2025-06-01T12:00:00Z",
  "2000-01-01T00:00:00Z",
  "1999-12-31T23:00:00Z",
  "1970-01-01T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "2000-02-29T00:00:00Z",
  "2038-01-19T03:00:00Z",
  "9999-12-31T21:00:00Z",
].map((time) => Date.parse(time));
const timeNear = fc
  .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: 0, max: 7200 }))
  .map(([anchor, seconds]) => new Date(anchor + seconds * 1000));
const anyTime = fc.date({ min: new Date(ANCHORS[4]!), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true });
const timeText = fc.oneof({ arbitrary: timeNear, weight: 4 }, { arbitrary: anyTime, weight: 1 });

/** How a time-taking pattern writes an instant (to the second, or with milliseconds); null for other patterns. */
function timeFormatOf(schema: JsonSchema): ((date: Date) => string) | null {
  if (!schema.pattern) return null;
  const pattern = new RegExp(schema.pattern);
  if (pattern.test(SAMPLE_TIME)) return (date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
  if (pattern.test(new Date(SAMPLE_TIME).toISOString())) return (date) => date.toISOString();
  return null;
}

/** Text matching a pattern, cut to the declared length; null for a pattern fast-check cannot generate from (lookarounds). */
function matching(pattern: string, max: number): fc.Arbitrary<string> | null {
  let text: fc.Arbitrary<string>;
  try {
    text = fc.stringMatching(new RegExp(pattern)).map((value) => (value.length > max ? value.slice(0, max) : value));
  } catch {
    return null;
  }
  // A pattern for digits (an id sent as text) mostly gets the small ids that exist.
  if (!new RegExp(pattern).test("7")) return text;
  return fc.oneof({ arbitrary: fc.integer({ min: 1, max: 40 }).map(String), weight: 3 }, { arbitrary: text, weight: 1 });
}

/**
 * Values a field's name asks for, where its schema only says "a string": an address for `email` and
 * `login`, a passphrase for `password`, a zone for `timezone`, a path for `path` and `redirect`.
 */
function hintedBy(name: string, known: KnownValues): fc.Arbitrary<string> | null {
  const own = (value: string | undefined) => (value ? [{ arbitrary: fc.constant(value), weight: 2 }] : []);
  if (/(^|_)(email|login)$/i.test(name)) return fc.oneof({ arbitrary: fc.emailAddress(), weight: 2 }, ...own(known.email));
  if (/password$/i.test(name)) {
    return fc.oneof({ arbitrary: fc.stringMatching(/^[a-z]{4,8}-[a-z]{4,8}-[a-z]{4,8}-\d{2}$/), weight: 2 }, ...own(known.password));
  }
  if (/timezone/i.test(name))
    return fc.constantFrom("Europe/Kiev", "UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Etc/GMT+12", "Mars/Olympus", "");
  if (/(^|_)(path|redirect|return_url|url)$/i.test(name)) {
    return fc.constantFrom(
      "/",
      "/home",
      "/a?b=c#d",
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "/%0d%0aSet-Cookie:x",
      "/\ttab",
    );
  }
  return null;
}

function stringValue(schema: JsonSchema, known: KnownValues, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 64, min + 64);
  let base: fc.Arbitrary<string>;
  if (schema.format === "email") base = fc.emailAddress();
  else if (schema.format === "uuid") base = fc.uuid();
  else if (schema.format === "date-time") base = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  else if (schema.format === "uri") base = fc.webUrl();
  else if (timeFormatOf(schema)) base = timeText.map(timeFormatOf(schema)!);
  else if (schema.pattern) base = matching(schema.pattern, max) ?? fc.string({ minLength: min, maxLength: max });
  else base = fc.string({ minLength: min, maxLength: max });
  if (known.edges && !schema.pattern && !schema.format) base = fc.oneof(base, edgeText(min, schema.maxLength ?? 4096));
  if (known.edges && schema.format === "email") {
    base = fc.oneof(
      base,
      fc.constantFrom(
        "a@b.co",
        `${"l".repeat(64)}@example.test`,
        "UPPER@Example.TEST",
        " spaced@example.test ",
        "ü@exämple.test",
        "a+tag@example.test",
      ),
    );
  }
  const hinted = schema.pattern ? null : hintedBy(name, known);
  if (hinted) base = fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: base, weight: 1 });
  // The product's own words where a field takes free text.
  if (known.strings.length === 0 || schema.pattern || schema.format) return base;
  return fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constantFrom(...known.strings), weight: 1 });
}

function numberValue(schema: JsonSchema, integer: boolean, edges = false): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : undefined);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : undefined);
  const low = Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const high = Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  // Small whole numbers first: ids, pages and days that exist in the seeded catalogue.
  const smallLow = Math.max(low, Math.min(0, high));
  const small = fc.integer({ min: Math.ceil(smallLow), max: Math.floor(Math.min(high, smallLow + 40)) });
  const wide = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  if (!edges) return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: wide, weight: 1 });
  const bounds = [low, high, low + 1, high - 1, 0, -1, 1].filter(
    (value) => value >= low && value <= high && (!integer || Number.isInteger(value)),
  );
  return fc.oneof({ arbitrary: fc.constantFrom(...bounds), weight: 2 }, { arbitrary: small, weight: 1 });
}

/**
 * Values that satisfy a schema, for the parts of a request that are not under test, so a case
 * with one broken field still reaches the handler with everything else in order.
 */
export function valueOf(schema: JsonSchema, resolve: Resolve, known: KnownValues, depth = 0, name = ""): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueOf(alternative, resolve, known, depth + 1, name)));
  if (resolved.allOf && resolved.allOf.length > 0) return valueOf(resolved.allOf[0]!, resolve, known, depth + 1, name);
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...resolved, type }, resolve, known, depth + 1, name)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberValue(resolved, true, known.edges);
    case "number":
      return numberValue(resolved, false, known.edges);
    case "string":
      return stringValue(resolved, known, name);
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
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueOf(property, resolve, known, depth + 1, name)]),
  );
  const requiredNames = Object.keys(properties).filter((name) => required.has(name));
  // Optional fields often go together (an item's id and its model): all of them, none, or each on its own.
  const record = fc.oneof(
    { arbitrary: fc.record(model), weight: 2 },
    { arbitrary: fc.record(Object.fromEntries(requiredNames.map((name) => [name, model[name]!]))), weight: 1 },
    { arbitrary: fc.record(model, { requiredKeys: requiredNames }), weight: 1 },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const extra = schema.additionalProperties;
  if (!extra || Object.keys(properties).length > 0) return withTimesInOrder(record, properties, resolve);
  const keys = schema.propertyNames ? (valueOf(schema.propertyNames, resolve, known, depth + 1) as fc.Arbitrary<string>) : shortText;
  const values = extra === true ? fc.jsonValue({ maxDepth: 1 }) : valueOf(extra, resolve, known, depth + 1);
  return fc.dictionary(keys, values, { maxKeys: 6 });
}

/**
 * When an object has several time fields (a start and an end), most generated objects put them near
 * one anchor, in the order the fields are declared, so the rules that compare them are reached.
 */
function withTimesInOrder(
  record: fc.Arbitrary<Record<string, unknown>>,
  properties: Record<string, JsonSchema>,
  resolve: Resolve,
): fc.Arbitrary<Record<string, unknown>> {
  const times = Object.entries(properties).flatMap(([name, property]) => {
    const format = timeFormatOf(resolve(property));
    return format ? [{ name, format }] : [];
  });
  if (times.length < 2) return record;
  const aligned = fc
    .tuple(
      record,
      fc.constantFrom(...ANCHORS),
      fc.array(fc.integer({ min: 0, max: 86_400 }), { minLength: times.length, maxLength: times.length }),
    )
    .map(([value, anchor, offsets]) => {
      const sorted = [...offsets].sort((a, b) => a - b);
      const placed = { ...value };
      times.forEach(({ name, format }, index) => {
        if (name in placed) placed[name] = format(new Date(anchor + sorted[index]! * 1000));
      });
      return placed;
    });
  return fc.oneof({ arbitrary: aligned, weight: 3 }, { arbitrary: record, weight: 1 });
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
