import fc from "fast-check";
import type { Operation, Parameter } from "./operations.ts";
import { kindOf, valueOf, type JsonSchema, type KnownValues, type Resolve } from "./schema-values.ts";

/** How a case authenticates: the member's live token, none at all, or a token that was never issued. */
export type AuthMode = "member" | "none" | "forged";

/** One generated request. `kind` says what is wrong with it, for the report of a failing case. */
export interface BadRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  auth: AuthMode;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BOUNDARY = "----SereneBadInput7MA4YWxkTrZu0gW";

// ---- values that break things -------------------------------------------------------------

const withNul = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`);
const controlCharacters = fc.string({
  unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 8,
});
const hugeString = fc.constantFrom("a".repeat(10_000), "é".repeat(40_000), "😀".repeat(20_000), "9".repeat(5_000), " ".repeat(70_000));
const trickyText = fc.constantFrom(
  "",
  " ",
  "\t\r\n",
  "\uFEFF",
  "\uFFFF",
  "\uD800",
  "\uDC00x",
  "ǅ\u0301\u200B\u202E",
  "' OR 1=1 --",
  "'; drop table users; --",
  "../../../../etc/passwd",
  "%00",
  "%",
  "\\",
  "<script>alert(1)</script>",
  "${jndi:ldap://example.invalid/a}",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "-9223372036854775809",
  "99999999999999999999999",
  "2026-02-30T08:30:00Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "+275760-09-13T00:00:00Z",
  "null",
  "true",
  "[]",
  "{}",
  "a@b",
  "@",
  "x@x.x",
  "UPPER@EXAMPLE.TEST",
);
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: trickyText, weight: 4 },
  { arbitrary: withNul, weight: 3 },
  { arbitrary: hugeString, weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), weight: 2 },
  { arbitrary: controlCharacters, weight: 1 },
);
const nastyNumber = fc.constantFrom(
  0,
  -1,
  -0,
  0.5,
  1.5,
  -2_147_483_649,
  2_147_483_647,
  2_147_483_648,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -Number.MAX_VALUE,
  1e21,
);
const nestedArray = fc.integer({ min: 2, max: 60 }).map((depth) => JSON.parse("[".repeat(depth) + "]".repeat(depth)) as unknown);
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 5 },
  { arbitrary: nastyNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }), weight: 2 },
  { arbitrary: nestedArray, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** A value of the wrong type for what the schema expects. */
function wrongTypeFor(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  const expected = kindOf(schema, resolve);
  const others: fc.Arbitrary<unknown>[] = [];
  if (expected !== "string") others.push(fc.string({ maxLength: 12 }), nastyString);
  if (expected !== "number") others.push(nastyNumber, fc.integer());
  if (expected !== "boolean") others.push(fc.boolean());
  if (expected !== "object") others.push(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }));
  if (expected !== "array") others.push(fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }));
  others.push(fc.constant(null));
  return fc.oneof(...others);
}

// ---- bodies -------------------------------------------------------------------------------

type Body = { raw: string } | { value: unknown };

/** JSON text with one property written as raw, unparseable-by-JS-numbers text (1e400, 40 digits). */
const RAW_NUMBERS = ["1e400", "-1e400", "1234567890123456789012345678901234567890", "0.0000000000000000000000000000001", "-0"];

function bodyCases(operation: Operation, resolve: Resolve, known: KnownValues): fc.Arbitrary<{ kind: string; body: Body }> {
  const schema: JsonSchema = operation.body ?? {};
  const resolved = resolve(schema);
  const valid = operation.body ? valueOf(schema, resolve, known) : fc.jsonValue({ maxDepth: 2 });
  const atEdges = operation.body ? valueOf(schema, resolve, { ...known, edges: true }) : fc.jsonValue({ maxDepth: 2 });
  const objectValid = valid.map((value) =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {},
  );
  const names = Object.keys(resolved.properties ?? {});
  const required = resolved.required ?? [];
  const nameOrNew =
    names.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 4 }, fc.string({ minLength: 1, maxLength: 10 }))
      : fc.string({ minLength: 1, maxLength: 10 });
  const propertySchema = (name: string): JsonSchema => resolved.properties?.[name] ?? {};

  const cases: fc.WeightedArbitrary<{ kind: string; body: Body }>[] = [
    { arbitrary: valid.map((value) => ({ kind: "body: valid", body: { value } })), weight: 8 },
    { arbitrary: atEdges.map((value) => ({ kind: "body: valid, at the edges", body: { value } })), weight: 8 },
    {
      arbitrary: fc.tuple(objectValid, nameOrNew, nastyValue).map(([body, name, value]) => ({
        kind: `body: ${name} is a nasty value`,
        body: { value: { ...body, [name]: value } },
      })),
      weight: 8,
    },
    {
      arbitrary: fc.tuple(objectValid, nameOrNew).chain(([body, name]) =>
        wrongTypeFor(propertySchema(name), resolve).map((value) => ({
          kind: `body: ${name} has the wrong type`,
          body: { value: { ...body, [name]: value } },
        })),
      ),
      weight: 5,
    },
    {
      arbitrary: fc.tuple(objectValid, nameOrNew).map(([body, name]) => ({
        kind: `body: ${name} is an array of the scalar`,
        body: { value: { ...body, [name]: [body[name] ?? "x", body[name] ?? "y"] } },
      })),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(objectValid, nameOrNew, withNul).map(([body, name, text]) => ({
        kind: `body: ${name} holds a NUL`,
        body: { value: { ...body, [name]: text } },
      })),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(objectValid, nameOrNew, hugeString).map(([body, name, text]) => ({
        kind: `body: ${name} is huge`,
        body: { value: { ...body, [name]: text } },
      })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(objectValid, fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 })).map(([body, text]) => ({
        kind: "body: every string is unicode",
        body: { value: Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === "string" ? text : value])) },
      })),
      weight: 2,
    },
    ...(names.length > 0
      ? [
          {
            arbitrary: fc
              .tuple(objectValid, fc.subarray(required.length > 0 ? required : names, { minLength: 1 }))
              .map(([body, missing]) => ({
                kind: `body: ${missing.join(", ")} missing`,
                body: { value: Object.fromEntries(Object.entries(body).filter(([key]) => !missing.includes(key))) },
              })),
            weight: 3,
          },
        ]
      : []),
    {
      arbitrary: fc
        .tuple(
          objectValid,
          fc.dictionary(
            fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "prototype", "toString")),
            nastyValue,
            { minKeys: 1, maxKeys: 5 },
          ),
        )
        .map(([body, extra]) => ({ kind: "body: unknown fields", body: { raw: JSON.stringify({ ...body, ...extra }) } })),
      weight: 2,
    },
    {
      arbitrary: nastyValue.map((value) => ({ kind: "body: the whole body is a nasty value", body: { value } })),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(valid, fc.double({ min: 0, max: 1, noNaN: true })).map(([value, cut]) => {
        const text = JSON.stringify(value ?? {});
        return { kind: "body: truncated JSON", body: { raw: text.slice(0, Math.floor(text.length * cut)) } };
      }),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(objectValid, nameOrNew, fc.constantFrom(...RAW_NUMBERS)).map(([body, name, raw]) => ({
        kind: `body: ${name} is the number ${raw}`,
        body: { raw: JSON.stringify({ ...body, [name]: "\u0001RAW\u0001" }).replace('"\\u0001RAW\\u0001"', raw) },
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          "",
          " ",
          "{",
          "}",
          "[",
          "nul",
          "{'a': 1}",
          '{"a":1,}',
          '{"a":1}{"b":2}',
          '{"a":"\\ud800"}',
          '{"a":"\\u0000"}',
          "\uFEFF{}",
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"admin":true}}}',
          "[".repeat(5_000) + "]".repeat(5_000),
          '{"a":'.repeat(2_000) + "1" + "}".repeat(2_000),
        )
        .map((raw) => ({ kind: "body: malformed JSON text", body: { raw } })),
      weight: 3,
    },
  ];
  return fc.oneof(...cases);
}

/** A form's fields from a body: strings as they are, other values as JSON text (or their text when too deep for JSON). */
function formFields(value: unknown): [string, string][] {
  const text = (item: unknown) => {
    if (typeof item === "string") return item;
    try {
      return JSON.stringify(item) ?? "";
    } catch {
      return "[".repeat(64); // nested too deep to write out
    }
  };
  if (!value || typeof value !== "object" || Array.isArray(value)) return [["value", text(value)]];
  return Object.entries(value).flatMap(([key, field]) =>
    Array.isArray(field) ? field.map((item) => [key, text(item)] as [string, string]) : [[key, text(field)] as [string, string]],
  );
}

function multipart(fields: [string, string][], boundary = BOUNDARY): string {
  return (
    fields
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replaceAll('"', "%22")}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}--\r\n`
  );
}

