import type { Mailer } from "./mailer.ts";

type OutboxMessage = Awaited<ReturnType<Mailer["recent"]>>[number];

/** An e-mail of the outbox as /dev/outbox.json lists it. */
export const presentOutboxMessage = (message: OutboxMessage) => ({
  id: message.id,
  to: message.toAddress,
  subject: message.subject,
  text: message.text,
  html: message.html,
  status: message.status,
  created_at: message.createdAt.toISOString(),
});
