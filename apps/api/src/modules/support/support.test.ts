import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, randomIp, registerMember, type Member } from "../../test/accounts.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { MEMBER_NOT_FOUND } from "./support.service.ts";

/** The support room's reads (decision 067): find a member, read their page. */
let t: TestApp;
let support: StaffAccount;
let editor: StaffAccount;
let member: Member;
beforeAll(async () => {
  t = await createTestApp();
  support = await createStaff(t.app, t.services, "support");
  editor = await createStaff(t.app, t.services, "editor");
  member = await registerMember(t.app, t.database, { name: "Juniper Quill" });
});
afterAll(async () => t.close());

const get = (url: string, token = support.token) =>
  t.app.inject({ method: "GET", url: `/api/v1/admin${url}`, headers: bearer(token), remoteAddress: randomIp() });

describe("finding a member", () => {
  it("finds them by part of the name, by the address, by part of it and by id, an exact match first", async () => {
    for (const q of ["junip", "QUILL", member.email, member.email.slice(3, 12), member.id]) {
      const res = await get(`/members?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data[0], q).toMatchObject({ id: member.id, name: "Juniper Quill", email: member.email, subscription: null });
    }
  });

  it("treats the query as text: wildcards and quotes match only themselves", async () => {
    for (const q of ["%%", "__", "' or 1=1 --"]) {
      const res = await get(`/members?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data, q).toEqual([]);
    }
  });

  it("asks for two characters at least, and 200 at most", async () => {
    expect((await get("/members?q=a")).statusCode).toBe(422);
    expect((await get("/members")).statusCode).toBe(422);
    expect((await get(`/members?q=${"x".repeat(201)}`)).statusCode).toBe(422);
  });

  it("is support's and owners' only: an editor, a member and no token are refused", async () => {
    expect((await get("/members?q=junip", editor.token)).statusCode).toBe(403);
    expect((await get("/members?q=junip", member.token)).statusCode).toBe(401);
    const none = await t.app.inject({ method: "GET", url: "/api/v1/admin/members?q=junip" });
    expect(none.statusCode).toBe(401);
  });
});

describe("a member's page", () => {
  it("shows the account, and empty lists for what they have not done", async () => {
    const res = await get(`/members/${member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.account).toMatchObject({ id: member.id, name: "Juniper Quill", email: member.email });
    expect(data).toMatchObject({
      subscriptions: [],
      purchases: [],
      payments: [],
      offers: [],
      practice: { days: 0, sessions: 0, minutes: 0 },
    });
    // The welcome e-mail registration sent.
    expect(data.emails.length).toBeGreaterThan(0);
    expect(data.emails[0]).toMatchObject({ to: member.email });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await get(`/members/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: MEMBER_NOT_FOUND });
    }
  });
});