/** How the body is sent: JSON, or another content type (some the API reads, some it refuses), or broken multipart. */
function encodings(): fc.Arbitrary<{ kind: string; encode: (body: Body) => { payload: string | Buffer; contentType?: string } }> {
  const json = (body: Body) => ("raw" in body ? body.raw : (JSON.stringify(body.value) ?? "null"));
  const value = (body: Body): unknown => {
    if ("value" in body) return body.value;
    try {
      return JSON.parse(body.raw);
    } catch {
      return { value: body.raw };
    }
  };
  return fc.oneof(
    {
      arbitrary: fc.constant({ kind: "as JSON", encode: (body: Body) => ({ payload: json(body), contentType: "application/json" }) }),
      weight: 24,
    },
    {
      arbitrary: fc
        .constantFrom(
          "application/json; charset=utf-8",
          "application/json; charset=latin1",
          "application/json; charset=utf-16",
          "APPLICATION/JSON",
          "application/vnd.api+json",
          "application/json, text/plain",
        )
        .map((contentType) => ({
          kind: `as ${contentType}`,
          encode: (body: Body) => ({ payload: json(body), contentType }),
        })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          "text/plain",
          "application/xml",
          "application/octet-stream",
          "text/html; charset=utf-8",
          "image/png",
          "*/*",
          "application/x-ndjson",
          "multipart/mixed; boundary=abc",
          "nonsense",
        )
        .map((contentType) => ({
          kind: `as ${contentType}`,
          encode: (body: Body) => ({ payload: json(body), contentType }),
        })),
      weight: 3,
    },
    { arbitrary: fc.constant({ kind: "with no content type", encode: (body: Body) => ({ payload: json(body) }) }), weight: 1 },
    {
      arbitrary: fc.constant({
        kind: "as a URL-encoded form",
        encode: (body: Body) => ({
          payload: new URLSearchParams(formFields(value(body))).toString(),
          contentType: "application/x-www-form-urlencoded",
        }),
      }),
      weight: 3,
    },
    {
      arbitrary: fc.constant({
        kind: "as multipart form data",
        encode: (body: Body) => ({ payload: multipart(formFields(value(body))), contentType: `multipart/form-data; boundary=${BOUNDARY}` }),
      }),
      weight: 3,
    },
    {
      arbitrary: fc
        .constantFrom(
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "multipart/form-data; charset=utf-8",
          'multipart/form-data; boundary="unterminated',
        )
        .map((contentType) => ({
          kind: `as ${contentType} (no usable boundary)`,
          encode: (body: Body) => ({ payload: multipart(formFields(value(body))), contentType }),
        })),
      weight: 2,
    },
    {
      arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((cut) => ({
        kind: "as truncated multipart form data",
        encode: (body: Body) => {
          const text = multipart(formFields(value(body)));
          return { payload: text.slice(0, Math.floor(text.length * cut)), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
        },
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          {
            kind: "multipart with a file",
            part: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--${BOUNDARY}--\r\n`,
          },
          {
            kind: "multipart with a JSON field that is not JSON",
            part: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n{nope\r\n--${BOUNDARY}--\r\n`,
          },
          {
            kind: "multipart with a __proto__ field",
            part: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
          },
          {
            kind: "multipart with a malformed part header",
            part: `--${BOUNDARY}\r\nContent-Disposition form-data name=x\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
          },
          {
            kind: "multipart with 30 fields",
            part: multipart(Array.from({ length: 30 }, (_, index) => [`field${index}`, "x"] as [string, string])),
          },
          { kind: "multipart with a 20 KiB field", part: multipart([["name", "n".repeat(20 * 1024)]]) },
          { kind: "multipart that is not multipart", part: "just some text" },
        )
        .map(({ kind, part }) => ({ kind, encode: () => ({ payload: part, contentType: `multipart/form-data; boundary=${BOUNDARY}` }) })),
      weight: 2,
    },
    {
      arbitrary: fc.constant({
        kind: "over the body limit",
        encode: () => ({ payload: `{"a":"${"x".repeat(1_100_000)}"}`, contentType: "application/json" }),
      }),
      weight: 1,
    },
  );
}

// ---- parameters ---------------------------------------------------------------------------

/** Text put into a URL as it is (already encoded, or deliberately broken). */
const rawPathSegments = fc.constantFrom(
  "%",
  "%E0%A4%A",
  "%ZZ",
  "%2F",
  "..",
  ".",
  "%2e%2e",
  "%00",
  "a%00b",
  "a/b",
  "%20",
  "+",
  "%C0%AF",
  "%FF",
  "x".repeat(5_000),
  "-1",
  "0",
  "1.5",
  "1e3",
  "0x10",
  "99999999999999999999",
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encoding of a value's UTF-8 bytes; a lone surrogate goes as the replacement character, as a browser sends it. */
function encodeValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  } catch {
    text = "[".repeat(64); // nested too deep to write out
  }
  return encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD"));
}

function pathCases(
  operation: Operation,
  resolve: Resolve,
  known: KnownValues,
): fc.Arbitrary<{ kind: string; values: Record<string, string> }> {
  const valid = (parameter: Parameter) =>
    fc
      .oneof(
        { arbitrary: valueOf(parameter.schema, resolve, known, 0, parameter.name), weight: 3 },
        valueOf(parameter.schema, resolve, { ...known, edges: true }, 0, parameter.name),
      )
      .map(encodeValue);
  const validAll = fc.record(Object.fromEntries(operation.pathParams.map((parameter) => [parameter.name, valid(parameter)])));
  if (operation.pathParams.length === 0) return fc.constant({ kind: "", values: {} });
  const names = operation.pathParams.map((parameter) => parameter.name);
  return fc.oneof(
    { arbitrary: validAll.map((values) => ({ kind: "", values })), weight: 3 },
    {
      arbitrary: fc
        .tuple(validAll, fc.constantFrom(...names), fc.oneof(nastyValue.map(encodeValue), rawPathSegments))
        .map(([values, name, value]) => ({
          kind: `path: ${name} is ${value.slice(0, 30)}`,
          values: { ...values, [name]: value },
        })),
      weight: 4,
    },
  );
}

function queryCases(operation: Operation, resolve: Resolve, known: KnownValues): fc.Arbitrary<{ kind: string; query: string }> {
  const pairsOf = (values: Record<string, unknown>) =>
    Object.entries(values).flatMap(([key, value]) =>
      Array.isArray(value) ? value.map((item) => [key, item] as const) : [[key, value] as const],
    );
  const encode = (values: Record<string, unknown>) =>
    pairsOf(values)
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeValue(value)}`)
      .join("&");
  const validAll = fc.record(
    Object.fromEntries(
      operation.query.map((parameter) => [
        parameter.name,
        fc.oneof(
          { arbitrary: valueOf(parameter.schema, resolve, known, 0, parameter.name), weight: 3 },
          valueOf(parameter.schema, resolve, { ...known, edges: true }, 0, parameter.name),
        ),
      ]),
    ),
    { requiredKeys: operation.query.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const names = operation.query.map((parameter) => parameter.name);
  const anyName =
    names.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 3 }, fc.string({ minLength: 1, maxLength: 8 }))
      : fc.string({ minLength: 1, maxLength: 8 });
  return fc.oneof(
    { arbitrary: validAll.map((values) => ({ kind: "", query: encode(values) })), weight: 4 },
    {
      arbitrary: fc
        .tuple(validAll, anyName, nastyValue)
        .map(([values, name, value]) => ({ kind: `query: ${name} is a nasty value`, query: encode({ ...values, [name]: value }) })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(validAll, anyName, fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 4 }))
        .map(([values, name, list]) => ({
          kind: `query: ${name} is repeated`,
          query: encode({ ...values, [name]: list }),
        })),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(validAll, fc.subarray(names)).map(([values, missing]) => ({
        kind: `query: ${missing.join(", ")} missing`,
        query: encode(Object.fromEntries(Object.entries(values).filter(([key]) => !missing.includes(key)))),
      })),
      weight: names.length > 0 ? 1 : 0,
    },
    {
      arbitrary: fc
        .tuple(
          validAll,
          fc.constantFrom(
            "%",
            "a=%E0%A4%A",
            "&&=&",
            "t[]=1",
            "t[a]=1",
            "page=1&page=2",
            "%00=%00",
            "a=%00",
            "=",
            "a",
            "?",
            "#",
            "q=" + "x".repeat(8_000),
            "per_page=-1",
            "page=1e999",
            "__proto__[x]=1",
          ),
        )
        .map(([values, raw]) => ({
          kind: `query: raw ${raw.slice(0, 30)}`,
          query: [encode(values), raw].filter(Boolean).join("&"),
        })),
      weight: 2,
    },
  );
}

/** Header values must be Latin-1 text on the wire; these stay within it. */
const nastyHeader = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "a",
    "short",
    "x".repeat(300),
    "with space inside",
    "tab\there",
    "ÿÿÿÿÿÿÿÿÿ",
    "'; drop table x; --",
    "${jndi:x}",
  ),
  fc.string({ unit: "binary-ascii", maxLength: 40 }).map((text) => text.replace(/[\r\n\0]/g, "")),
);

function headerCases(
  operation: Operation,
  resolve: Resolve,
  known: KnownValues,
): fc.Arbitrary<{ kind: string; headers: Record<string, string> }> {
  const valid = fc.record(
    Object.fromEntries(
      operation.headers.map((parameter) => [parameter.name, valueOf(parameter.schema, resolve, known, 0, parameter.name).map(String)]),
    ),
    {
      requiredKeys: operation.headers.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    },
  ) as fc.Arbitrary<Record<string, string>>;
  const names = [
    ...operation.headers.map((parameter) => parameter.name),
    "accept",
    "x-request-id",
    "accept-encoding",
    "cookie",
    "x-forwarded-for",
    "origin",
  ];
  return fc.oneof(
    { arbitrary: valid.map((headers) => ({ kind: "", headers })), weight: 6 },
    {
      arbitrary: fc.tuple(valid, fc.constantFrom(...names), nastyHeader).map(([headers, name, value]) => ({
        kind: `header: ${name} is ${JSON.stringify(value.slice(0, 20))}`,
        headers: { ...headers, [name]: value },
      })),
      weight: 2,
    },
  );
}

// ---- the cases of one operation -------------------------------------------------------------

/** Every kind of bad request for one operation; each case has at most one or two things wrong, so the rest reaches the handler. */
export function badRequestsFor(operation: Operation, resolve: Resolve, known: KnownValues): fc.Arbitrary<BadRequest> {
  const takesBody = BODY_METHODS.has(operation.method);
  const auth: fc.Arbitrary<AuthMode> = operation.secured
    ? fc.oneof(
        { arbitrary: fc.constant("member" as const), weight: 8 },
        { arbitrary: fc.constant("none" as const), weight: 1 },
        { arbitrary: fc.constant("forged" as const), weight: 1 },
      )
    : fc.oneof(
        { arbitrary: fc.constant("none" as const), weight: 7 },
        { arbitrary: fc.constant("member" as const), weight: 2 },
        { arbitrary: fc.constant("forged" as const), weight: 1 },
      );
  const body = takesBody ? fc.tuple(bodyCases(operation, resolve, known), encodings()) : fc.constant(null);
  return fc
    .record({
      auth,
      path: pathCases(operation, resolve, known),
      query: queryCases(operation, resolve, known),
      headers: headerCases(operation, resolve, known),
      body,
    })
    .map(({ auth: mode, path, query, headers, body: sent }) => {
      const url =
        operation.path.replace(/\{(\w+)\}/g, (_, name: string) => path.values[name] ?? "x") + (query.query ? `?${query.query}` : "");
      const encoded = sent ? sent[1].encode(sent[0].body) : null;
      const kind = [path.kind, query.kind, headers.kind, sent ? `${sent[0].kind} ${sent[1].kind}` : "", `auth: ${mode}`]
        .filter(Boolean)
        .join("; ");
      return {
        kind,
        method: operation.method,
        url,
        headers: { ...headers.headers, ...(encoded?.contentType ? { "content-type": encoded.contentType } : {}) },
        ...(encoded ? { payload: encoded.payload } : {}),
        auth: mode,
      };
    });
}
