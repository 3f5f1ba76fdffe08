import { parse } from "csv-parse/sync";
import { getTableConfig, PgTable, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { is } from "drizzle-orm";
import { DATA_EXPORT_CSV_COLUMNS, ExportAccount, ExportSections } from "@serene/contracts";
import {
  accountCodes,
  comingSoonLeads,
  contentShares,
  contentViews,
  favorites,
  leads,
  listeningDays,
  listeningPositions,
  listeningSessions,
  memberAchievements,
  mixerPresets,
  outboxEmails,
  paymentCustomers,
  payments,
  refunds,
  playHistory,
  purchases,
  quizAnswers,
  schema,
  socialIdentities,
  subscriptions,
  workbookEntries,
} from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { bearer, randomIp, registerMember, rows, type Member } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { DATA_EXPORT_ACCOUNT, DATA_EXPORT_EXCLUSIONS, DATA_EXPORT_SECTIONS, sectionColumns } from "./data-export.repository.ts";
import { toCsv } from "./data-export.presenter.ts";

let t: TestApp;
let alice: Member;
let bob: Member;
let itemId: number;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerMember(t.app, t.database, { name: "Alice" });
  bob = await registerMember(t.app, t.database, { name: "Bob" });
  itemId = (await rows<{ id: number }>(t.database, "select id from content_items order by id limit 1"))[0]!.id;
});
afterAll(async () => t.close());

const TODAY = /^serene-(data|notes|sessions|worksheets)-\d{4}-\d{2}-\d{2}\.(json|csv)$/;
const get = (url: string, token?: string) =>
  t.app.inject({ url: `/api/v1/user/export${url}`, headers: token ? bearer(token) : {}, remoteAddress: randomIp() });
const fileNameOf = (disposition: unknown) => /^attachment; filename="([^"]+)"$/.exec(String(disposition))?.[1];

