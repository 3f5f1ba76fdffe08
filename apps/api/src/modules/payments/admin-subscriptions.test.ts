import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, randomIp, registerMember, rows, type Member } from "../../test/accounts.ts";
import { confirmedCard, PKG } from "../../test/billing-clock.ts";
import { getAs } from "../../test/content.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** Support cancels and resumes a member's subscription on their behalf (decision 067), each audited with before and after. */
let t: TestApp;
let support: StaffAccount;
let analyst: StaffAccount;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
  support = await createStaff(t.app, t.services, "support");
  analyst = await createStaff(t.app, t.services, "analyst");
});
afterAll(async () => t.close());

/** A member who bought the monthly plan by card. */
async function monthlyMember(): Promise<Member> {
  const member = await registerMember(t.app, t.database);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: bearer(member.token),
    payload: { payment_method: await confirmedCard(t.app, member.token), package_id: PKG.monthly },
  });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}
const act = (action: "cancel" | "resume", memberId: string, provider = "stripe", token = support.token) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/admin/members/${memberId}/subscription/${action}/${provider}`,
    headers: bearer(token),
    remoteAddress: randomIp(),
  });
const statusOf = async (member: Member) => (await getAs(t.app, member.token, "/api/v1/user/account-status")).json();

describe("a subscription cancelled and resumed by support", () => {
  it("stops billing with access to the period's end, then runs again; the member is told; the log keeps before and after", async () => {
    const member = await monthlyMember();
    expect((await statusOf(member)).status).toBe("active");

    const cancelled = await act("cancel", member.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await statusOf(member);
    expect(after).toMatchObject({ status: "canceled", can_cancel: false });
    expect(new Date(after.current_period_end).getTime()).toBeGreaterThan(Date.now());
    const mails = await rows<{ subject: string }>(t.database, "select subject from outbox_emails where user_id = $1 order by created_at", [
      member.id,
    ]);
    expect(mails.length).toBeGreaterThan(1);

    const resumed = await act("resume", member.id);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await statusOf(member)).status).toBe("active");

    const log = await rows<{ action: string; staff_email: string; before: { status: string }; after: { status: string } }>(
      t.database,
      "select action, staff_email, before, after from audit_log where target_id = $1 order by id",
      [member.id],
    );
    expect(log.map((entry) => [entry.action, entry.staff_email, entry.before.status, entry.after.status])).toEqual([
      ["member.subscription-cancelled", support.email, "active", "canceled"],
      ["member.subscription-resumed", support.email, "canceled", "active"],
    ]);
  });

  it("changes nothing and logs nothing when there is nothing to cancel, for another provider, an unknown member or a role without members.write", async () => {
    const member = await monthlyMember();
    const free = await registerMember(t.app, t.database);
    expect((await act("cancel", free.id)).statusCode).toBe(404);
    expect((await act("cancel", member.id, "paypal")).statusCode).toBe(404);
    expect((await act("cancel", "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await act("cancel", "not-an-id")).statusCode).toBe(404);
    expect((await act("cancel", member.id, "bank")).statusCode).toBe(422);
    expect((await act("cancel", member.id, "stripe", analyst.token)).statusCode).toBe(403);
    expect((await act("cancel", member.id, "stripe", member.token)).statusCode).toBe(401);
    expect((await act("resume", member.id)).statusCode).toBe(409);
    expect((await statusOf(member)).status).toBe("active");
    expect(await rows(t.database, "select id from audit_log where target_id in ($1, $2)", [member.id, free.id])).toEqual([]);
  });
});
