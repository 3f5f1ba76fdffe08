import type { LeadBody, LeadResponse, LeadUpdateBody } from "@serene/contracts";
import { leadLanding, normalizeEmail } from "@serene/domain";
import { invalidField, notFound } from "../../domain-errors.ts";
import { isUuid } from "../../http/ids.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import { hashSecret, newSecret } from "../accounts/secrets.ts";
import type { Mailer } from "../mail/mailer.ts";
import { emails, type Brand } from "../mail/templates.ts";
import type { QuizService } from "../quiz/quiz.service.ts";
import { presentLead } from "./leads.presenter.ts";
import type { LeadRow, LeadsRepository } from "./leads.repository.ts";

export interface LeadsContext {
  repository: LeadsRepository;
  quiz: Pick<QuizService, "checkAnswers" | "find">;
  mailer: Mailer;
  limiter: RateLimiter;
  brand: Brand;
  appUrl: string;
  /** How long the e-mailed sign-in link works (the same as every temporary sign-in link). */
  tmpTokenMs: number;
  now?: () => Date;
}

/** Who calls: the signed-in member, or a visitor (null), and the client address for rate limits. */
export interface LeadCaller {
  userId: string | null;
  ip: string;
}

const NOT_FOUND = "Lead not found.";
/** The sales page a lead's result e-mail links to ("See today's offer"): the promo checkout of the demo plans. */
export const LEAD_OFFER_CHECKOUT_ID = 3;

/** A name for a lead without one: the part of the e-mail address before the @. */
export const nameFromEmail = (email: string) => email.split("@")[0]!.slice(0, 255);

/**
 * Leads (docs/decisions/025-lead-funnel.md): the person who finished a quiz gives an e-mail; the lead
 * keeps the quiz and its answers, and an e-mail with a single-use sign-in link to the result is sent.
 * No account is created or changed here: that happens only when the link is opened
 * (accounts.service `loginWithTemporaryToken`). A signed-in member's lead is theirs at once, without
 * an e-mail. An unclaimed lead is reached by its id (an unguessable uuid, like a link); a claimed one
 * only by its member; anyone else gets the same 404 as an unknown id.
 */
