import { eq } from "drizzle-orm";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { outboxEmails } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../app.ts";
import { jobDefinitions } from "../../jobs/index.ts";
import { registerJobs, startJobQueue, stopJobQueue } from "../../jobs/queue.ts";
import { registerMember, uniqueEmail } from "../../test/accounts.ts";
import { pollUntil } from "../../test/ports-and-polls.ts";
import { createTestApp, createTestDatabase, testConfig, type TestApp } from "../../test/test-app.ts";

/** E-mail over real SMTP, to a loopback server that keeps what it receives. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtp(options: SMTPServerOptions = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH"],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The headers and the parts of a MIME message, enough to tell what it carries. */
function parts(raw: string) {
  const [head] = raw.split(/\r?\n\r?\n/, 1);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head!)?.[1]?.trim();
  const types = [...raw.matchAll(/^Content-Type: ([\w/-]+)/gim)].map((match) => match[1]!.toLowerCase());
  return { header, types };
}

const statusOf = async (database: TestApp["database"], to: string) =>
  (await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to))).map((row) => ({
    status: row.status,
    sentAt: row.sentAt,
    error: row.error,
  }));

describe("delivery to a plain loopback SMTP server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp({ hideSTARTTLS: true });
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Serene <hello@serene.test>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("sends the welcome e-mail at once, with a text and an HTML part, and marks it sent", async () => {
    const member = await registerMember(t.app, t.database, { name: "Smtp Sam", email: uniqueEmail("smtp") });
    const message = smtp.received.find((item) => item.to.includes(member.email));
    expect(message, "a message for the new member").toBeDefined();
    expect(message!.from).toBe("hello@serene.test");
    const { header, types } = parts(message!.raw);
    expect(header("To")).toBe(member.email);
    expect(header("From")).toBe("Serene <hello@serene.test>");
    expect(header("Subject")).toBe("Welcome to Serene");
    expect(types).toContain("multipart/alternative");
    expect(types).toContain("text/plain");
    expect(types).toContain("text/html");
    expect(message!.raw).toContain("Hi Smtp Sam,");

    const [row] = await statusOf(t.database, member.email);
    expect(row!.status).toBe("sent");
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
  });

  it("sends the password reset e-mail to the address asked for only", async () => {
    const member = await registerMember(t.app, t.database, { email: uniqueEmail("smtp-reset") });
    const res = await t.app.inject({
      url: `/api/v1/user/recovery-password?email=${encodeURIComponent(member.email)}`,
      remoteAddress: "10.7.7.7",
    });
    expect(res.statusCode).toBe(200);
    await t.settled();
    const resets = smtp.received.filter((item) => parts(item.raw).header("Subject") === "Reset your Serene password");
    expect(resets).toHaveLength(1);
    expect(resets[0]!.to).toEqual([member.email]);
    expect((await statusOf(t.database, member.email)).every((row) => row.status === "sent")).toBe(true);
  });
});

describe("delivery when the SMTP server cannot be used", () => {
  it("still registers the member, and records the failure on the outbox row", async () => {
    // This server offers STARTTLS with a self-signed certificate, which nodemailer refuses by default.
    const smtp = await startSmtp();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const member = await registerMember(t.app, t.database, { email: uniqueEmail("smtp-fail") });
      const [row] = await statusOf(t.database, member.email);
      expect(row!.status).toBe("failed");
      expect(row!.error).toMatch(/certificate/i);
      expect(smtp.received).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it("accepts a self-signed certificate when the URL says so (tls.rejectUnauthorized=false)", async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false` });
    try {
      const member = await registerMember(t.app, t.database, { email: uniqueEmail("smtp-tls") });
      expect(smtp.received.map((item) => item.to)).toEqual([[member.email]]);
      expect((await statusOf(t.database, member.email))[0]!.status).toBe("sent");
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe("delivery through the job queue", () => {
  it("queues the message and the email.deliver job sends it", async () => {
    const silent = { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} } as never;
    const smtp = await startSmtp({ hideSTARTTLS: true });
    const database = await createTestDatabase();
    const boss = await startJobQueue(database, { logger: silent, work: true });
    try {
      const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const services = createServices({ config, database, jobs: boss });
      await registerJobs(boss, jobDefinitions(services), silent, { work: true, pollSeconds: config.jobs.pollSeconds });
      const to = uniqueEmail("queued");
      const id = await services.mailer.send({
        to,
        subject: "Queued hello",
        text: "Hello in text.",
        html: "<!doctype html><p>Hello in HTML.</p>",
      });
      expect((await services.mailer.find(id))!.status).toBe("queued");

      await pollUntil(async () => (await services.mailer.find(id))?.status === "sent", {
        timeoutMs: 15_000,
        intervalMs: 250,
        what: "the queued e-mail to be sent",
      });
      expect(smtp.received.map((item) => item.to)).toEqual([[to]]);
      expect(parts(smtp.received[0]!.raw).types).toEqual(expect.arrayContaining(["text/plain", "text/html"]));

      // Delivering again does not send it twice.
      expect(await services.mailer.deliver(id)).toEqual({ delivered: false });
      expect(smtp.received).toHaveLength(1);
      await services.close();
    } finally {
      await stopJobQueue(boss, 2000);
      await database.close();
      await smtp.close();
    }
  });
});
