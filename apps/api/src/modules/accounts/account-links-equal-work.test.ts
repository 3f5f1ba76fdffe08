import { describe, expect, it } from "vitest";
import type { BackgroundWork } from "../../jobs/background.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createAccountRecoveryService, PASSWORD_RESET_MAIL_JOB, REMOVAL_MAIL_JOB } from "./account-recovery.service.ts";
import type { AccountsContext } from "./accounts.service.ts";

/**
 * A recovery or removal request must not tell, by the work it does before answering, whether the
 * address has an account. Every call the request path makes on the service's collaborators
 * (repository, mailer, rate limiter, tokens, job queue, background work) is recorded; the records
 * for a registered address and for an unknown one must be the same, address for address.
 */
const REGISTERED = "robin@example.test";
const UNKNOWN = "nobody@example.test";

const user = {
  id: "0d6f7a57-2f0b-4f51-9b5c-8f4f5f1d2a11",
  name: "Robin",
  email: REGISTERED,
  passwordHash: null,
  deletionDueAt: null,
  emailVerifiedAt: null,
};

/** An object whose every method call is written to `calls` (with the addresses made alike) and answered by `answers`. */
function recorded<T>(name: string, calls: string[], answers: Record<string, (...args: never[]) => unknown> = {}): T {
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === "then") return undefined; // not a promise
        return (...args: unknown[]) => {
          calls.push(
            `${name}.${String(key)}(${JSON.stringify(args)
              .replaceAll(REGISTERED, "<address>")
              .replaceAll(UNKNOWN, "<address>")
              .replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, "<request>")})`,
          );
          const answer = answers[String(key)];
          return answer ? (answer as (...a: unknown[]) => unknown)(...args) : Promise.resolve(undefined);
        };
      },
    },
  ) as T;
}

function serviceRecording(withQueue: boolean) {
  const calls: string[] = [];
  const context = {
    repo: recorded<AccountsContext["repo"]>("repo", calls, {
      findUserByEmail: (email: string) => Promise.resolve(email === REGISTERED ? user : null),
    }),
    accessTokens: recorded<AccountsContext["accessTokens"]>("accessTokens", calls),
    mailer: recorded<AccountsContext["mailer"]>("mailer", calls),
    limiter: recorded<AccountsContext["limiter"]>("limiter", calls),
    identity: recorded<AccountsContext["identity"]>("identity", calls),
    brand: { product: "Serene", supportEmail: "support@serene.example" },
    appUrl: "https://app.serene.test",
    tmpTokenMs: 30 * 60_000,
  } satisfies AccountsContext;
  // The background work only records here: what it would do later is not part of the answer.
  const background = recorded<BackgroundWork>("background", calls, { run: () => undefined });
  const jobs = withQueue ? recorded<JobQueue>("jobs", calls, { send: () => Promise.resolve("job-id") }) : null;
  const service = createAccountRecoveryService(context, { passwordResetMs: 60 * 60_000, deletionDelayMs: 0, jobs, background });
  return { service, calls };
}

async function callsOf(withQueue: boolean, request: "requestPasswordReset" | "requestRemoval", email: string) {
  const { service, calls } = serviceRecording(withQueue);
  const answer = await service[request](email, "10.1.2.3");
  return { answer, calls };
}

describe.each([
  { request: "requestPasswordReset" as const, limit: "recovery", job: PASSWORD_RESET_MAIL_JOB },
  { request: "requestRemoval" as const, limit: "removal", job: REMOVAL_MAIL_JOB },
])("$request does the same work for every address", ({ request, limit, job }) => {
  it("with a job queue: counts the limit and queues one job with the address, and nothing else", async () => {
    const registered = await callsOf(true, request, ` ${REGISTERED.toUpperCase()}`);
    const unknown = await callsOf(true, request, ` ${UNKNOWN.toUpperCase()}`);
    expect(registered.calls).toEqual([
      `limiter.consume(["${limit}","10.1.2.3","<address>"])`,
      `jobs.send(["${job}",{"email":"<address>","request":"<request>"},{"retryLimit":3,"retryBackoff":true}])`,
    ]);
    expect(unknown.calls).toEqual(registered.calls);
    expect(unknown.answer).toEqual(registered.answer);
  });

  it("without a job queue: counts the limit and hands the same job to the background work", async () => {
    const registered = await callsOf(false, request, REGISTERED);
    const unknown = await callsOf(false, request, UNKNOWN);
    expect(registered.calls).toHaveLength(2);
    expect(registered.calls[0]).toBe(`limiter.consume(["${limit}","10.1.2.3","<address>"])`);
    expect(registered.calls[1]).toMatch(new RegExp(`^background\\.run\\(\\["${job}"`));
    expect(unknown.calls).toEqual(registered.calls);
    expect(unknown.answer).toEqual(registered.answer);
  });
});

describe("the link jobs", () => {
  it("look the address up and e-mail only an open account", async () => {
    const { service, calls } = serviceRecording(true);
    expect(await service.sendPasswordResetLink(UNKNOWN)).toEqual({ sent: false });
    expect(calls).toEqual([`repo.findUserByEmail(["<address>"])`]);
    calls.length = 0;
    expect(await service.sendPasswordResetLink(REGISTERED)).toEqual({ sent: true });
    expect(calls.filter((call) => call.startsWith("mailer.send"))).toHaveLength(1);
    calls.length = 0;
    expect(await service.sendRemovalLink(REGISTERED)).toEqual({ sent: true });
    expect(calls.filter((call) => call.startsWith("mailer.send"))).toHaveLength(1);
  });
});
