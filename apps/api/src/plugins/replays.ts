import { createHash, hkdfSync } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { type DatabaseHandle, isDatabaseUnavailable } from "@serene/db";
import { DomainError, invalidField } from "../domain-errors.ts";
import { statusOf } from "./errors.ts";
import { seal, unseal } from "../sealing.ts";
import { createReplaysRepository, type ReplaysRepository } from "./replays.repository.ts";

/**
 * Writes a client may send twice (decision 066). A POST, PUT, PATCH or DELETE that carries an
 * `Idempotency-Key` header is done once per key: the write, and a row holding its answer, commit in
 * one transaction (PostgreSQL), so a request sent again (the web app or the load balancer retrying
 * after an answer was lost with a node) gets the first answer back, byte for byte, with
 * `Idempotent-Replayed: true`, and changes nothing. The same key sent twice at once waits for the
 * first. The key with a different request (another route, other parameters or body) is a 422.
 *
 * A request without the header is answered as before. Routes that read the key themselves (the
 * purchases, whose ledger lives in billing's own transaction) are left to it. Only answers under 500
 * are kept; a failed write rolls back and may be sent again.
 */
export const REPLAY_KEY_MESSAGE = "The Idempotency-Key header must be 8 to 255 visible characters.";
export const REPLAY_MISMATCH_MESSAGE = "This Idempotency-Key was already used for a different request.";
/** How long an answer is kept for a request sent again: far longer than any client waits to retry. */
export const REPLAY_HOURS = 24;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY = /^[\x21-\x7e]{8,255}$/;
/** Longest a keyed write's transaction waits for its answer to be written out before giving up (rolled back). */
const ANSWER_WAIT_MS = 30_000;

interface Answer {
  status: number;
  type: string | null;
  /** Where a redirect sent the caller. */
  location: string | null;
  body: string;
  encoding: "utf8" | "base64";
}

/** What a keyed request in flight hands between its handler and its onSend hook. */
interface Exchange {
  /** Resolved by onSend with the answer Fastify is about to write. */
  answer: Deferred<Answer | null>;
  /** Settled when the answer is stored (and, on PostgreSQL, committed with the write). */
  stored: Deferred<void>;
  /** The answer replays a stored one: nothing to store. */
  replayed: boolean;
}

const exchanges = new WeakMap<FastifyRequest, Exchange>();

export function registerReplays(app: FastifyInstance, database: DatabaseHandle) {
  const ledger = createReplaysRepository(database.db);
  const keyLocks = new Map<string, Promise<unknown>>();

  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => WRITE_METHODS.has(method))) return;
    const headers = route.schema?.headers as { shape?: Record<string, unknown> } | undefined;
    if (headers?.shape && "idempotency-key" in headers.shape) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const key = request.headers["idempotency-key"];
      if (key === undefined) return handler.call(this, request, reply);
      if (typeof key !== "string" || !KEY.test(key)) throw invalidField("idempotency-key", REPLAY_KEY_MESSAGE);
      const identity = identify(request, key);
      const run = () => handler.call(this, request, reply);
      return database.driver === "postgres"
        ? inOneTransaction(database, ledger, identity, request, reply, run)
        : inTurnWithKey(keyLocks, identity, request, reply, run, ledger);
    } as RouteHandlerMethod;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const exchange = exchanges.get(request);
    if (!exchange || exchange.replayed) return payload;
    exchanges.delete(request);
    const type = reply.getHeader("content-type");
    const answer = (body: string, encoding: Answer["encoding"]): Answer => ({
      status: reply.statusCode,
      type: typeof type === "string" ? type : null,
      location: typeof reply.getHeader("location") === "string" ? (reply.getHeader("location") as string) : null,
      body,
      encoding,
    });
    exchange.answer.resolve(
      typeof payload === "string"
        ? answer(payload, "utf8")
        : Buffer.isBuffer(payload)
          ? answer(payload.toString("base64"), "base64")
          : payload === null || payload === undefined
            ? answer("", "utf8")
            : null,
    );
    // The answer leaves only once it (and the write) is durable: a client told "done" finds it done.
    await exchange.stored.promise;
    return payload;
  });
}

interface Identity {
  keyHash: string;
  secret: Buffer;
  userId: string | null;
  fingerprint: string;
}

