import { ComingSoonFunnelDefinitions } from "@serene/contracts";
import { loadComingSoon } from "@serene/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { bearer, randomIp, registerMember, rows, type Member } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerMember(t.app, t.database, { name: "Alice" });
  bob = await registerMember(t.app, t.database, { name: "Bob" });
});
afterAll(async () => t.close());

const funnels = ComingSoonFunnelDefinitions.parse(loadComingSoon());
const DEFAULT = funnels.find((funnel) => funnel.default)!;
const OTHER = funnels.find((funnel) => !funnel.default)!;

const page = (url: string, token?: string, remoteAddress = randomIp()) =>
  t.app.inject({ url: `/api/v1/coming-soon${url}`, headers: token ? bearer(token) : {}, remoteAddress });
const signUp = (payload: unknown, token?: string, { url = "/api/v1/coming-soon/lead/", remoteAddress = randomIp() } = {}) =>
  t.app.inject({ method: "POST", url, headers: token ? bearer(token) : {}, payload: payload as object, remoteAddress });
const leadsOf = (member: Member) =>
  rows(t.database, "select funnel_key, first_name, last_name, email from coming_soon_leads where user_id = $1 order by created_at", [
    member.id,
  ]);

describe("GET /api/v1/coming-soon/{key}", () => {
  it("serves a funnel by key, with the signed-in member as user_id, never cached", async () => {
    const res = await page(`/${OTHER.key}?t=123`, alice.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { default: _default, ...shipped } = OTHER;
    expect(res.json()).toEqual({ data: { ...shipped, user_id: alice.id } });
  });

  it("serves the default funnel without a key", async () => {
    const res = await page("", bob.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ key: DEFAULT.key, color_theme: DEFAULT.color_theme, user_id: bob.id });
  });

  it("answers an unknown key with 404", async () => {
    const res = await page("/no-such-funnel", alice.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Coming-soon page not found." });
  });

  it("needs a live bearer token (401), before anything else", async () => {
    for (const url of [`/${DEFAULT.key}`, "", "/no-such-funnel"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthenticated." });
    }
    expect((await page(`/${DEFAULT.key}`, "not-a-token")).statusCode).toBe(401);
  });

  it(`takes ${RATE_LIMITS.comingSoon.account.points} loads a minute from one member, then answers 429 with Retry-After`, async () => {
    const member = await registerMember(t.app, t.database, { name: "Eager" });
    for (let sent = 0; sent < RATE_LIMITS.comingSoon.account.points; sent++)
      expect((await page(`/${DEFAULT.key}`, member.token)).statusCode).toBe(200);
    const held = await page(`/${DEFAULT.key}`, member.token);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    expect(Number(held.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Another member is not held back.
    expect((await page(`/${DEFAULT.key}`, alice.token)).statusCode).toBe(200);
  });
});

describe("POST /api/v1/coming-soon/lead/", () => {
  const valid = (member: Member, extra: Record<string, unknown> = {}) => ({
    first_name: "Sam",
    last_name: "Rivers",
    email: "sam.rivers@example.test",
    user_id: member.id,
    key: OTHER.key,
    ...extra,
  });

  it("stores the member's sign-up (201), and a repeat for the same funnel and e-mail updates it (200)", async () => {
    const member = await registerMember(t.app, t.database, { name: "Sam" });
    const first = await signUp(valid(member), member.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.json().data).toMatchObject({ key: OTHER.key, first_name: "Sam", last_name: "Rivers", email: "sam.rivers@example.test" });

    // Without the trailing slash, with the e-mail in other letters: the same sign-up, updated.
    const again = await signUp(valid(member, { first_name: "Samira", email: " Sam.Rivers@Example.test " }), member.token, {
      url: "/api/v1/coming-soon/lead",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await leadsOf(member)).toEqual([
      { funnel_key: OTHER.key, first_name: "Samira", last_name: "Rivers", email: "sam.rivers@example.test" },
    ]);

    // Another funnel (the default, when no key is sent) is another sign-up.
    const { key: _key, ...withoutKey } = valid(member);
    expect((await signUp(withoutKey, member.token)).statusCode).toBe(201);
    expect((await leadsOf(member)).map((lead) => lead.funnel_key)).toEqual([OTHER.key, DEFAULT.key]);
  });

  it.each([
    [
      "nothing",
      {},
      {
        first_name: ["The first name field is required."],
        last_name: ["The last name field is required."],
        email: ["The email field is required."],
        user_id: ["The user id field is required."],
      },
    ],
    [
      "blank names",
      { first_name: "  ", last_name: "" },
      { first_name: ["The first name field is required."], last_name: ["The last name field is required."] },
    ],
    [
      "names too long",
      { first_name: "a".repeat(101), last_name: "b".repeat(101) },
      {
        first_name: ["The first name field must not be greater than 100 characters."],
        last_name: ["The last name field must not be greater than 100 characters."],
      },
    ],
    ["a malformed e-mail", { email: "not-an-address" }, { email: ["The email field must be a valid email address."] }],
    ["an e-mail too long", { email: `${"a".repeat(250)}@x.io` }, { email: ["The email field must not be greater than 254 characters."] }],
    [
      "wrong types",
      { first_name: 7, email: ["x"] },
      { first_name: ["The first name field must be a string."], email: ["The email field must be a string."] },
    ],
    ["an unknown funnel", { key: "no-such-funnel" }, { key: ["The selected key is invalid."] }],
  ])("answers %s with a Laravel-shaped 422 naming each field", async (_case, change, errors) => {
    const member = await registerMember(t.app, t.database);
    const body = Object.keys(change).length === 0 ? {} : { ...valid(member), ...change };
    const res = await signUp(body, member.token);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(res.json().message.startsWith(Object.values(errors)[0]![0]!)).toBe(true);
    expect(await leadsOf(member)).toEqual([]);
  });

  it("refuses another member's id (or an unknown one) as user_id with the same 422, storing nothing", async () => {
    const stolen = await signUp(valid(alice), bob.token);
    const unknown = await signUp(valid(bob, { user_id: "00000000-0000-4000-8000-000000000000" }), bob.token);
    for (const res of [stolen, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: "The selected user id is invalid.",
        errors: { user_id: ["The selected user id is invalid."] },
      });
    }
    expect(await leadsOf(alice)).toEqual([]);
    expect(await leadsOf(bob)).toEqual([]);
  });

  it("needs a live bearer token (401) before the body is read", async () => {
    expect((await signUp(valid(alice))).statusCode).toBe(401);
    expect((await signUp({}, "not-a-token", { url: "/api/v1/coming-soon/lead" })).statusCode).toBe(401);
  });

  it(`takes ${RATE_LIMITS.comingSoonLead.account.points} sign-ups per member, then answers 429`, async () => {
    const member = await registerMember(t.app, t.database);
    for (let sent = 0; sent < RATE_LIMITS.comingSoonLead.account.points; sent++)
      expect((await signUp(valid(member), member.token)).statusCode).toBeLessThan(300);
    const held = await signUp(valid(member), member.token);
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBeDefined();
  });

  it("goes with the member's account", async () => {
    const member = await registerMember(t.app, t.database);
    expect((await signUp(valid(member), member.token)).statusCode).toBe(201);
    await t.database.executeSql("delete from users where id = $1", [member.id]);
    expect(await leadsOf(member)).toEqual([]);
  });
});
