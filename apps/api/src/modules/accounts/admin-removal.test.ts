import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, randomIp, registerMember, rows } from "../../test/accounts.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { REMOVAL_UNDER_WAY_MESSAGE } from "./admin-removal.routes.ts";

/** Support starts a member's account removal (decision 067): the member's own confirmation decides. */
let t: TestApp;
let support: StaffAccount;
let editor: StaffAccount;
beforeAll(async () => {
  t = await createTestApp();
  support = await createStaff(t.app, t.services, "support");
  editor = await createStaff(t.app, t.services, "editor");
});
afterAll(async () => t.close());

const start = (memberId: string, token = support.token) =>
  t.app.inject({ method: "POST", url: `/api/v1/admin/members/${memberId}/removal`, headers: bearer(token), remoteAddress: randomIp() });

describe("an account removal started by support", () => {
  it("sends the member the confirmation link; nothing goes until they confirm; audited", async () => {
    const member = await registerMember(t.app, t.database, { name: "Leaving Lee" });
    const res = await start(member.id);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await rows<{ text: string }>(
      t.database,
      "select text from outbox_emails where user_id = $1 and subject like 'Confirm the removal%'",
      [member.id],
    );
    const code = /\/confirm-remove\/([^\s]+)/.exec(mail!.text)![1]!;
    const [before] = await rows<{ deletion_due_at: string | null }>(t.database, "select deletion_due_at from users where id = $1", [
      member.id,
    ]);
    expect(before!.deletion_due_at).toBeNull();

    const confirmed = await t.app.inject({ method: "POST", url: `/api/v1/user/confirm-remove/${code}`, remoteAddress: randomIp() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [after] = await rows<{ deletion_due_at: string | null }>(t.database, "select deletion_due_at from users where id = $1", [
      member.id,
    ]);
    expect(after!.deletion_due_at).not.toBeNull();

    const again = await start(member.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REMOVAL_UNDER_WAY_MESSAGE });
    const log = await rows<{ action: string; staff_email: string }>(
      t.database,
      "select action, staff_email from audit_log where target_id = $1",
      [member.id],
    );
    expect(log).toEqual([{ action: "member.removal-started", staff_email: support.email }]);
  });

  it("refuses an unknown or malformed member, an editor, a member and no token", async () => {
    const member = await registerMember(t.app, t.database);
    expect((await start("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await start("nope")).statusCode).toBe(404);
    expect((await start(member.id, editor.token)).statusCode).toBe(403);
    expect((await start(member.id, member.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: `/api/v1/admin/members/${member.id}/removal` })).statusCode).toBe(401);
    expect(
      await rows(t.database, "select id from outbox_emails where user_id = $1 and subject like 'Confirm the removal%'", [member.id]),
    ).toEqual([]);
  });
});
