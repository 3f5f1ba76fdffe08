import { randomUUID } from "node:crypto";
import { STAFF_ROLES, staffMay, type StaffPermission, type StaffRole } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, randomIp, registerMember, rows, type Member } from "../../test/accounts.ts";
import { createStaff, totpCode, type StaffAccount } from "../../test/staff.ts";
import { createTestDatabase, testConfig } from "../../test/test-app.ts";
import { buildApp, createServices, type Services } from "../../app.ts";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "@serene/db";
import { useCheapPasswordHashing } from "../accounts/passwords.ts";
import { DEMO_OWNER, seedDemoOwner } from "../../seed/demo-accounts.ts";
import { STAFF_FORBIDDEN_MESSAGE } from "../../http/index.ts";
import { STAFF_CHALLENGE_MESSAGE, STAFF_CODE_MESSAGE, STAFF_CREDENTIALS_MESSAGE, STAFF_LAST_OWNER_MESSAGE } from "./staff.service.ts";

/** The operator console's staff (decision 067): invitations, two-factor sign-in, sessions, roles and the audit log. */
let app: FastifyInstance;
let services: Services;
let database: DatabaseHandle;
let owner: StaffAccount;
let member: Member;
const staffOf: Partial<Record<StaffRole, StaffAccount>> = {};

beforeAll(async () => {
  useCheapPasswordHashing(true);
  database = await createTestDatabase();
  const config = testConfig();
  services = createServices({ config, database });
  app = await buildApp({ config, database, logger: false, services });
  await app.ready();
  owner = await createStaff(app, services, "owner");
  for (const role of STAFF_ROLES) staffOf[role] = role === "owner" ? owner : await createStaff(app, services, role);
  member = await registerMember(app, database, { name: "Robin" });
});
afterAll(async () => {
  await app.close();
  await services.close();
  await database.close();
});

const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
    remoteAddress: randomIp(),
  });

const signIn = async (account: StaffAccount, offset = 1) => {
  const first = await call("POST", "/sign-in", undefined, { email: account.email, password: account.password });
  expect(first.statusCode, first.body).toBe(200);
  const { challenge } = first.json() as { challenge: string };
  return {
    challenge,
    verify: (code: string) => call("POST", "/sign-in/verify", undefined, { challenge, code }),
    code: () => totpCode(account.secret, offset),
  };
};

