import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { DatabaseHandle } from "@serene/db";
import { login, registerMember, whoAmI, type Member } from "../accounts.ts";
import type { BadRequest } from "./bad-requests.ts";

/**
 * What is wrong with an answer, or null: never 500 or above, and every 4xx is Laravel-shaped
 * JSON, `{ message }` or `{ message, errors: { field: [messages] } }` (a 422 always has errors).
 */
export function problemWith(response: Pick<LightMyRequestResponse, "statusCode" | "headers" | "body">): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  const type = String(response.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) return `a ${status} in ${type || "no content type"}, not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return `a ${status} whose body is not an object`;
  const { message, errors, ...rest } = body as { message?: unknown; errors?: unknown };
  if (typeof message !== "string" || message.trim() === "") return `a ${status} without a message`;
  if (Object.keys(rest).length > 0) return `a ${status} with other fields than message and errors: ${Object.keys(rest).join(", ")}`;
  if (errors === undefined) return status === 422 ? "a 422 without errors" : null;
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return `a ${status} whose errors are not an object`;
  for (const [field, messages] of Object.entries(errors)) {
    if (!Array.isArray(messages) || messages.length === 0 || messages.some((text) => typeof text !== "string" || text === "")) {
      return `a ${status} whose errors.${field} is not a list of messages`;
    }
  }
  return null;
}

/**
 * The member a run signs in as. Some cases end the session (log out) or change the password;
 * after a write that succeeded, the token is checked and, if it no longer works, replaced.
 */
export class MemberSession {
  private readonly app: FastifyInstance;
  private readonly database: DatabaseHandle;
  private member: Member;
  private constructor(app: FastifyInstance, database: DatabaseHandle, member: Member) {
    this.app = app;
    this.database = database;
    this.member = member;
  }

  static async start(app: FastifyInstance, database: DatabaseHandle): Promise<MemberSession> {
    return new MemberSession(app, database, await registerMember(app, database, { name: "Fuzz" }));
  }

  get token() {
    return this.member.token;
  }
  get email() {
    return this.member.email;
  }
  get password() {
    return this.member.password;
  }

  async keepAlive() {
    if ((await whoAmI(this.app, this.member.token)).statusCode === 200) return;
    const again = await login(this.app, this.member.email, this.member.password);
    if (again.statusCode === 200) this.member = { ...this.member, token: again.json().token };
    else this.member = await registerMember(this.app, this.database, { name: "Fuzz" });
  }
}

export interface RunTotals {
  cases: number;
  byStatus: Record<number, number>;
  failures: { problem: string; kind: string; request: string; status: number; answer: string }[];
}

const preview = (payload: string | Buffer | undefined) =>
  payload === undefined
    ? ""
    : (Buffer.isBuffer(payload) ? payload.toString("latin1") : payload).slice(0, 160).replace(/[^\x20-\x7e]/g, "·");

/** Sends each case once and records its status; the problems found are kept with what was sent, to reproduce. */
export async function runCases(app: FastifyInstance, cases: BadRequest[], session: MemberSession): Promise<RunTotals> {
  const totals: RunTotals = { cases: 0, byStatus: {}, failures: [] };
  for (const request of cases) {
    const authorization =
      request.auth === "member"
        ? `Bearer ${session.token}`
        : request.auth === "forged"
          ? `Bearer ${randomBytes(32).toString("base64url")}`
          : undefined;
    const sent = `${request.method} ${request.url.slice(0, 200)} [${request.headers["content-type"] ?? "no content type"}] ${preview(request.payload)}`;
    let response: LightMyRequestResponse;
    try {
      response = await app.inject({
        method: request.method as "GET",
        url: request.url,
        headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
    } catch (error) {
      // The server never answered: as bad as a 500.
      const stack = (error as Error).stack?.split("\n").slice(0, 6).join(" | ") ?? String(error);
      totals.cases++;
      totals.failures.push({ problem: `no answer: ${stack}`, kind: request.kind, request: sent, status: 0, answer: "" });
      continue;
    }
    totals.cases++;
    totals.byStatus[response.statusCode] = (totals.byStatus[response.statusCode] ?? 0) + 1;
    const problem = problemWith(response);
    if (problem) {
      totals.failures.push({
        problem,
        kind: request.kind,
        request: sent,
        status: response.statusCode,
        answer: response.body.slice(0, 200),
      });
    }
    if (request.auth === "member" && request.method !== "GET" && response.statusCode < 300) await session.keepAlive();
  }
  return totals;
}
