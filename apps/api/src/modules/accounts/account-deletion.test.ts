import { eq } from "drizzle-orm";
import { DAY_MS } from "@serene/domain";
import {
  contentShares,
  leads,
  listeningDays,
  listeningPositions,
  memberAchievements,
  quizAnswers,
  socialIdentities,
  users,
  workbookEntries,
  type DatabaseHandle,
} from "@serene/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "../../jobs/queue.ts";
import { lastMailTo, linkIn, login, mailsTo, PASSWORD, randomIp, rows, uniqueEmail, whoAmI } from "../../test/accounts.ts";
import { pollUntil } from "../../test/ports-and-polls.ts";
import { createQueuedTestApp, type QueuedTestApp } from "../../test/test-app.ts";
import { DELETE_DUE_ACCOUNTS_JOB } from "./account-recovery.service.ts";
import { hashSecret } from "./secrets.ts";

/**
 * Deleting an account deletes every row that belongs to it. The tables are found from the
 * database itself (every public table with a user_id column), so a table added later is
 * checked without changing this test.
 */
let t: QueuedTestApp;
let database: DatabaseHandle;
let app: FastifyInstance;
let boss: JobQueue;

beforeAll(async () => {
  t = await createQueuedTestApp({ ACCOUNT_DELETION_DAYS: "0" }, { separateWorker: true });
  ({ app, database, boss } = t);
});
afterAll(async () => t.close());

const tablesWithUserId = async () =>
  (
    await rows<{ table_name: string }>(
      database,
      "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name",
    )
  ).map((row) => row.table_name);

