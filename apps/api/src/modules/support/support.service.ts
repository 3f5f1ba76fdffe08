import type { ComplimentaryBody, ComplimentaryResponse, MemberDetail, MemberSearchResults, ResendResponse } from "@serene/contracts";
import { DAY_MS } from "@serene/domain";
import type { Database } from "@serene/db";
import { notFound } from "../../domain-errors.ts";
import { isUuid } from "../../http/ids.ts";
import type { Mailer } from "../mail/mailer.ts";
import { emails, type Brand } from "../mail/templates.ts";
import { createStaffRepository } from "../staff/staff.repository.ts";
import { auditEntry, type From, type StaffSignIn } from "../staff/staff.service.ts";
import { createSubscriptionsRepository } from "../subscriptions/subscriptions.repository.ts";
import { STALLED_MS } from "../payments/wallet-reconciliation.service.ts";
import type { SupportRepository } from "./support.repository.ts";

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
export const MEMBER_NOT_FOUND = "Member not found.";
export const EMAIL_NOT_FOUND = "E-mail not found.";

/** A complimentary grant's plan, as the member's app shows it; its provider bills nothing and renews nothing. */
export const COMPLIMENTARY = { planType: "Complimentary premium", provider: "complimentary" } as const;

interface Deps {
  db: Database;
  mailer: Pick<Mailer, "send" | "find">;
  brand: Brand;
  now: () => Date;
}

const UNTIL = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** Support's room (decision 067): find a member, everything about them on one page, and what support may do for them. */
export function createSupportService(repository: SupportRepository, deps: Deps) {
  const userOf = async (id: string) => {
    const user = isUuid(id) ? await repository.findUser(id.toLowerCase()) : null;
    if (!user) throw notFound(MEMBER_NOT_FOUND);
    return user;
  };
  return {
    /**
     * Premium for `days` days at no charge: a subscription of its own (provider "complimentary"), which
     * opens every item until it ends by itself; nothing is billed or renewed. Audited, and the member is told.
     */
    async grantComplimentary(actor: StaffSignIn, memberId: string, body: ComplimentaryBody, from: From): Promise<ComplimentaryResponse> {
      const user = await userOf(memberId);
      const startedAt = deps.now();
      const endsAt = new Date(startedAt.getTime() + body.days * DAY_MS);
      const granted = await deps.db.transaction(async (tx) => {
        const row = await createSubscriptionsRepository(tx as Database).insert({
          userId: user.id,
          status: "active",
          ...COMPLIMENTARY,
          startedAt,
          currentPeriodEnd: endsAt,
        });
        await createStaffRepository(tx as Database).audit(
          auditEntry(
            actor.staff,
            from,
            "member.complimentary-granted",
            { type: "member", id: user.id },
            {
              after: { subscription_id: row.id, days: body.days, ends_at: endsAt.toISOString(), reason: body.reason },
            },
          ),
        );
        return row;
      });
      const until = UNTIL.format(endsAt);
      await deps.mailer.send({ to: user.email, userId: user.id, ...emails.complimentaryPremium(deps.brand, user.name, until) });
      return {
        message: `${user.name} has premium until ${until}.`,
        data: { subscription_id: granted.id, ends_at: endsAt.toISOString() },
      };
    },

    async search(text: string): Promise<MemberSearchResults> {
      const rows = await repository.search(text);
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          created_at: row.createdAt.toISOString(),
          subscription: row.subscription,
        })),
      };
    },

    /**
     * One of the member's e-mails, sent again as it was to the address it went to (a link in it works
     * as long as it did). Audited with the e-mail it copies.
     */
    async resendEmail(actor: StaffSignIn, memberId: string, emailId: string, from: From): Promise<ResendResponse> {
      const user = await userOf(memberId);
      const message = isUuid(emailId) ? await deps.mailer.find(emailId.toLowerCase()) : null;
      const theirs = message && (message.userId === user.id || (message.userId === null && message.toAddress === user.email));
      if (!message || !theirs) throw notFound(EMAIL_NOT_FOUND);
      const id = await deps.mailer.send({
        to: message.toAddress,
        userId: user.id,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await deps.db.transaction(async (tx) =>
        createStaffRepository(tx as Database).audit(
          auditEntry(
            actor.staff,
            from,
            "member.email-resent",
            { type: "member", id: user.id },
            {
              after: { email_id: message.id, sent_as: id, subject: message.subject, to: message.toAddress },
            },
          ),
        ),
      );
      return { message: `"${message.subject}" was sent again to ${message.toAddress}.`, data: { id } };
    },

    async member(id: string): Promise<MemberDetail> {
      const user = await userOf(id);
      const found = await repository.detail(user.id, user.email, user.timeZone);
      const summary = found.practice[0] ?? null;
      return {
        data: {
          account: {
            id: user.id,
            name: user.name,
            email: user.email,
            created_at: user.createdAt.toISOString(),
            email_verified_at: iso(user.emailVerifiedAt),
            deletion_due_at: iso(user.deletionDueAt),
            goal: user.goal,
            time_zone: user.timeZone,
          },
          subscriptions: found.subs.map((row) => ({
            id: row.id,
            status: row.status,
            plan_type: row.planType,
            provider: row.provider,
            package_id: row.packageId,
            started_at: iso(row.startedAt),
            current_period_end: iso(row.currentPeriodEnd),
            amount_cents: row.amountCents,
            currency: row.currency,
            payment_method: row.paymentMethodLabel,
            created_at: row.createdAt.toISOString(),
          })),
          purchases: found.bought.map((row) => ({
            id: row.id,
            kind: row.kind,
            status: row.status,
            provider: row.provider,
            package_id: row.packageId,
            created_at: row.createdAt.toISOString(),
            updated_at: row.updatedAt.toISOString(),
            stuck: row.status === "processing" && row.updatedAt.getTime() < deps.now().getTime() - STALLED_MS,
          })),
          payments: found.paid.map((row) => ({
            id: row.id,
            status: row.status,
            provider: row.provider,
            amount_cents: row.amountCents,
            credit_cents: row.creditCents,
            currency: row.currency,
            period_start: iso(row.periodStart),
            period_end: iso(row.periodEnd),
            failure_message: row.failureMessage,
            refunded_cents: row.refundedCents,
            created_at: row.createdAt.toISOString(),
          })),
          refunds: found.given.map((row) => ({
            id: row.id,
            payment_id: row.paymentId,
            amount_cents: row.amountCents,
            currency: row.currency,
            status: row.status,
            reason: row.reason,
            staff_email: row.staffEmail,
            failure_message: row.failureMessage,
            created_at: row.createdAt.toISOString(),
          })),
          offers: found.offers.map((row) => ({
            checkout_id: row.checkoutId,
            started_at: row.startedAt.toISOString(),
            ends_at: row.endsAt.toISOString(),
          })),
          leads: found.leadRows.map((row) => ({ id: row.id, name: row.name, email: row.email, created_at: row.createdAt.toISOString() })),
          practice: {
            days: summary?.days ?? 0,
            sessions: summary?.sessions ?? 0,
            minutes: Math.round(Number(summary?.seconds ?? 0) / 60),
          },
          badges: found.badges.map((row) => ({ machine_name: row.machineName, received_at: row.receivedAt.toISOString() })),
          emails: found.emails.map((row) => ({
            id: row.id,
            subject: row.subject,
            to: row.toAddress,
            status: row.status,
            created_at: row.createdAt.toISOString(),
            sent_at: iso(row.sentAt),
          })),
        },
      };
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