/** Rows for the member in every table that names a member: through the API where it is one call, else inserted. */
async function everythingOf(member: Member, label: string) {
  const db = t.database.db;
  const note = await t.app.inject({
    method: "POST",
    url: "/api/v1/user/notes",
    headers: bearer(member.token),
    payload: { title: `${label}'s note`, content: `Written by ${label}.` },
  });
  expect(note.statusCode, note.body).toBe(201);
  expect((await t.app.inject({ url: "/api/v1/user/checkout/1", headers: bearer(member.token) })).statusCode).toBe(200);
  await db.insert(accountCodes).values({
    userId: member.id,
    purpose: "trusted_device",
    codeHash: `code-hash-${label}-${Date.now()}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db
    .insert(socialIdentities)
    .values({ userId: member.id, provider: "google", subject: `google-${label}-${Date.now()}`, email: member.email });
  const [subscription] = await db
    .insert(subscriptions)
    .values({ userId: member.id, status: "active", planType: "Monthly", provider: "sandbox", amountCents: 999, currency: "USD" })
    .returning();
  await db.insert(paymentCustomers).values({ userId: member.id, processor: "sandbox", customerId: `cus_${label}` });
  const [purchase] = await db
    .insert(purchases)
    .values({
      userId: member.id,
      idempotencyKey: `replay-key-${label}`,
      fingerprint: `fingerprint-${label}`,
      kind: "subscription",
      provider: "stripe",
      packageId: 1,
      status: "succeeded",
      subscriptionId: subscription!.id,
      response: { client_secret: `seti_secret_${label}` },
      responseStatus: 200,
    })
    .returning();
  const [payment] = await db
    .insert(payments)
    .values({
      userId: member.id,
      subscriptionId: subscription!.id,
      purchaseId: purchase!.id,
      provider: "stripe",
      idempotencyKey: `payment-key-${label}`,
      amountCents: 999,
      refundedCents: 300,
      currency: "USD",
      status: "succeeded",
    })
    .returning();
  await db.insert(refunds).values({
    paymentId: payment!.id,
    userId: member.id,
    amountCents: 300,
    currency: "USD",
    reason: `A goodwill refund for ${label}`,
    requestKey: `refund-key-${label}`,
    fingerprint: `refund-print-${label}`,
    status: "succeeded",
    providerRefundId: `re_${label}`,
  });
  await db.insert(favorites).values({ userId: member.id, itemId });
  await db.insert(playHistory).values({ userId: member.id, itemId });
  await db.insert(contentViews).values({ userId: member.id, itemId });
  await db.insert(listeningSessions).values({
    userId: member.id,
    itemId,
    startedAt: new Date("2026-11-20T07:00:00Z"),
    endedAt: new Date("2026-11-20T07:10:00Z"),
    seconds: 600,
  });
  await db
    .insert(listeningDays)
    .values({ userId: member.id, timeZone: "Europe/Berlin", day: "2026-11-20", seconds: 600, sessions: 1, longestSeconds: 600 });
  await db.insert(listeningPositions).values({ userId: member.id, itemId, position: 312.5, duration: 900 });
  await db.insert(memberAchievements).values({ userId: member.id, machineName: "month_of_calm" });
  await db.insert(contentShares).values({ userId: member.id, itemId });
  await db
    .insert(workbookEntries)
    .values({ userId: member.id, workbookId: 1, answers: { q1: `${label} felt calmer`, q2: ["Walk", "Tea"], q3: 6 } });
  await db.insert(mixerPresets).values({
    userId: member.id,
    name: `${label}'s rain`,
    layers: [
      { id: itemId, volume: 0.25 },
      { id: itemId + 1, volume: 1 },
    ],
  });
  const [lead] = await db
    .insert(leads)
    .values({
      statisticId: `stat-${label}-${Date.now()}`,
      name: label,
      email: member.email,
      userId: member.id,
      tokenHash: `lead-token-hash-${label}`,
      linkTokenHash: `lead-link-hash-${label}`,
    })
    .returning();
  await db.insert(quizAnswers).values({ quizId: 1, userId: member.id, answers: { goal: "SLEEP_BETTER" } });
  // The answers of the lead the member claimed are theirs too.
  await db.insert(quizAnswers).values({ quizId: 2, leadId: lead!.id, email: member.email, answers: { goal: `claimed-${label}` } });
  // Answers sent anonymously with the member's address are not proven to be theirs: not in the file.
  await db.insert(quizAnswers).values({ quizId: 3, email: member.email, answers: { goal: `anonymous-${label}` } });
  await db
    .insert(comingSoonLeads)
    .values({ userId: member.id, funnelKey: "sleep", firstName: label, lastName: "Stone", email: member.email });
  await db.insert(outboxEmails).values({
    userId: member.id,
    toAddress: member.email,
    subject: `Welcome, ${label}`,
    text: `Open https://example.test/tmp-login/secret-link-${label}`,
    html: `<a href="https://example.test/tmp-login/secret-link-${label}">Open</a>`,
    status: "logged",
  });
  return { noteId: note.json().data.id as string };
}