const publicTables = async () =>
  (
    await rows<{ table_name: string }>(
      database,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
  ).map((row) => row.table_name);

/** How many rows of each table carry the user's id in user_id. */
async function rowsOwnedBy(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesWithUserId()) {
    const [row] = await rows<{ n: number | string }>(database, `SELECT count(*) AS n FROM "${table}" WHERE user_id = $1`, [userId]);
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** Rows anywhere in the product's tables whose text mentions the value (an id or an e-mail). */
async function rowsMentioning(value: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of await publicTables()) {
    const [row] = await rows<{ n: number | string }>(
      database,
      `SELECT count(*) AS n FROM "${table}" AS r WHERE r::text ILIKE '%' || $1 || '%'`,
      [value],
    );
    if (Number(row!.n) > 0) found[table] = Number(row!.n);
  }
  return found;
}

/** A member with rows in every table that belongs to a user: tokens, codes, identities, lead, e-mails. */
async function memberWithEverything(label: string) {
  const email = uniqueEmail(label);
  const statisticId = `lead-${label}-${Date.now()}`;
  // Pre-registered, with the link token its invitation e-mail carries.
  await database.db.insert(leads).values({ statisticId, name: label, email, linkTokenHash: hashSecret(`invite-${statisticId}`) });
  // Another funnel record for the same address that was never linked: it goes too.
  await database.db.insert(leads).values({ statisticId: `${statisticId}-again`, name: label, email });
  // Quiz answers sent anonymously with the address before registering: they go too.
  await database.db.insert(quizAnswers).values({ quizId: 1, email: email.toUpperCase(), answers: { goal: "SLEEP_BETTER" } });
  // A lead given after a quiz, its answers, its result e-mail (never opened) and its offer clock: they go too.
  const lead = await app.inject({
    method: "POST",
    url: "/api/v1/lead",
    payload: { email, quiz: "calm-check-in", answers: { goal: "REDUCE_STRESS" } },
    remoteAddress: randomIp(),
  });
  expect(lead.statusCode, lead.body).toBe(201);
  // That lead opened today's offer from its e-mail: its offer clock goes with it.
  expect((await app.inject({ url: `/api/v1/checkout/3?lead=${lead.json().data.id}` })).statusCode).toBe(200);
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/user",
    payload: { statistic_id: statisticId, token: `invite-${statisticId}`, password: PASSWORD },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  await database.db
    .insert(socialIdentities)
    .values({ userId: user!.id, provider: "google", subject: `google-${label}-${Date.now()}`, email });
  const second = (await login(app, email, PASSWORD)).json().token as string;
  // A note the member wrote.
  const note = await app.inject({
    method: "POST",
    url: "/api/v1/user/notes",
    headers: { authorization: `Bearer ${second}` },
    payload: { title: `${label}'s note`, content: "Private." },
  });
  expect(note.statusCode, note.body).toBe(201);
  // A mix saved in the Sounds mixer.
  const [bed] = await rows<{ id: number }>(database, "SELECT id FROM content_items WHERE model = 'music-soundscape' ORDER BY id LIMIT 1");
  const mix = await app.inject({
    method: "POST",
    url: "/api/v1/user/mixes",
    headers: { authorization: `Bearer ${second}` },
    payload: { name: `${label}'s rain`, layers: [{ id: bed!.id, volume: 0.5 }] },
    remoteAddress: randomIp(),
  });
  expect(mix.statusCode, mix.body).toBe(201);
  // Their practice: a day of listening, a badge, a shared link and a completed worksheet.
  const [item] = await rows<{ id: number }>(database, "SELECT id FROM content_items ORDER BY id LIMIT 1");
  await database.db
    .insert(listeningDays)
    .values({ userId: user!.id, timeZone: "Europe/Berlin", day: "2026-11-20", seconds: 600, sessions: 1, longestSeconds: 600 });
  // The dashboard's figures, summed up and kept (listening_summaries).
  const figures = await app.inject({
    url: "/api/v1/user/sessions?tz=Europe%2FBerlin",
    headers: { authorization: `Bearer ${second}` },
  });
  expect(figures.json().data.mindful_days, figures.body).toBe(1);
  await database.db.insert(listeningPositions).values({ userId: user!.id, itemId: item!.id, position: 60, duration: 600 });
  await database.db.insert(memberAchievements).values({ userId: user!.id, machineName: "month_of_calm" });
  await database.db.insert(contentShares).values({ userId: user!.id, itemId: item!.id });
  await database.db.insert(workbookEntries).values({ userId: user!.id, workbookId: 1, answers: { q1: `${label} wrote this` } });
  // The member's own offer clock.
  expect((await app.inject({ url: "/api/v1/user/checkout/1", headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(200);
  await app.inject({ url: `/api/v1/user/recovery-password?email=${encodeURIComponent(email)}`, remoteAddress: randomIp() });
  // The request queued a job; the worker writes the reset e-mail and its code.
  await waitFor(async () => (await mailsTo(database, email, "Reset your")).length === 1, "the reset e-mail");
  return { id: user!.id, email, tokens: [res.json().token as string, second] };
}

const waitFor = (check: () => Promise<boolean>, what: string, timeoutMs = 30_000) => pollUntil(check, { what, timeoutMs, intervalMs: 250 });

describe("account deletion", () => {
  it("finds the tables that belong to a user in the database", async () => {
    expect(await tablesWithUserId()).toEqual(
      expect.arrayContaining(["access_tokens", "account_codes", "leads", "outbox_emails", "social_identities"]),
    );
  });

  it("removes every row of a confirmed removal through the queue, and nobody else's", async () => {
    const leaving = await memberWithEverything("leaving");
    const staying = await memberWithEverything("staying");
    const stayingBefore = await rowsOwnedBy(staying.id);
    const before = await rowsOwnedBy(leaving.id);
    for (const table of [
      "access_tokens",
      "account_codes",
      "checkout_offers",
      "content_shares",
      "leads",
      "listening_days",
      "listening_positions",
      "listening_summaries",
      "member_achievements",
      "mixer_presets",
      "notes",
      "outbox_emails",
      "social_identities",
      "workbook_entries",
    ]) {
      expect(before[table], `${table} has rows of the member before`).toBeGreaterThan(0);
    }

    await app.inject({ method: "POST", url: "/api/v1/user/request-remove", payload: { email: leaving.email }, remoteAddress: randomIp() });
    await waitFor(async () => (await mailsTo(database, leaving.email, "Confirm the removal")).length === 1, "the removal e-mail");
    const code = linkIn(await lastMailTo(database, leaving.email, "Confirm the removal"), "/confirm-remove/")
      .pathname.split("/")
      .at(-1)!;
    const confirmed = await app.inject({
      method: "POST",
      url: `/api/v1/user/confirm-remove/${code}`,
      payload: { device_name: "web" },
      remoteAddress: randomIp(),
    });
    expect(confirmed.statusCode).toBe(200);
    for (const token of leaving.tokens) expect((await whoAmI(app, token)).statusCode).toBe(401);

    // The confirmation queued a deletion job for the due time (now, with ACCOUNT_DELETION_DAYS=0).
    const [queued] = await rows<{ n: number | string }>(database, "SELECT count(*) AS n FROM pgboss.job WHERE name = $1", [
      DELETE_DUE_ACCOUNTS_JOB,
    ]);
    expect(Number(queued!.n)).toBeGreaterThan(0);
    await waitFor(
      async () => (await database.db.select().from(users).where(eq(users.id, leaving.id))).length === 0,
      "the account to be deleted",
    );

    const after = await rowsOwnedBy(leaving.id);
    expect(
      Object.values(after).every((count) => count === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await rowsMentioning(leaving.id)).toEqual({});
    expect(
      await rows(database, "SELECT 1 FROM checkout_offers WHERE lead_id IS NOT NULL AND lead_id NOT IN (SELECT id FROM leads)"),
    ).toEqual([]);
    expect(await rowsMentioning(leaving.email)).toEqual({});
    for (const table of [
      "listening_days",
      "listening_positions",
      "listening_summaries",
      "member_achievements",
      "content_shares",
      "mixer_presets",
      "workbook_entries",
    ]) {
      expect(after[table], `${table} has no rows of the removed member`).toBe(0);
    }
    expect(await rows(database, "SELECT 1 FROM workbook_entries WHERE answers::text LIKE '%leaving wrote this%'")).toEqual([]);

    expect(await rowsOwnedBy(staying.id)).toEqual(stayingBefore);
    for (const table of [
      "listening_days",
      "listening_positions",
      "listening_summaries",
      "member_achievements",
      "content_shares",
      "mixer_presets",
      "workbook_entries",
    ]) {
      expect(stayingBefore[table], `${table} keeps the other member's rows`).toBeGreaterThan(0);
    }
    expect((await whoAmI(app, staying.tokens[1]!)).statusCode).toBe(200);
    expect((await login(app, staying.email, PASSWORD)).statusCode).toBe(200);

    // The address is free again.
    const again = await app.inject({
      method: "POST",
      url: "/api/v1/user",
      payload: { name: "Back", email: leaving.email, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(again.statusCode).toBe(200);
  });

  it("the hourly job deletes accounts whose grace period is over and keeps the others", async () => {
    const due = await memberWithEverything("due");
    const waiting = await memberWithEverything("waiting");
    await database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, due.id));
    await database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() + DAY_MS) })
      .where(eq(users.id, waiting.id));

    const id = await boss.send(DELETE_DUE_ACCOUNTS_JOB, {});
    expect(id).toBeTruthy();
    let state: string | undefined;
    await waitFor(async () => {
      state = (await boss.getJobById(DELETE_DUE_ACCOUNTS_JOB, id!))?.state;
      return state === "completed" || state === "failed";
    }, "the deletion job");
    expect(state).toBe("completed");
    expect((await boss.getJobById(DELETE_DUE_ACCOUNTS_JOB, id!))?.output).toEqual({ deleted: 1 });

    expect(Object.values(await rowsOwnedBy(due.id)).every((count) => count === 0)).toBe(true);
    expect(await rowsMentioning(due.email)).toEqual({});
    expect(await database.db.select().from(users).where(eq(users.id, waiting.id))).toHaveLength(1);
    expect((await rowsOwnedBy(waiting.id)).social_identities).toBe(1);
  });

  it("is scheduled every hour", async () => {
    const schedules = await boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: DELETE_DUE_ACCOUNTS_JOB, cron: "7 * * * *" }));
  });
});
