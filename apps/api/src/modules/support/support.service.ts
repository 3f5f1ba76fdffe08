import type { MemberDetail, MemberSearchResults } from "@serene/contracts";
import { notFound } from "../../domain-errors.ts";
import type { SupportRepository } from "./support.repository.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
export const MEMBER_NOT_FOUND = "Member not found.";

/** Support's reading room (decision 067): find a member, and everything about them on one page. */
export function createSupportService(repository: SupportRepository) {
  return {
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

    async member(id: string): Promise<MemberDetail> {
      const user = UUID.test(id) ? await repository.findUser(id.toLowerCase()) : null;
      if (!user) throw notFound(MEMBER_NOT_FOUND);
      const found = await repository.detail(user.id, user.email);
      // Days are counted in a time zone: the member's own, else the one most of their practice was counted in.
      const summary =
        found.practice.find((row) => row.timeZone === user.timeZone) ??
        [...found.practice].sort((a, b) => b.sessions - a.sessions)[0] ??
        null;
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
