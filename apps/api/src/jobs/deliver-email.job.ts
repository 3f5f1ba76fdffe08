import { z } from "zod";
import { DELIVER_EMAIL_JOB, type Mailer } from "../modules/mail/mailer";
import { defineJob } from "./job";

/** One outbox message handed to SMTP (queued by the mailer when SMTP is configured). */
export const deliverEmailJob = (mailer: Mailer) =>
  defineJob({ name: DELIVER_EMAIL_JOB, payload: z.object({ id: z.string().min(1) }), run: ({ id }) => mailer.deliver(id) });
