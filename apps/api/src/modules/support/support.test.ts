import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, randomIp, registerMember, type Member, rows } from "../../test/accounts.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { EMAIL_NOT_FOUND, MEMBER_NOT_FOUND } from "./support.service.ts";

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

  it("counts the member's practice from the sessions they reported: sessions, days and minutes", async () => {
    const who = await registerMember(t.app, t.database, { name: "Practising Pat" });
    const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
    // A member who joined yesterday (sessions cannot start before the account), practising in the last two hours.
    await rows(t.database, "update users set created_at = now() - interval '1 day' where id = $1", [who.id]);
    const starts = [Date.now() - 2 * 3_600_000, Date.now() - 3_600_000 - 30 * 60_000, Date.now() - 30 * 60_000];
    const minutes = [10, 5, 20];
    for (const [index, start] of starts.entries()) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/user/sessions?tz=UTC",
        headers: bearer(who.token),
        payload: { start_session: utc(start), end_session: utc(start + minutes[index]! * 60_000) },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const days = new Set(starts.map((start) => new Date(start).toISOString().slice(0, 10))).size;
    const page = (await get(`/members/${who.id}`)).json().data;
    expect(page.practice).toEqual({ sessions: 3, days, minutes: 35 });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await get(`/members/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: MEMBER_NOT_FOUND });
    }
  });
});

describe("a complimentary grant", () => {
  const grant = (memberId: string, body: object, token = support.token) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/admin/members/${memberId}/complimentary`,
      headers: bearer(token),
      payload: body,
      remoteAddress: randomIp(),
    });
  const status = async (who: Member) =>
    (await t.app.inject({ method: "GET", url: "/api/v1/user/account-status", headers: bearer(who.token) })).json();

  it("opens premium for the days given, ending by itself, billing nothing; the member is told and the log keeps who and why", async () => {
    const who = await registerMember(t.app, t.database, { name: "Robin Gift" });
    expect((await status(who)).subscription_type).toBeNull();
    const res = await grant(who.id, { days: 30, reason: "The app was down during their trial." });
    expect(res.statusCode, res.body).toBe(200);
    const endsAt = new Date(res.json().data.ends_at);
    expect(Math.round((endsAt.getTime() - Date.now()) / 86_400_000)).toBe(30);

    const after = await status(who);
    expect(after).toMatchObject({
      subscription_type: "Complimentary premium",
      subscription_via: "complimentary",
      status: "active",
      can_cancel: false,
      can_upgrade: false,
    });
    expect(new Date(after.current_period_end).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Nothing to renew: the billing sweep never takes it.
    const [row] = await rows<{ lifecycle: unknown; provider_subscription_id: string | null }>(
      t.database,
      "select lifecycle, provider_subscription_id from subscriptions where user_id = $1",
      [who.id],
    );
    expect(row).toEqual({ lifecycle: null, provider_subscription_id: null });

    const mail = await rows<{ subject: string }>(
      t.database,
      "select subject from outbox_emails where user_id = $1 and subject like 'Premium is on us%'",
      [who.id],
    );
    expect(mail).toHaveLength(1);
    const [entry] = await rows<{ action: string; staff_email: string; after: { days: number; reason: string } }>(
      t.database,
      "select action, staff_email, after from audit_log where target_id = $1",
      [who.id],
    );
    expect(entry).toMatchObject({
      action: "member.complimentary-granted",
      staff_email: support.email,
      after: { days: 30, reason: "The app was down during their trial." },
    });
  });

  it("refuses days out of 1 to 366, a missing reason, an unknown member, and an editor", async () => {
    for (const body of [
      { days: 0, reason: "x" },
      { days: 367, reason: "x" },
      { days: 2.5, reason: "x" },
      { days: 30 },
      { days: 30, reason: "  " },
    ]) {
      expect((await grant(member.id, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await grant("00000000-0000-4000-8000-000000000000", { days: 30, reason: "x" })).statusCode).toBe(404);
    expect((await grant(member.id, { days: 30, reason: "x" }, editor.token)).statusCode).toBe(403);
    expect((await status(member)).subscription_type).toBeNull();
  });
});

describe("an e-mail sent again", () => {
  const resend = (memberId: string, emailId: string, token = support.token) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/admin/members/${memberId}/emails/${emailId}/resend`,
      headers: bearer(token),
      remoteAddress: randomIp(),
    });
  const mailOf = (who: Member) =>
    rows<{ id: string; subject: string; text: string }>(
      t.database,
      "select id, subject, text from outbox_emails where user_id = $1 order by created_at",
      [who.id],
    );

  it("goes again, as it was, to the address it went to; the log says which", async () => {
    const who = await registerMember(t.app, t.database, { name: "Lost Inbox" });
    const [welcome] = await mailOf(who);
    const res = await resend(who.id, welcome!.id);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailOf(who);
    expect(mail).toHaveLength(2);
    expect(mail[1]).toMatchObject({ id: res.json().data.id, subject: welcome!.subject, text: welcome!.text });
    const [entry] = await rows<{ action: string; after: { email_id: string } }>(
      t.database,
      "select action, after from audit_log where target_id = $1 and action = 'member.email-resent'",
      [who.id],
    );
    expect(entry!.after.email_id).toBe(welcome!.id);
  });

  it("answers 404 for another member's e-mail, an unknown or malformed id; 403 for an editor", async () => {
    const [theirs] = await mailOf(member);
    const other = await registerMember(t.app, t.database, { name: "Someone Else" });
    for (const emailId of [theirs!.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await resend(other.id, emailId);
      expect(res.statusCode, emailId).toBe(404);
      expect(res.json()).toEqual({ message: EMAIL_NOT_FOUND });
    }
    expect((await resend(member.id, theirs!.id, editor.token)).statusCode).toBe(403);
    expect(await mailOf(member)).toHaveLength(1);
  });
});
