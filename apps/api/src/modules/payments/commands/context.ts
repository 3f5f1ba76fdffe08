import { SUBSCRIBED_MESSAGE, type PurchaseResponse } from "@serene/contracts";
import { unauthenticated, unavailable } from "../../../domain-errors.ts";
import type { PlansRepository } from "../../plans/plans.repository.ts";
import type { SubscriptionRow } from "../../subscriptions/subscriptions.repository.ts";
import type { SubscriptionsService } from "../../subscriptions/subscriptions.service.ts";
import type { BillingService } from "../billing.service.ts";
import type { PaymentsRepository } from "../payments.repository.ts";
import type { CardProcessor, Member, WalletProcessor } from "../processors/ports.ts";
import type { RefundsService } from "../refunds.service.ts";

export interface PurchasesDeps {
  repository: PaymentsRepository;
  /** Whose subscription runs now, and which the member had before (the entitlement owner). */
  subscriptions: Pick<SubscriptionsService, "current" | "history" | "byId">;
  plans: Pick<PlansRepository, "packageById" | "checkout" | "personClocks">;
  billing: BillingService;
  /** Gives a charge back when a purchase cannot be granted after all (the refunds ledger, once). */
  refunds: Pick<RefundsService, "giveBackWhole">;
  card: CardProcessor | null;
  wallet: WalletProcessor | null;
  appUrl: string;
  product: string;
  now: () => Date;
}

/**
 * A purchase call's answer; `purchaseStatus` says where the purchase stands when it is not simply
 * done; `saved` is kept with the answer for finishing the purchase later (never sent).
 */
export type Answer = { body: PurchaseResponse; purchaseStatus?: "awaiting_wallet"; saved?: Record<string, string> };

export const success = (subscription: SubscriptionRow | null, redirect: string | null = null): Answer => ({
  body: { message: SUBSCRIBED_MESSAGE, redirect_url: redirect, subscription_type: subscription ? subscription.planType : null },
});
export const LIFETIME_HELD_MESSAGE = "You already have lifetime access.";
export const BUSY_MESSAGE = "Another purchase is being processed. Please wait a moment.";
export const paymentsDown = (what: string) => unavailable(`${what} payments are not available right now.`);

/** What every member-facing payment command is given: the purchases' dependencies, and who the member is and what runs for them. */
export function createPurchaseContext(deps: PurchasesDeps) {
  return {
    ...deps,
    async member(userId: string): Promise<Member> {
      const found = await deps.repository.member(userId);
      if (!found) throw unauthenticated();
      return found;
    },
    /** The member's subscription running now (the entitlement owner), or null. */
    current: (userId: string) => deps.subscriptions.current(userId),
  };
}
export type PurchaseContext = ReturnType<typeof createPurchaseContext>;