describe("GET /user/export", () => {
  it("is a JSON attachment with a row from every table that names the member, and no secret", async () => {
    const member = await registerMember(t.app, t.database, { name: "Maya" });
    await everythingOf(member, "maya");
    await everythingOf(bob, "bob");

    const res = await get("?t=1700000000000", member.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(fileNameOf(res.headers["content-disposition"])).toMatch(TODAY);
    expect(fileNameOf(res.headers["content-disposition"])).toMatch(/^serene-data-/);
    const file = res.json();
    expect(file).toMatchObject({ format: "serene-data-export", version: 1, product: "Serene" });
    expect(Date.parse(file.generated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(file.account).toEqual({
      id: member.id,
      name: "Maya",
      email: member.email,
      goal: null,
      time_zone: null,
      email_verified_at: null,
      deletion_due_at: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    for (const name of Object.keys(DATA_EXPORT_SECTIONS)) {
      expect(file.sections[name]?.length, `${name} has the member's rows`).toBeGreaterThan(0);
    }
    expect(file.sections.notes).toEqual([
      {
        id: expect.any(String),
        title: "maya's note",
        content: "Written by maya.",
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(file.sections.workbook_entries[0]).toMatchObject({
      workbook_id: 1,
      answers: { q1: "maya felt calmer", q2: ["Walk", "Tea"], q3: 6 },
    });
    expect(file.sections.mixer_presets).toEqual([
      {
        id: expect.any(String),
        name: "maya's rain",
        layers: [
          { id: itemId, volume: 0.25 },
          { id: itemId + 1, volume: 1 },
        ],
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      },
    ]);
    expect(file.sections.listening_days).toEqual([
      { time_zone: "Europe/Berlin", day: "2026-11-20", seconds: 600, sessions: 1, longest_seconds: 600 },
    ]);
    expect(file.sections.listening_positions).toEqual([
      { item_id: itemId, position: 312.5, duration: 900, updated_at: expect.stringMatching(/Z$/) },
    ]);
    // The badge kept for the member, beside those their writes earned (note_taker).
    expect(file.sections.member_achievements).toContainEqual({ machine_name: "month_of_calm", received_at: expect.stringMatching(/Z$/) });
    expect(file.sections.listening_sessions[0]).toMatchObject({ item_id: itemId, started_at: "2026-11-20T07:00:00.000Z", seconds: 600 });
    expect(file.sections.quiz_answers.map((answer: { quiz_id: number }) => answer.quiz_id).sort()).toEqual([1, 2]);
    // The items the rows point at, a mix's sounds included.
    expect(file.items).toEqual(
      [itemId, itemId + 1].map((id) => ({ id, name: expect.any(String), type: expect.any(String), model: expect.any(String) })),
    );

    // Secrets and e-mail bodies stay on the server; the file says they exist.
    const [stored] = await rows<{ password_hash: string }>(t.database, "select password_hash from users where id = $1", [member.id]);
    for (const secret of [
      stored!.password_hash,
      "code-hash-maya",
      "lead-token-hash-maya",
      "lead-link-hash-maya",
      "secret-link-maya",
      "seti_secret_maya",
      "replay-key-maya",
    ]) {
      expect(res.body).not.toContain(secret);
    }
    const tokenHashes = await rows<{ token_hash: string }>(t.database, "select token_hash from access_tokens where user_id = $1", [
      member.id,
    ]);
    for (const { token_hash } of tokenHashes) expect(res.body).not.toContain(token_hash);
    expect(res.body).not.toContain(member.token);
    const withheld = Object.fromEntries(
      file.withheld.map((field: { field: string; rows_with_value: number }) => [field.field, field.rows_with_value]),
    );
    const countOf = async (table: string) =>
      Number((await rows<{ n: string | number }>(t.database, `select count(*) as n from ${table} where user_id = $1`, [member.id]))[0]!.n);
    expect(withheld).toEqual({
      "users.password_hash": 1,
      "access_tokens.token_hash": tokenHashes.length,
      "account_codes.code_hash": await countOf("account_codes"),
      "leads.token_hash": 1,
      "leads.link_token_hash": 1,
      "outbox_emails.text": await countOf("outbox_emails"),
      "outbox_emails.html": await countOf("outbox_emails"),
      "purchases.idempotency_key": 1,
      "purchases.fingerprint": 1,
      "purchases.response": 1,
      "payments.idempotency_key": 1,
      "refunds.staff_id": 0,
      "refunds.request_key": 1,
      "refunds.fingerprint": 1,
    });
    expect(withheld["account_codes.code_hash"]).toBeGreaterThanOrEqual(1);
    for (const field of file.withheld) expect(field.reason.length).toBeGreaterThan(20);
  });

  it("holds nothing of another member", async () => {
    const res = await get("", alice.token);
    expect(res.statusCode, res.body).toBe(200);
    for (const trace of [bob.id, bob.email, "bob's note", "bob felt calmer", "cus_bob", "claimed-bob", "Welcome, bob"]) {
      expect(res.body, trace).not.toContain(trace);
    }
    // Nor answers sent anonymously with the member's own address.
    const maya = res.json();
    expect(maya.account.id).toBe(alice.id);
    expect(res.body).not.toContain("anonymous-");
  });

  it("a member with nothing yet gets every section, empty", async () => {
    const member = await registerMember(t.app, t.database);
    const file = (await get("", member.token)).json();
    expect(Object.keys(file.sections).sort()).toEqual(Object.keys(DATA_EXPORT_SECTIONS).sort());
    expect(file.sections.notes).toEqual([]);
    expect(file.sections.access_tokens).toHaveLength(1);
    expect(file.items).toEqual([]);
  });

  it("names the file with the day in the member's own time zone", async () => {
    const member = await registerMember(t.app, t.database);
    await t.database.executeSql("update users set time_zone = 'Pacific/Kiritimati' where id = $1", [member.id]);
    const res = await get("", member.token);
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" }).format(new Date());
    expect(fileNameOf(res.headers["content-disposition"])).toBe(`serene-data-${day}.json`);
    expect(res.json().account.time_zone).toBe("Pacific/Kiritimati");
  });
});

describe("the CSV files", () => {
  const tricky = {
    title: '=HYPERLINK("http://evil.test","Click")',
    content: 'She said "hello", then left.\nSecond line, with a comma.\r\n+SUM(1) -2 @once',
  };

  it("the notes file escapes quotes, commas and line breaks and defuses formulas", async () => {
    const member = await registerMember(t.app, t.database);
    await t.app.inject({ method: "POST", url: "/api/v1/user/notes", headers: bearer(member.token), payload: tricky });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/user/notes",
      headers: bearer(member.token),
      payload: { title: "-dash", content: "@mention" },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/user/notes",
      headers: bearer(bob.token),
      payload: { title: "Bob only", content: "x" },
    });

    const res = await get("/notes.csv", member.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(fileNameOf(res.headers["content-disposition"])).toMatch(/^serene-notes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(res.body.startsWith("\uFEFFid,title,content,created_at,updated_at\r\n")).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    expect(res.body).not.toContain("Bob only");

    const parsed = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(parsed.map((row) => [row.title, row.content])).toEqual([
      [`'${tricky.title}`, tricky.content],
      ["'-dash", "'@mention"],
    ]);
    expect(parsed[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it("the sessions file has one row per listening session with the item's name", async () => {
    const member = await registerMember(t.app, t.database);
    await everythingOf(member, "sessions");
    const res = await get("/sessions.csv", member.token);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    const [name] = await rows<{ name: string }>(t.database, "select name from content_items where id = $1", [itemId]);
    expect(Object.keys(parsed[0]!)).toEqual([...DATA_EXPORT_CSV_COLUMNS.sessions]);
    expect(parsed).toEqual([
      {
        id: expect.any(String),
        item_id: String(itemId),
        item_name: name!.name.match(/^[=+\-@]/) ? `'${name!.name}` : name!.name,
        started_at: "2026-11-20T07:00:00.000Z",
        ended_at: "2026-11-20T07:10:00.000Z",
        seconds: "600",
      },
    ]);
  });

  it("the worksheets file has one row per answer", async () => {
    const member = await registerMember(t.app, t.database);
    await everythingOf(member, "sheets");
    await t.database.db
      .insert(workbookEntries)
      .values({ userId: member.id, workbookId: 4, answers: { q1: "=1+1", q2: 'a "quoted", answer' } });
    const res = await get("/worksheets.csv", member.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(fileNameOf(res.headers["content-disposition"])).toMatch(/^serene-worksheets-/);
    const parsed = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(parsed.map((row) => [row.workbook_id, row.question_id, row.value])).toEqual([
      ["1", "q1", "sheets felt calmer"],
      ["1", "q2", "Walk\nTea"],
      ["1", "q3", "6"],
      ["4", "q1", "'=1+1"],
      ["4", "q2", 'a "quoted", answer'],
    ]);
    expect(new Set(parsed.map((row) => row.entry_id)).size).toBe(2);
  });

  it("an empty file is its header line alone", async () => {
    const member = await registerMember(t.app, t.database);
    for (const file of ["notes", "sessions", "worksheets"] as const) {
      const res = await get(`/${file}.csv`, member.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(`\uFEFF${DATA_EXPORT_CSV_COLUMNS[file].join(",")}\r\n`);
    }
  });

  it("toCsv keeps numbers as numbers and empty cells empty", () => {
    expect(toCsv(["a", "b", "c"], [[-3, null, "-3"]])).toBe("\uFEFFa,b,c\r\n-3,,'-3\r\n");
  });
});

describe("access", () => {
  it("needs a live bearer token (401) on every file", async () => {
    for (const url of ["", "/notes.csv", "/sessions.csv", "/worksheets.csv"]) {
      for (const token of [undefined, "not-a-token"]) {
        const res = await get(url, token);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ message: "Unauthenticated." });
      }
    }
  });

  it(`takes ${RATE_LIMITS.dataExport.account.points} files an hour from one member, then answers 429 with Retry-After`, async () => {
    const member = await registerMember(t.app, t.database, { name: "Keen" });
    for (let sent = 0; sent < RATE_LIMITS.dataExport.account.points; sent++) {
      const res = await get(sent % 2 ? "/notes.csv" : "", member.token);
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const url of ["", "/notes.csv", "/worksheets.csv"]) {
      const held = await get(url, member.token);
      expect(held.statusCode, url).toBe(429);
      expect(held.headers["content-type"]).toMatch(/^application\/json/);
      expect(held.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
      expect(Number(held.headers["retry-after"])).toBeGreaterThan(60);
    }
    expect((await get("", bob.token)).statusCode).toBe(200);
  });

  it("unknown files are 404", async () => {
    for (const url of ["/payments.csv", "/notes.json", "/notes.CSV"]) expect((await get(url, alice.token)).statusCode, url).toBe(404);
  });
});

/** Tables (of those given) with a `user_id` column that are neither exported nor excluded with a reason. */
function tablesMissingFromExport(tables: PgTable[]): string[] {
  const exported = new Set(
    [...Object.values(DATA_EXPORT_SECTIONS), DATA_EXPORT_ACCOUNT].map((section) => getTableConfig(section.table).name),
  );
  return tables
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === "userId" || column.name === "user_id"))
    .map((config) => config.name)
    .filter((name) => !exported.has(name) && !(name in DATA_EXPORT_EXCLUSIONS))
    .sort();
}

const allTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe("the registry of sections", () => {
  it("covers every table with a user_id column (read from the drizzle schema), or says why not", () => {
    expect(allTables.length).toBeGreaterThan(30);
    expect(tablesMissingFromExport(allTables)).toEqual([]);
    for (const reason of Object.values(DATA_EXPORT_EXCLUSIONS)) expect(reason.length).toBeGreaterThan(20);
    // The check notices a new member's table that nobody added.
    const diary = pgTable("mood_diary", { id: uuid().primaryKey(), userId: uuid().notNull(), mood: text() });
    expect(tablesMissingFromExport([...allTables, diary])).toEqual(["mood_diary"]);
  });

  it("declares in the contract exactly the fields each section exports", () => {
    const keysOf = (shape: Record<string, unknown>) => Object.keys(shape).sort();
    for (const [name, section] of Object.entries(DATA_EXPORT_SECTIONS)) {
      const declared = (ExportSections.shape as Record<string, { element: { shape: Record<string, unknown> } }>)[name]!.element.shape;
      expect(Object.keys(sectionColumns(section).exported).sort(), name).toEqual(keysOf(declared));
    }
    expect(Object.keys(sectionColumns(DATA_EXPORT_ACCOUNT).exported).sort()).toEqual(keysOf(ExportAccount.shape));
    expect(Object.keys(ExportSections.shape).sort()).toEqual(Object.keys(DATA_EXPORT_SECTIONS).sort());
  });

  it("withholds only columns that exist", () => {
    for (const section of [...Object.values(DATA_EXPORT_SECTIONS), DATA_EXPORT_ACCOUNT]) {
      const { all, withheld } = sectionColumns(section);
      for (const key of Object.keys(withheld)) expect(Object.keys(all)).toContain(key);
    }
  });
});