export function createLeadsService(ctx: LeadsContext) {
  const now = ctx.now ?? (() => new Date());
  const minutes = Math.round(ctx.tmpTokenMs / 60_000);

  /**
   * New secrets for the lead's e-mail: the single-use sign-in token of the result link, and the lead's
   * own link token, which the offer link carries and which proves the address until the lead becomes a
   * member (decision 050). Only their hashes are kept.
   */
  function newToken() {
    const token = newSecret();
    const link = newSecret();
    return {
      token,
      link,
      stored: { tokenHash: hashSecret(token), tokenExpiresAt: new Date(now().getTime() + ctx.tmpTokenMs), linkTokenHash: hashSecret(link) },
    };
  }

  /** Where the lead's links land: the result and the offer of the quiz they took (its newest answers). */
  async function landingOf(lead: LeadRow) {
    const answers = await ctx.repository.latestAnswers(lead.id);
    const quiz = answers ? ctx.quiz.find(answers.quizId) : null;
    const score = answers && quiz ? ctx.quiz.checkAnswers(quiz.id, answers.answers).score : 0;
    return leadLanding(quiz, score, LEAD_OFFER_CHECKOUT_ID);
  }

  async function sendResult(lead: LeadRow, secrets: { token: string; link: string }) {
    const landing = await landingOf(lead);
    // `/authorization?email=…&token=…&redirect=<result>?lead=<id>`: same-origin redirect, read by the web /authorization page.
    const result = `${ctx.appUrl}/authorization?${new URLSearchParams({
      email: lead.email,
      token: secrets.token,
      redirect: `${landing.resultPath}?lead=${lead.id}`,
    })}`;
    // The offer link names the lead (the page greets them and keeps their offer clock) and carries its link token.
    const offer = `${ctx.appUrl}/lead-checkout/${landing.checkoutId}?${new URLSearchParams({ lead: lead.id, token: secrets.link })}`;
    await ctx.mailer.send({
      to: lead.email,
      userId: null,
      ...emails.quizResult(ctx.brand, lead.name, result, minutes, offer),
    });
  }

  /** The lead the caller may reach, or the 404 an unknown id gets. */
  async function reachable(id: string, caller: LeadCaller): Promise<LeadRow> {
    const lead = isUuid(id) ? await ctx.repository.find(id) : null;
    if (!lead || (lead.userId !== null && lead.userId !== caller.userId)) throw notFound(NOT_FOUND);
    return lead;
  }

  async function present(lead: LeadRow): Promise<LeadResponse> {
    const answers = await ctx.repository.latestAnswers(lead.id);
    return { data: presentLead(lead, answers, answers ? ctx.quiz.find(answers.quizId) : null) };
  }

  return {
    /** POST /lead. */
    async create(body: LeadBody, caller: LeadCaller): Promise<LeadResponse> {
      const email = normalizeEmail(body.email);
      if (body.answers !== undefined && body.quiz === undefined)
        throw invalidField("quiz", "The quiz field is required when answers are given.");
      const checked = body.quiz !== undefined ? ctx.quiz.checkAnswers(body.quiz, body.answers ?? {}) : null;
      // Counted per client address, and a visitor's (which sends an e-mail) per address written to.
      await ctx.limiter.consume("leadSend", caller.ip, caller.userId ? null : email);
      const token = caller.userId ? null : newToken();
      const lead = await ctx.repository.create(
        {
          statisticId: newSecret(),
          name: body.name?.trim() || nameFromEmail(email),
          email,
          userId: caller.userId,
          tokenHash: token?.stored.tokenHash ?? null,
          tokenExpiresAt: token?.stored.tokenExpiresAt ?? null,
          linkTokenHash: token?.stored.linkTokenHash ?? null,
        },
        checked ? { quizId: checked.quiz.id, answers: body.answers ?? {} } : null,
        checked?.goal ?? null,
      );
      if (token) await sendResult(lead, token);
      return present(lead);
    },

    /** PUT /lead: fields left out stay; a new e-mail of an unclaimed lead gets a fresh link (the old one stops working). */
    async update(body: LeadUpdateBody, caller: LeadCaller): Promise<LeadResponse> {
      const lead = await reachable(body.id, caller);
      const email = body.email !== undefined ? normalizeEmail(body.email) : lead.email;
      const emailChanged = email !== lead.email;
      let answers: { rowId: string; answers: LeadBody["answers"] & object; email: string | null } | null = null;
      let goal: string | null = null;
      if (body.answers !== undefined) {
        const stored = await ctx.repository.latestAnswers(lead.id);
        if (!stored) throw invalidField("answers", "This lead has no quiz to answer.");
        goal = ctx.quiz.checkAnswers(stored.quizId, body.answers).goal;
        answers = { rowId: stored.id, answers: body.answers, email: lead.userId ? null : email };
      }
      const resend = emailChanged && !lead.userId;
      // Every change counts per client address; one that sends a new link also per address written to.
      await ctx.limiter.consume("leadSend", caller.ip, resend ? email : null);
      const token = resend ? newToken() : null;
      const updated = await ctx.repository.update(
        lead.id,
        {
          ...(body.name !== undefined ? { name: body.name.trim() || nameFromEmail(email) } : {}),
          ...(emailChanged ? { email } : {}),
          ...(token ? token.stored : {}),
        },
        answers,
        goal && lead.userId ? { userId: lead.userId, goal } : null,
      );
      if (!updated) throw notFound(NOT_FOUND);
      if (token) await sendResult(updated, token);
      return present(updated);
    },

    /** GET /lead/{id}. */
    async find(id: string, caller: LeadCaller): Promise<LeadResponse> {
      await ctx.limiter.consume("leadRead", caller.ip, id);
      return present(await reachable(id, caller));
    },
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
