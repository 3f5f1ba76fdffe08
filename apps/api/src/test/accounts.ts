import { randomBytes, randomInt } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { AccountStatusResponse } from "@serene/contracts";
import { outboxEmails, subscriptions, users, type DatabaseHandle } from "@serene/db";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** A password that passes every rule. */
export const PASSWORD = "calm-river-stone-42";

/** A client address of its own, so a test's calls do not share rate-limit counts with another's. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** An address no other test uses. */
export const uniqueEmail = (label = "member") => `${label}-${randomBytes(5).toString("hex")}@example.test`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /user/account-status for a member who has bought nothing: what the tests expect it to answer. */
export const FREE_MEMBER_STATUS: AccountStatusResponse = {
  subscription_type: null,
  member_since: null,
  subscription_via: null,
  status: null,
  current_period_end: null,
  can_cancel: false,
  can_upgrade: false,
  offer_place: "after_locked_content",
};

export interface Member {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

/** Gives a member a current subscription (as a payment would), straight in the database. */
export async function subscribe(
  database: DatabaseHandle,
  userId: string,
  values: Partial<typeof subscriptions.$inferInsert> = {},
): Promise<typeof subscriptions.$inferSelect> {
  const [row] = await database.db
    .insert(subscriptions)
    .values({
      userId,
      status: "active",
      planType: "Annual",
      provider: "sandbox",
      startedAt: new Date(),
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      ...values,
    })
    .returning();
  return row!;
}

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/**
 * The account states a member can be in, each as billing leaves it (packages/domain entitlement.ts),
 * matching the web side's statuses in apps/web/src/test/account-status.ts.
 */
export const ACCOUNT_STATES = {
  /** Has bought nothing. */
  free: null,
  /** In the yearly plan's 7-day free trial, charged when it ends. */
  trial: { status: "trialing", planType: "Free trial", provider: "stripe", currentPeriodEnd: daysFromNow(5) },
  monthly: { status: "active", planType: "Monthly", provider: "stripe", currentPeriodEnd: daysFromNow(20) },
  annual: { status: "active", planType: "Annual", provider: "stripe", currentPeriodEnd: daysFromNow(300) },
  lifetime: { status: "lifetime", planType: "Lifetime", provider: "stripe", currentPeriodEnd: null },
  /** Cancelled: premium until the period they paid for ends. */
  canceled: { status: "canceled", planType: "Monthly", provider: "stripe", currentPeriodEnd: daysFromNow(10) },
  /** A renewal charge failed: premium for a grace period while it is retried. */
  pastDue: { status: "past_due", planType: "Monthly", provider: "stripe", currentPeriodEnd: daysFromNow(2) },
  /** Was premium; the period ended. */
  lapsed: { status: "expired", planType: "Monthly", provider: "stripe", currentPeriodEnd: daysFromNow(-3) },
} as const satisfies Record<string, Partial<typeof subscriptions.$inferInsert> | null>;
export type AccountState = keyof typeof ACCOUNT_STATES;

/** A newly registered member in one account state, signed in. */
export async function memberIn(app: FastifyInstance, database: DatabaseHandle, state: AccountState, name?: string): Promise<Member> {
  const member = await registerMember(app, database, { name: name ?? `Robin ${state}` });
  const values = ACCOUNT_STATES[state];
  if (values) await subscribe(database, member.id, { startedAt: new Date(Date.now() - 30 * DAY), ...values });
  return member;
}

/** Registers through POST /api/v1/user and returns the new member with their first token. */
export async function registerMember(
  app: FastifyInstance,
  database: DatabaseHandle,
  { name = "Robin", email = uniqueEmail(), password = PASSWORD }: { name?: string; email?: string; password?: string } = {},
): Promise<Member> {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/user",
    payload: { name, email, password, phone: "", platform: "web" },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [user] = await database.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return { id: user!.id, name, email: user!.email, password, token: res.json().token };
}

/**
 * The member follows the welcome e-mail's sign-in link in the browser they registered in: the
 * address is proven, and their session and password stay (decision 050).
 */
export async function proveAddress(app: FastifyInstance, database: DatabaseHandle, member: Member): Promise<Member> {
  const link = linkIn(await lastMailTo(database, member.email, "Welcome to"), "/authorization");
  const res = await app.inject({
    method: "POST",
    url: `/api/v1/authorization-by-tmp-token/${encodeURIComponent(member.email)}`,
    headers: bearer(member.token),
    payload: { email: member.email, tmp_token: link.searchParams.get("token") },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

/** Logs in through POST /api/v1/user/token. */
export function login(app: FastifyInstance, loginEmail: string, password: string, remoteAddress = randomIp()) {
  return app.inject({
    method: "POST",
    url: "/api/v1/user/token",
    payload: { login: loginEmail, password, device_name: "web" },
    remoteAddress,
  });
}

/** GET /api/v1/user with a token: the status tells whether the token works. */
export async function whoAmI(app: FastifyInstance, token: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: "/api/v1/user", headers: bearer(token) });
}

export type OutboxRow = typeof outboxEmails.$inferSelect;

/** The e-mails written to one address, newest first. */
export async function mailsTo(database: DatabaseHandle, address: string, subjectContains?: string): Promise<OutboxRow[]> {
  const rows = await database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, address))
    .orderBy(desc(outboxEmails.createdAt));
  return subjectContains ? rows.filter((row) => row.subject.includes(subjectContains)) : rows;
}

/** The newest e-mail to an address whose subject contains the text; fails the test when there is none. */
export async function lastMailTo(database: DatabaseHandle, address: string, subjectContains: string): Promise<OutboxRow> {
  const [mail] = await mailsTo(database, address, subjectContains);
  expect(mail, `an e-mail "${subjectContains}" to ${address}`).toBeDefined();
  return mail!;
}

/** The first link in a mail's text whose path starts with the prefix. */
export function linkIn(mail: Pick<OutboxRow, "text" | "html">, pathPrefix: string): URL {
  const url = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((found) => new URL(found))
    .find((found) => found.pathname.startsWith(pathPrefix));
  expect(url, `a ${pathPrefix} link in the e-mail`).toBeDefined();
  // The HTML part carries the same link.
  expect(mail.html).toContain(url!.toString().replaceAll("&", "&amp;"));
  return url!;
}

/** Every mail has both parts, and both name the product. */
export function expectBothParts(mail: Pick<OutboxRow, "text" | "html">, product = "Serene") {
  expect(mail.text.length).toBeGreaterThan(20);
  expect(mail.text).not.toMatch(/<(p|a|table|html|body|br)\b/i);
  expect(mail.html).toMatch(/^<!doctype html>/i);
  expect(mail.html).toContain("</html>");
  expect(mail.text).toContain(product);
  expect(mail.html).toContain(product);
}

/** Rows of a query through the raw driver (works on PGlite and PostgreSQL). */
export async function rows<T = Record<string, unknown>>(database: DatabaseHandle, text: string, values?: unknown[]): Promise<T[]> {
  return (await database.executeSql(text, values)).rows as T[];
}

/** A body in multipart/form-data, as a browser's FormData sends it. */
export async function multipartBody(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type")! } };
}

/** A body in application/x-www-form-urlencoded. */
export function formBody(fields: Record<string, string>) {
  return { payload: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } };
}
