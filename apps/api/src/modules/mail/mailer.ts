import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import { URGENT, type JobQueue } from "../../jobs/queue.ts";
import type { OutboxRepository } from "./outbox.repository.ts";

export const DELIVER_EMAIL_JOB = "email.deliver";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the message concerns; its mail goes when the account is deleted. */
  userId?: string | null;
  /**
   * Sends the message once per key (a receipt per payment, the trial start per subscription): a
   * webhook or job that runs again writes and delivers nothing more.
   */
  dedupeKey?: string;
  /** A person is waiting for it (a reset or confirmation link): it is delivered before every message that is not. */
  urgent?: boolean;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  logger: Pick<FastifyBaseLogger, "info" | "error">;
  /** The queue that delivers SMTP mail in the background; without one, delivery happens at once. */
  jobs?: JobQueue | null;
  /** Told of each message's outcome (the metrics). */
  onOutcome?: (outcome: "logged" | "queued" | "sent" | "failed") => void;
}

/**
 * Every message is written to the outbox table first. Without SMTP that is the delivery (plus a
 * log line; /dev/outbox shows it outside production); with `SMTP_URL` a job sends it through
 * nodemailer and marks it sent, retrying with back-off when the server refuses.
 */
export function createMailer(outbox: OutboxRepository, options: MailerOptions) {
  let transport: Transporter | null = null;
  // A pool of SMTP connections, reused from message to message, unless SMTP_URL chooses otherwise.
  const smtp = () => (transport ??= nodemailer.createTransport(pooled(options.smtpUrl!)));

  async function deliver(id: string): Promise<{ delivered: boolean }> {
    const message = await outbox.find(id);
    if (!message || message.status === "sent") return { delivered: false };
    try {
      await smtp().sendMail({
        from: options.from,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      options.onOutcome?.("failed");
      await outbox.mark(id, "failed", (error as Error).message.slice(0, 500));
      throw error;
    }
    options.onOutcome?.("sent");
    await outbox.mark(id, "sent");
    return { delivered: true };
  }

  return {
    async send(message: MailMessage): Promise<string> {
      const values = {
        userId: message.userId ?? null,
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        status: options.smtpUrl ? ("queued" as const) : ("logged" as const),
      };
      let id: string;
      if (message.dedupeKey) {
        const once = await outbox.insertOnce({ ...values, dedupeKey: message.dedupeKey });
        if (!once.created) return once.id;
        id = once.id;
      } else {
        id = await outbox.insert(values);
      }
      if (!options.smtpUrl) {
        options.onOutcome?.("logged");
        options.logger.info({ mail: id, subject: message.subject }, "e-mail written to the outbox (no SMTP_URL set)");
      } else if (options.jobs) {
        options.onOutcome?.("queued");
        await options.jobs.send(
          DELIVER_EMAIL_JOB,
          { id },
          { retryLimit: 6, retryDelay: 30, retryBackoff: true, ...(message.urgent ? { priority: URGENT } : {}) },
        );
      } else {
        await deliver(id).catch((error: unknown) => options.logger.error({ err: error, mail: id }, "e-mail delivery failed"));
      }
      return id;
    },
    deliver,
    /** Whether the message sent once per this key was written (a job run again asks before doing its work again). */
    wrote: (dedupeKey: string) => outbox.hasKey(dedupeKey),
    /** The newest messages first, for /dev/outbox. */
    recent: (limit = 50) => outbox.recent(limit),
    find: (id: string) => outbox.find(id),
    close() {
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

/** SMTP_URL with nodemailer's connection pool on (5 connections) where the URL does not set `pool` itself. */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) {
    url.searchParams.set("pool", "true");
    if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", "5");
  }
  return url.toString();
}