describe("an invitation", () => {
  it("makes an account that signs in with a password and a code: e-mailed once, accepted once, audited", async () => {
    const email = `invited-${process.pid}@serene.example`;
    const invited = await call("POST", "/staff", owner.token, { email: ` ${email.toUpperCase()} `, role: "support" });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({
      email,
      role: "support",
      status: "invited",
      permissions: ["members.read", "members.write", "money.write"],
    });
    const [mail] = await rows<{ subject: string; text: string }>(
      database,
      "select subject, text from outbox_emails where to_address = $1",
      [email],
    );
    expect(mail!.subject).toBe("You are invited to the Serene console");
    const token = /invitation\?token=([^\s]+)/.exec(mail!.text)![1]!;

    expect((await call("GET", `/invitations/${token}`)).json()).toEqual({ data: { email, role: "support" } });
    const weak = await call("POST", `/invitations/${token}/accept`, undefined, { name: "Ada", password: "short" });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toEqual(["password"]);
    const accepted = await call("POST", `/invitations/${token}/accept`, undefined, { name: "Ada", password: "a calm support password" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { secret, otpauth_uri } = accepted.json() as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toContain(`secret=${secret}`);
    // Not signed in before the code proves the app holds the secret.
    expect((await call("POST", "/sign-in", undefined, { email, password: "a calm support password" })).statusCode).toBe(422);
    const wrong = await call("POST", `/invitations/${token}/confirm`, undefined, { code: "000000" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [STAFF_CODE_MESSAGE] });
    const confirmed = await call("POST", `/invitations/${token}/confirm`, undefined, { code: await totpCode(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const session = confirmed.json();
    expect(session.token).toMatch(/^staff_/);
    expect(session.recovery_codes).toHaveLength(10);
    expect(session.staff).toMatchObject({ email, name: "Ada", status: "active" });
    expect((await call("GET", "/me", session.token)).json().data.email).toBe(email);
    // The link works once.
    expect((await call("GET", `/invitations/${token}`)).statusCode).toBe(404);
    expect(
      (await call("POST", `/invitations/${token}/accept`, undefined, { name: "Eve", password: "another calm password" })).statusCode,
    ).toBe(404);

    const audit = (await call("GET", "/audit?per_page=100", owner.token)).json().data as {
      action: string;
      target_id: string;
      staff_email: string;
    }[];
    const mine = audit.filter((entry) => entry.target_id === session.staff.id).map((entry) => [entry.action, entry.staff_email]);
    expect(mine).toEqual([
      ["staff.joined", email],
      ["staff.invited", owner.email],
    ]);
  });

  it("refuses an address that already has a staff account, and an unknown role", async () => {
    const again = await call("POST", "/staff", owner.token, { email: staffOf.support!.email, role: "analyst" });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ["This address already has a staff account."] });
    const role = await call("POST", "/staff", owner.token, { email: `x-${process.pid}@serene.example`, role: "janitor" });
    expect(role.statusCode).toBe(422);
    expect(Object.keys(role.json().errors)).toEqual(["role"]);
  });
});

describe("staff sign-in", () => {
  it("takes a password, then a code from the app once; the same code twice is refused", async () => {
    const account = await createStaff(app, services, "analyst");
    const attempt = await signIn(account);
    const code = await attempt.code();
    const signedIn = await attempt.verify(code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await call("GET", "/me", signedIn.json().token)).statusCode).toBe(200);
    const replayed = await (await signIn(account)).verify(code);
    expect(replayed.statusCode).toBe(422);
  });

  it("answers one message for an unknown address, a wrong password and a disabled account", async () => {
    for (const body of [
      { email: `nobody-${process.pid}@serene.example`, password: "whatever it is" },
      { email: owner.email, password: "not the password" },
    ]) {
      const res = await call("POST", "/sign-in", undefined, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(STAFF_CREDENTIALS_MESSAGE);
    }
  });

  it("ends a challenge after five wrong codes", async () => {
    const attempt = await signIn(owner);
    for (let i = 0; i < 4; i++) expect((await attempt.verify("123456")).statusCode).toBe(422);
    const fifth = await attempt.verify("123456");
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe(STAFF_CHALLENGE_MESSAGE);
    expect((await attempt.verify(await attempt.code())).statusCode).toBe(401);
  });

  it("ends a challenge after five wrong codes when each comes with an Idempotency-Key, as the console sends them", async () => {
    const attempt = await signIn(owner);
    const keyed = (code: string, n: number) =>
      app.inject({
        method: "POST",
        url: "/api/v1/admin/sign-in/verify",
        headers: { "idempotency-key": `verify-${process.pid}-${Date.now()}-${n}` },
        payload: { challenge: attempt.challenge, code },
        remoteAddress: randomIp(),
      });
    for (let i = 0; i < 4; i++) expect((await keyed("123456", i)).statusCode).toBe(422);
    expect((await keyed("123456", 4)).statusCode).toBe(401);
    expect((await keyed(await attempt.code(), 5)).statusCode).toBe(401);
  });

  it("takes a recovery code once instead of the app's code", async () => {
    const account = await createStaff(app, services, "editor");
    const [code] = account.recoveryCodes;
    const first = await (await signIn(account)).verify(code!.toUpperCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().recovery_codes_left).toBe(9);
    expect((await (await signIn(account)).verify(code!)).statusCode).toBe(422);
  });

  it("keeps members and staff apart: a member's token opens no admin call, a staff token no member call", async () => {
    expect((await call("GET", "/me", member.token)).statusCode).toBe(401);
    const memberCall = await app.inject({ method: "GET", url: "/api/v1/user", headers: bearer(owner.token) });
    expect(memberCall.statusCode).toBe(401);
  });

  it("lists a member of staff's sessions, ends one at once, and signs out", async () => {
    const account = await createStaff(app, services, "support");
    const other = (await (await signIn(account)).verify(await totpCode(account.secret, 1))).json().token as string;
    const listed = (await call("GET", "/sessions", account.token)).json().data as { id: string; current: boolean }[];
    expect(listed).toHaveLength(2);
    const otherId = listed.find((session) => !session.current)!.id;
    expect((await call("DELETE", `/sessions/${otherId}`, account.token)).statusCode).toBe(200);
    expect((await call("GET", "/me", other)).statusCode).toBe(401);
    expect((await call("DELETE", `/sessions/${otherId}`, account.token)).statusCode).toBe(404);
    expect((await call("POST", "/sign-out", account.token)).statusCode).toBe(200);
    expect((await call("GET", "/me", account.token)).statusCode).toBe(401);
  });
});

/** An item's fields as an editor writes them (the matrix changes an item that does not exist). */
const EDIT = { name: "Quiet Harbour", description: "A slow evening by the water.", type: "Meditations", free: true, goal: null, tags: [] };

describe("what each role may do", () => {
  /** Every staff operation of the console, what it needs, and a request that does it once. */
  const operations: {
    name: string;
    needs: StaffPermission | null;
    run: (token?: string) => Promise<{ statusCode: number }>;
    /** What an allowed role gets, where not 200 (201 created; 404 when the member has nothing to change). */
    allowed?: number;
  }[] = [
    { name: "GET /admin/me", needs: null, run: (token) => call("GET", "/me", token) },
    { name: "GET /admin/sessions", needs: null, run: (token) => call("GET", "/sessions", token) },
    { name: "GET /admin/staff", needs: "staff.manage", run: (token) => call("GET", "/staff", token) },
    {
      name: "POST /admin/staff",
      needs: "staff.manage",
      run: (token) =>
        call("POST", "/staff", token, { email: `matrix-${Math.random().toString(36).slice(2)}@serene.example`, role: "analyst" }),
    },
    {
      name: "PATCH /admin/staff/{id}",
      needs: "staff.manage",
      run: async (token) =>
        call(
          "PATCH",
          `/staff/${(await services.staff.invite(null, { email: `m-${Math.random()}@serene.example`, role: "analyst" }, { ip: null, userAgent: null })).staff.id}`,
          token,
          { role: "editor" },
        ),
    },
    {
      name: "POST /admin/staff/{id}/disable",
      needs: "staff.manage",
      run: async (token) =>
        call(
          "POST",
          `/staff/${(await services.staff.invite(null, { email: `d-${Math.random()}@serene.example`, role: "analyst" }, { ip: null, userAgent: null })).staff.id}/disable`,
          token,
        ),
    },
    { name: "GET /admin/audit", needs: "audit.read", run: (token) => call("GET", "/audit", token) },
    {
      name: "POST /admin/members/{id}/removal",
      needs: "members.write",
      run: (token) => call("POST", `/members/${member.id}/removal`, token),
    },
    {
      name: "POST /admin/members/{id}/subscription/cancel/{provider}",
      needs: "members.write",
      allowed: 404,
      run: (token) => call("POST", `/members/${member.id}/subscription/cancel/stripe`, token),
    },
    {
      name: "POST /admin/members/{id}/subscription/resume/{provider}",
      needs: "members.write",
      allowed: 404,
      run: (token) => call("POST", `/members/${member.id}/subscription/resume/stripe`, token),
    },
    { name: "GET /admin/members", needs: "members.read", run: (token) => call("GET", "/members?q=robin", token) },
    { name: "GET /admin/members/{id}", needs: "members.read", run: (token) => call("GET", `/members/${member.id}`, token) },
    {
      name: "POST /admin/members/{id}/complimentary",
      needs: "money.write",
      run: (token) => call("POST", `/members/${member.id}/complimentary`, token, { days: 1, reason: "The role matrix." }),
    },
    {
      name: "POST /admin/members/{id}/emails/{emailId}/resend",
      needs: "members.write",
      run: async (token) => {
        const [mail] = await rows<{ id: string }>(database, "select id from outbox_emails where user_id = $1 limit 1", [member.id]);
        return call("POST", `/members/${member.id}/emails/${mail!.id}/resend`, token);
      },
    },
    { name: "GET /admin/audit.csv", needs: "audit.read", run: (token) => call("GET", "/audit.csv", token) },
    {
      // The member has no charge: a role allowed to refund is told so (404), the others are refused first.
      name: "POST /admin/members/{id}/payments/{paymentId}/refund",
      needs: "money.write",
      allowed: 404,
      run: (token) => call("POST", `/members/${member.id}/payments/${randomUUID()}/refund`, token, { reason: "The role matrix." }),
    },
    { name: "GET /admin/dashboard/money", needs: "dashboards.read", run: (token) => call("GET", "/dashboard/money", token) },
    {
      name: "GET /admin/dashboard/subscriptions",
      needs: "dashboards.read",
      run: (token) => call("GET", "/dashboard/subscriptions", token),
    },
    { name: "GET /admin/dashboard/funnels", needs: "dashboards.read", run: (token) => call("GET", "/dashboard/funnels", token) },
    { name: "GET /admin/content", needs: "content.write", run: (token) => call("GET", "/content", token) },
    { name: "GET /admin/shelves", needs: "content.write", run: (token) => call("GET", "/shelves", token) },
    { name: "GET /admin/data-files", needs: "content.write", run: (token) => call("GET", "/data-files", token) },
    {
      name: "PUT /admin/content/{id}/captions/{variant}",
      needs: "content.write",
      allowed: 404,
      run: (token) =>
        app.inject({
          method: "PUT",
          url: "/api/v1/admin/content/99999999/captions/audio_female",
          headers: { ...(token ? bearer(token) : {}), "content-type": "text/vtt" },
          payload: "WEBVTT\n",
          remoteAddress: randomIp(),
        }),
    },
    {
      name: "PUT /admin/content/{id}/cover",
      needs: "content.write",
      allowed: 404,
      run: (token) =>
        app.inject({
          method: "PUT",
          url: "/api/v1/admin/content/99999999/cover",
          headers: { ...(token ? bearer(token) : {}), "content-type": "image/png" },
          payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
          remoteAddress: randomIp(),
        }),
    },
    {
      name: "PUT /admin/shelves/{kind}/{id}",
      needs: "content.write",
      allowed: 404,
      run: (token) => call("PUT", "/shelves/sections/99999", token, { items: [] }),
    },
    { name: "GET /admin/content/{id}", needs: "content.write", run: (token) => call("GET", "/content/1", token) },
    { name: "POST /admin/content", needs: "content.write", allowed: 422, run: (token) => call("POST", "/content", token, {}) },
    {
      name: "PUT /admin/content/{id}",
      needs: "content.write",
      allowed: 404,
      run: (token) => call("PUT", "/content/99999999", token, EDIT),
    },
    {
      name: "POST /admin/content/{id}/publish",
      needs: "content.write",
      allowed: 404,
      run: (token) => call("POST", "/content/99999999/publish", token, {}),
    },
    {
      name: "POST /admin/content/{id}/withdraw",
      needs: "content.write",
      allowed: 404,
      run: (token) => call("POST", "/content/99999999/withdraw", token, { reason: "The role matrix" }),
    },
    {
      name: "PUT /admin/content/{id}/media/{variant}",
      needs: "content.write",
      allowed: 404,
      run: (token) =>
        app.inject({
          method: "PUT",
          url: "/api/v1/admin/content/99999999/media/audio_female",
          headers: { ...(token ? bearer(token) : {}), "content-type": "audio/wav" },
          payload: Buffer.from("RIFF"),
          remoteAddress: randomIp(),
        }),
    },
    {
      name: "POST /admin/members/{id}/purchases/{purchaseId}/clear",
      needs: "money.write",
      allowed: 404,
      run: (token) => call("POST", `/members/${member.id}/purchases/${randomUUID()}/clear`, token),
    },
  ];

  for (const operation of operations) {
    it(`${operation.name}: ${operation.needs ?? "any member of staff"}; 403 for other roles, 401 for a member or no token`, async () => {
      for (const role of STAFF_ROLES) {
        const res = await operation.run(staffOf[role]!.token);
        const allowed = operation.needs === null || staffMay(role, operation.needs);
        expect(res.statusCode, `${role}`).toBe(allowed ? (operation.allowed ?? (operation.name === "POST /admin/staff" ? 201 : 200)) : 403);
        if (!allowed) expect((res as unknown as { json(): { message: string } }).json().message).toBe(STAFF_FORBIDDEN_MESSAGE);
      }
      expect((await operation.run(member.token)).statusCode, "a member").toBe(401);
      expect((await operation.run()).statusCode, "no token").toBe(401);
    });
  }
});

describe("an owner's changes", () => {
  it("changes a role and disables an account (its sessions end at once), each in the audit log with before and after", async () => {
    const account = await createStaff(app, services, "analyst");
    const changed = await call("PATCH", `/staff/${account.id}`, owner.token, { role: "support" });
    expect(changed.json().data).toMatchObject({ role: "support", permissions: ["members.read", "members.write", "money.write"] });
    expect((await call("GET", "/me", account.token)).json().data.role).toBe("support");
    const disabled = await call("POST", `/staff/${account.id}/disable`, owner.token);
    expect(disabled.json().data.status).toBe("disabled");
    expect((await call("GET", "/me", account.token)).statusCode).toBe(401);
    expect((await call("POST", "/sign-in", undefined, { email: account.email, password: account.password })).statusCode).toBe(422);

    const entries = (await call("GET", "/audit?per_page=100", owner.token)).json().data as {
      action: string;
      target_id: string;
      before: unknown;
      after: unknown;
    }[];
    const mine = entries.filter((entry) => entry.target_id === account.id);
    expect(mine.find((entry) => entry.action === "staff.role-changed")).toMatchObject({
      before: { role: "analyst" },
      after: { role: "support" },
    });
    expect(mine.find((entry) => entry.action === "staff.disabled")).toMatchObject({
      before: { status: "active" },
      after: { status: "disabled", sessions_ended: 1 },
    });
  });

  it("keeps one owner: the last owner cannot be made another role or disabled", async () => {
    const owners = (await call("GET", "/staff", owner.token))
      .json()
      .data.filter((staff: { role: string; status: string }) => staff.role === "owner" && staff.status !== "disabled");
    expect(owners).toHaveLength(1);
    const demoted = await call("PATCH", `/staff/${owner.id}`, owner.token, { role: "support" });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe(STAFF_LAST_OWNER_MESSAGE);
    expect((await call("POST", `/staff/${owner.id}/disable`, owner.token)).statusCode).toBe(409);
  });

  it("answers 404 for an unknown or malformed staff id", async () => {
    expect((await call("PATCH", "/staff/00000000-0000-4000-8000-000000000000", owner.token, { role: "support" })).statusCode).toBe(404);
    expect((await call("POST", "/staff/not-an-id/disable", owner.token)).statusCode).toBe(404);
  });
});

describe("the audit log", () => {
  it("cannot be changed or deleted, by anyone, and exports as CSV", async () => {
    await expect(database.executeSql("update audit_log set action = 'forged'")).rejects.toThrow(/append-only/);
    await expect(database.executeSql("delete from audit_log")).rejects.toThrow(/append-only/);
    const csv = await call("GET", "/audit.csv", owner.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["cache-control"]).toBe("no-store");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("id,at,staff_email,action,target_type,target_id,before,after,ip,user_agent");
    expect(lines.length).toBeGreaterThan(5);
  });
});

describe("the demo owner", () => {
  it("is made once, outside production, and signs in with the published password and a code from the secret shown", async () => {
    const made = await seedDemoOwner(database.db, testConfig().staff.secretsKey);
    expect(made!.uri).toContain(`secret=${made!.secret}`);
    expect(await seedDemoOwner(database.db, testConfig().staff.secretsKey)).toBeNull();
    const first = await call("POST", "/sign-in", undefined, { email: DEMO_OWNER.email, password: DEMO_OWNER.password });
    const { challenge } = first.json() as { challenge: string };
    const signedIn = await call("POST", "/sign-in/verify", undefined, { challenge, code: await totpCode(made!.secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().staff).toMatchObject({ email: DEMO_OWNER.email, role: "owner", status: "active" });
  });
});
