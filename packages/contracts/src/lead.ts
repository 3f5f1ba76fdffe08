import { z } from "zod";
import { PlanDay } from "./content.ts";
import { CacheBuster } from "./common.ts";
import { QuizAnswerBody } from "./quiz.ts";

const QuizRef = QuizAnswerBody.shape.quiz;
const Answers = QuizAnswerBody.shape.answers;
const LeadEmail = z.email({ error: "The email field must be a valid email address." }).max(254);
const LeadName = z.string().trim().max(255, "The name field must not be greater than 255 characters.");

/**
 * POST /lead: the person who finished a quiz gives an e-mail (and, if they like, a name). The lead keeps
 * the quiz and its answers, and an e-mail with a sign-in link to their result is sent.
 */
export const LeadBody = z.object({
  email: LeadEmail,
  name: LeadName.optional(),
  /** The quiz the lead came from: its id or slug. */
  quiz: QuizRef.optional(),
  answers: Answers.optional(),
});
export type LeadBody = z.infer<typeof LeadBody>;

/** PUT /lead: changes the lead named by `id` (name, e-mail, answers); fields left out stay as they are. */
export const LeadUpdateBody = z.object({
  id: z.uuid({ error: "The selected id is invalid." }),
  email: LeadEmail.optional(),
  name: LeadName.optional(),
  answers: Answers.optional(),
});
export type LeadUpdateBody = z.infer<typeof LeadUpdateBody>;

export const LeadIdParams = z.object({ id: z.string() });

export const Lead = z
  .object({
    id: z.string(),
    /** The reference of the lead's sign-up link (/registration?u=lead&statistic_id=…). */
    statistic_id: z.string(),
    email: z.string(),
    name: z.string(),
    quiz_id: z.number().int().nullable(),
    quiz_slug: z.string().nullable(),
    answers: z.record(z.string(), z.unknown()),
    /** The goal answered (one of the six goal keys), null without one. */
    goal: z.string().nullable(),
    outcome_percentage: z.number().int().nullable(),
    /** True once the person has opened an account from the lead (then only that member may read it). */
    registered: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Lead" });
export type Lead = z.infer<typeof Lead>;
export const LeadResponse = z.object({ data: Lead });
export type LeadResponse = z.infer<typeof LeadResponse>;

/** GET /vsl/{id}: a video-sales page (by id or slug). */
export const Vsl = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    subtitle: z.string(),
    /** HLS master playlist under /media; the response sets short-lived signed cookies for that one video. */
    video: z.object({ playlist: z.string(), poster: z.string().nullable(), duration_seconds: z.number().int() }),
    /** Seconds into playback when the call to action appears. */
    cta_at_seconds: z.number().int().min(0),
    cta_label: z.string(),
    /** Where the call to action leads: a quiz (its route and slug) or a checkout. */
    next: z.union([
      z.object({ kind: z.literal("quiz"), quiz_slug: z.string(), path: z.string() }),
      z.object({ kind: z.literal("checkout"), checkout_id: z.number().int(), path: z.string() }),
    ]),
    points: z.array(z.string()),
  })
  .meta({ id: "Vsl" });
export type Vsl = z.infer<typeof Vsl>;
export const VslResponse = z.object({ data: Vsl });
export type VslResponse = z.infer<typeof VslResponse>;

/** GET /quiz/first-week?goal=…: the recommended first week for a goal, from the catalogue (public: titles and covers only). */
export const FirstWeekQuery = CacheBuster.extend({ goal: z.string().max(64).optional() });
export const FirstWeekResponse = z.object({
  data: z.object({ goal: z.string().nullable(), days: z.array(PlanDay) }).meta({ id: "FirstWeek" }),
});
export type FirstWeekResponse = z.infer<typeof FirstWeekResponse>;

/** POST /lead/{id}/account: the lead's own link token, from the offer link its inbox received (decision 050). */
export const LeadAccountBody = z.object({ token: z.string().max(256).optional() }).nullish();
export type LeadAccountBody = z.input<typeof LeadAccountBody>;

/**
 * POST /lead/{id}/account: a lead buying on /lead-checkout gets an account for the lead's e-mail, with a
 * temporary password e-mailed to them (docs/decisions/032-checkout-modal.md). Answers a session token.
 * 409 when the e-mail already has an account (log in instead); 404 for an unknown or claimed lead.
 */
export const LeadAccountResponse = z.object({ token: z.string(), email: z.string(), name: z.string() }).meta({ id: "LeadAccount" });
export type LeadAccountResponse = z.infer<typeof LeadAccountResponse>;
