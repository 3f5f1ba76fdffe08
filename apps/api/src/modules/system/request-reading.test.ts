import { eq } from "drizzle-orm";
import { analyticsEvents, users } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREADABLE_FORM } from "../../plugins/form-data.ts";
import { bearer, formBody, multipartBody, registerMember, uniqueEmail, type Member } from "../../test/accounts.ts";
import { operationsOf, type OpenApiDocument } from "../../test/bad-input/operations.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** Requests the API cannot read, or that carry what PostgreSQL cannot store: a clear 4xx, never a 500. */
let t: TestApp;
let member: Member;
let owner: StaffAccount;
beforeAll(async () => {
  t = await createTestApp();
  member = await registerMember(t.app, t.database, { name: "Reader" });
  owner = await createStaff(t.app, t.services, "owner");
});
afterAll(async () => t.close());

const BOUNDARY = "----SereneFormBoundary";
const BROKEN_FORMS: [string, { contentType: string; payload: string }][] = [
  ["no boundary", { contentType: "multipart/form-data", payload: "name=x" }],
  ["an empty boundary", { contentType: "multipart/form-data; boundary=", payload: "--\r\n" }],
  [
    "a part cut short",
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nRob`,
    },
  ],
  [
    "a JSON field that is not JSON",
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n{nope\r\n--${BOUNDARY}--\r\n`,
    },
  ],
  [
    "a __proto__ field",
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
  ],
];

describe("malformed multipart form data", () => {
  /** Every documented route that reads a body (webhooks read raw bytes and check their signature instead). */
  const bodyRoutes = () =>
    operationsOf(t.app.swagger() as OpenApiDocument).filter(
      (operation) => ["POST", "PUT", "PATCH", "DELETE"].includes(operation.method) && !operation.path.endsWith("/webhook"),
    );

  it("answers 400 with a message on every route that reads a body, for each way a form can be broken", async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(24);
    const answers: string[] = [];
    for (const operation of routes) {
      const url = operation.path
        .replace("{provider}", operation.path.includes("/auth/") ? "googleWeb" : "stripe")
        .replace("{email}", "someone%40example.test")
        .replace("{code}", "abc");
      for (const [label, form] of BROKEN_FORMS) {
        const res = await t.app.inject({
          method: operation.method as "POST",
          url,
          // The console's routes take a staff session (decision 067); every other secured route a member's.
          headers: {
            "content-type": form.contentType,
            ...(operation.secured ? bearer(operation.path.startsWith("/api/v1/admin/") ? owner.token : member.token) : {}),
          },
          payload: form.payload,
        });
        answers.push(`${operation.method} ${operation.path} with ${label}: ${res.statusCode} ${res.body}`);
      }
    }
    const expected = (line: string) => line.replace(/: \d{3} .*$/, `: 400 ${JSON.stringify({ message: UNREADABLE_FORM })}`);
    expect(answers).toEqual(answers.map(expected));
  });

  it("keeps the form's limits: a file or too many fields is a 413", async () => {
    const withFile = await multipartBody({ name: "Robin", avatar: new Blob(["png"], { type: "image/png" }) });
    const file = await t.app.inject({ method: "POST", url: "/api/v1/user", ...withFile });
    expect(file.statusCode).toBe(413);
    expect(file.json()).toEqual({ message: "Files are not accepted here." });
    const crowded = await multipartBody(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`field${i}`, "x"])));
    const fields = await t.app.inject({ method: "POST", url: "/api/v1/user", ...crowded });
    expect(fields.statusCode).toBe(413);
  });

  it("still reads a well-formed form, a repeated field as a list", async () => {
    const email = uniqueEmail("form");
    const form = await multipartBody({ name: "Form Person", email, password: "calm-river-stone-42" });
    const res = await t.app.inject({ method: "POST", url: "/api/v1/user", ...form });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    const repeated = new FormData();
    repeated.append("login", email);
    repeated.append("login", email);
    const request = new Request("http://localhost/", { method: "POST", body: repeated });
    const twice = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/token",
      headers: { "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.login).toEqual(["The login field must be a string."]);
  });
});

describe("NUL characters, which PostgreSQL cannot store", () => {
  const nul = (field: string) => `The ${field} field must not contain a NUL character.`;

  it("are a 422 naming the field on anonymous routes: login, lead lookup, events", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/token",
      payload: { login: "a\u0000b@example.test", password: "x" },
    });
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual({ message: nul("login"), errors: { login: [nul("login")] } });

    const lead = await t.app.inject({ url: "/api/v1/lead/statistic/stat%00id" });
    expect(lead.statusCode).toBe(422);
    expect(lead.json()).toEqual({ message: nul("statistic id"), errors: { statistic_id: [nul("statistic id")] } });

    const before = (await t.database.db.select().from(analyticsEvents)).length;
    const event = await t.app.inject({
      method: "POST",
      url: "/api/v1/events",
      payload: { name: "page_view", path: "/a\u0000b", properties: { ref: "x\u0000", "bad\u0000key": 1 } },
    });
    expect(event.statusCode).toBe(422);
    expect(event.json().errors).toEqual({ path: [nul("path")], "properties.ref": [nul("ref")], properties: [nul("properties")] });
    expect((await t.database.db.select().from(analyticsEvents)).length).toBe(before);
  });

  it("are found in the query string, in form fields and in a member's own updates", async () => {
    const query = await t.app.inject({ url: "/api/v1/faq?t=1%002" });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ t: [nul("t")] });

    const urlEncoded = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      ...formBody({ name: "A\u0000", email: uniqueEmail(), password: "calm-river-stone-42" }),
    });
    expect(urlEncoded.statusCode).toBe(422);
    expect(urlEncoded.json().errors).toEqual({ name: [nul("name")] });

    const multipart = await t.app.inject({
      method: "POST",
      url: "/api/v1/user",
      ...(await multipartBody({ name: "B", email: `x\u0000${uniqueEmail()}`, password: "p" })),
    });
    expect(multipart.statusCode).toBe(422);
    expect(multipart.json().errors).toEqual({ email: [nul("email")] });

    const update = await t.app.inject({
      method: "PUT",
      url: "/api/v1/user",
      headers: bearer(member.token),
      payload: { name: "Re\u0000der", email: member.email },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ name: [nul("name")] });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.name).toBe("Reader");
  });

  it("on a member's route, come after authentication: no token is still a 401", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/api/v1/user", payload: { name: "\u0000", email: "a@b.c" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("other requests the router or the validator could not answer well", () => {
  it("a field named like an Object method is reported like any other field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/paypal/success-transaction",
      headers: bearer(member.token),
      payload: { constructor: null, valueOf: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["constructor", "valueOf"]);
  });

  it("a broken percent-encoding in the path is a 400 in the usual shape", async () => {
    const res = await t.app.inject({ url: "/api/v1/lead/statistic/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The address is not valid: it holds a broken percent-encoding." });
  });

  it("a path parameter as long as the contracts allow reaches the route; a longer one is a 414", async () => {
    const email = `${"a".repeat(240)}@example.test`;
    const allowed = await t.app.inject({
      method: "POST",
      url: `/api/v1/authorization-by-tmp-token/${email}`,
      payload: { tmp_token: "nope" },
    });
    expect(allowed.statusCode).not.toBe(414);
    expect(allowed.statusCode).toBeLessThan(500);
    const long = await t.app.inject({ url: `/api/v1/lead/statistic/${"x".repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: "A part of the address is too long." });
  });
});