/** Whose key it is (the member, or a visitor), the key's hash and sealing secret, and the request's fingerprint. */
function identify(request: FastifyRequest, key: string): Identity {
  const userId = request.auth?.signIn.user.id ?? null;
  // Whose key: a member's, a member of staff's (the console), or a visitor's.
  const owner = userId ? `member:${userId}` : request.staff ? `staff:${request.staff.staff.id}` : "visitor";
  const keyHash = sha256(`${owner}\n${key}`);
  const secret = Buffer.from(hkdfSync("sha256", key, keyHash, "serene request replay", 32));
  const { t: _stamp, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const fingerprint = sha256(
    `${request.method} ${request.routeOptions.url}\n${readable([request.params ?? null, query, request.body ?? null])}`,
  );
  return { keyHash, secret, userId, fingerprint };
}

/** A request's parts as text for its fingerprint; a part that is not plain data (a stream) counts by its kind only. */
function readable(parts: unknown[]): string {
  try {
    return JSON.stringify(parts);
  } catch {
    return parts.map((part) => (part === null ? "null" : typeof part)).join(",");
  }
}

/** A 4xx the handler answered with (not a fault of the server or the database, which roll the write back). */
function refusal(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return false;
  if (error instanceof DomainError) return statusOf(error) < 500;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** PostgreSQL: the key's row is claimed first in the write's own transaction; a second request with it waits on that row. */
function inOneTransaction(
  database: DatabaseHandle,
  ledger: ReplaysRepository,
  identity: Identity,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => unknown,
): Promise<unknown> {
  return new Promise((handled, failed) => {
    const exchange = startExchange(request);
    database
      .inOneTransaction(async () => {
        if (!(await ledger.claim(identity.keyHash, identity.userId, identity.fingerprint))) {
          handled(replay(await ledger.find(identity.keyHash), identity, exchange, reply));
          return;
        }
        const ran = running(request, run);
        handled(ran);
        let answer: Answer;
        try {
          answer = await answerOf(exchange, ran);
        } catch (error) {
          // A refusal is answered as it is without a key: what the handler wrote before refusing stays (a
          // wrong code counted against its sign-in), and the key keeps nothing, so a corrected request may use it.
          if (!refusal(error)) throw error;
          await ledger.release(identity.keyHash);
          return;
        }
        if (answer.status >= 500) throw new Error(`not kept: answered ${answer.status}`);
        await ledger.settle(identity.keyHash, answer.status, sealAnswer(answer, identity.secret));
      })
      .then(
        () => exchange.stored.resolve(),
        (error: unknown) => {
          failed(error);
          exchange.stored.reject(error);
        },
      );
  }).catch((error: unknown) => {
    exchanges.delete(request);
    throw error;
  });
}

/** PGlite: requests with the same key take turns, each holding its turn until its answer is kept. */
function inTurnWithKey(
  locks: Map<string, Promise<unknown>>,
  identity: Identity,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => unknown,
  ledger: ReplaysRepository,
): Promise<unknown> {
  return new Promise((handled, failed) => {
    inTurn(locks, identity.keyHash, async () => {
      const outcome = await inProcess(ledger, identity, request, reply, run);
      handled(outcome.ran);
      await outcome.kept;
    }).catch((error: unknown) => {
      exchanges.delete(request);
      failed(error);
    });
  });
}

/** PGlite (one process): the answer is stored after the write. */
async function inProcess(ledger: ReplaysRepository, identity: Identity, request: FastifyRequest, reply: FastifyReply, run: () => unknown) {
  const exchange = startExchange(request);
  const stored = await ledger.find(identity.keyHash);
  if (stored) return { ran: Promise.resolve(replay(stored, identity, exchange, reply)), kept: Promise.resolve() };
  const ran = running(request, run);
  // The write has committed already: its answer goes out whether or not it could be kept (an account
  // that removed itself takes its rows with it). The next request with this key waits for it.
  const kept = answerOf(exchange, ran)
    .then(async (answer) => {
      if (answer.status < 500) {
        await ledger.save({ ...identity, status: answer.status, sealedAnswer: sealAnswer(answer, identity.secret) });
      }
    })
    .catch((error: unknown) => {
      if (exchanges.has(request)) request.log.warn({ err: error }, "the answer of a keyed write was not kept");
    })
    .finally(() => exchange.stored.resolve());
  return { ran, kept };
}

/**
 * The route's handler, started. Its promise is not awaited for the answer: a handler that calls
 * `reply.send` resolves only once the answer has been written, which waits for it to be kept.
 * A handler that fails hands its error on (nothing to keep).
 */
function running(request: FastifyRequest, run: () => unknown): Promise<unknown> {
  return Promise.resolve()
    .then(run)
    .catch((error: unknown) => {
      exchanges.delete(request);
      throw error;
    });
}

/** The answer about to be written, or the handler's failure, whichever comes first. */
function answerOf(exchange: Exchange, ran: Promise<unknown>): Promise<Answer> {
  const failed = ran.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => {
      throw error;
    },
  );
  failed.catch(() => undefined);
  return Promise.race([waitForAnswer(exchange), failed]);
}

/** The stored answer sent again; a different request under the same key is refused. */
function replay(stored: Awaited<ReturnType<ReplaysRepository["find"]>>, identity: Identity, exchange: Exchange, reply: FastifyReply) {
  exchange.replayed = true;
  if (!stored || stored.fingerprint !== identity.fingerprint) throw invalidField("idempotency-key", REPLAY_MISMATCH_MESSAGE);
  const answer = unsealAnswer(stored.sealedAnswer, identity.secret);
  reply.code(stored.status).header("idempotent-replayed", "true");
  if (answer.type) reply.type(answer.type);
  if (answer.location) reply.header("location", answer.location);
  return answer.encoding === "base64" ? Buffer.from(answer.body, "base64") : answer.body;
}

function startExchange(request: FastifyRequest): Exchange {
  const exchange: Exchange = { answer: deferred(), stored: deferred(), replayed: false };
  exchange.stored.promise.catch(() => undefined);
  exchanges.set(request, exchange);
  return exchange;
}

async function waitForAnswer(exchange: Exchange): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("the answer was never written")), ANSWER_WAIT_MS);
  });
  try {
    const answer = await Promise.race([exchange.answer.promise, late]);
    if (!answer) throw new Error("the answer cannot be kept (a stream)");
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` after every earlier call with the same key has ended. */
async function inTurn<T>(locks: Map<string, Promise<unknown>>, key: string, work: () => Promise<T>): Promise<T> {
  const before = locks.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  const held = mine.catch(() => undefined);
  locks.set(key, held);
  void held.then(() => {
    if (locks.get(key) === held) locks.delete(key);
  });
  return mine;
}

/** Sealed with the key's own secret: the database alone cannot read an answer back. */
const sealAnswer = (answer: Answer, secret: Buffer) => seal(JSON.stringify(answer), secret);
const unsealAnswer = (text: string, secret: Buffer) => JSON.parse(unseal(text, secret)) as Answer;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
