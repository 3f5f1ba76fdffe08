import { z } from "zod";
import { DELIVER_EMAIL_JOB, type Mailer } from "../modules/mail/mailer.ts";
import { defineJob } from "./job.ts";
import { PROMPT_QUEUE_POLICY } from "./queue.ts";

/** One outbox message handed to SMTP (queued by the mailer when SMTP is configured). */
export const deliverEmailJob = (mailer: Mailer) =>
  defineJob({
    name: DELIVER_EMAIL_JOB,
    policy: PROMPT_QUEUE_POLICY,
    payload: z.object({ id: z.string().min(1) }),
    run: ({ id }) => mailer.deliver(id),
  });
