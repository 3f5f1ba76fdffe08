import { DAY_MS } from "@serene/domain";
import type { SubscriptionsRepository } from "../subscriptions/subscriptions.repository.ts";
import type { PaymentsRepository, PurchaseRow } from "./payments.repository.ts";
import type { WalletProcessor } from "./processors/ports.ts";

export const WALLET_RECONCILIATION_JOB = "payments.wallet-reconciliation";

/** A checkout younger than this is left alone: the member may still be approving it or coming back from the wallet. */
export const RECONCILE_AFTER_MS = 60 * 60_000;
/** A wallet subscription still waiting for the member's approval after this long is cancelled: nobody is coming back for it. */
export const PENDING_LIMIT_MS = 3 * DAY_MS;
/** A completion holding the member's purchase for this long has stopped (its process ended). */
export const STALLED_MS = 15 * 60_000;
const PAGE = 100;

export interface WalletReconciliationDeps {
  repository: PaymentsRepository;
  subscriptions: Pick<SubscriptionsRepository, "byProviderId">;
  wallet: WalletProcessor | null;
  logger: { error: (details: object, message: string) => void };
  now: () => Date;
}

type Result = "left" | "finished" | "released" | "voided" | "cancelled" | "still billing";

export interface ReconciliationOutcome {
  /** Wallet checkouts looked at. */
  checked: number;
  /** Agreements cancelled at the wallet because no subscription owns them. */
  cancelled: number;
  /** Checkouts closed for good (voided), among them the cancelled ones. */
  voided: number;
  /** Completions that stopped after their subscription started, marked done. */
  finished: number;
  /** Completions that stopped before it, in their first hour: given back to the member to complete. */
  released: number;
  /** Agreements the wallet still bills after the cancel call, or that could not be looked at: tried again on the next run. */
  retry: number;
}

/**
 * Finds wallet agreements that bill the member with no subscription of ours owning them, and
 * cancels them at the wallet: approved but never completed (the member did not come back), a
 * completion that failed or stopped half-way, a checkout cancelled in one tab and approved in
 * another. An agreement a subscription owns is never touched. Each checkout is taken (status
 * voiding) before its agreement is cancelled, so a member completing it at that moment and the
 * reconciliation never both act; once closed (voided) it is not looked at again, so a second run
 * changes nothing.
 */
export function createWalletReconciliation(deps: WalletReconciliationDeps) {
  const { repository, subscriptions } = deps;

  async function reconcile(wallet: WalletProcessor, purchase: PurchaseRow, now: number, stalledBefore: Date): Promise<Result> {
    const reference = purchase.providerReference!;
    const owner = await subscriptions.byProviderId("paypal", reference);
    if (owner) {
      // Its subscription started, then the completion stopped: it is done, and the agreement is the subscription's.
      if (purchase.status !== "processing") return "left";
      const done = await repository.transitionPurchase(purchase.id, ["processing"], { status: "succeeded", subscriptionId: owner.id });
      return done ? "finished" : "left";
    }
    if (purchase.status === "processing" && purchase.createdAt.getTime() > now - RECONCILE_AFTER_MS) {
      // Stopped before its subscription started, within the first hour: the member may come back and complete it.
      const released = await repository.transitionPurchase(purchase.id, ["processing"], { status: "failed" });
      return released ? "released" : "left";
    }
    const status = await wallet.agreementStatus(reference);
    if (status === "pending" && purchase.createdAt.getTime() > now - PENDING_LIMIT_MS) return "left";
    if (!(await repository.claimForVoiding(purchase.id, stalledBefore))) return "left";
    if (status !== "ended") {
      await wallet.cancelSubscription(reference, "Not completed with the merchant; nothing more is billed");
      // Taken (voiding) until the wallet says it no longer bills: the next run cancels again.
      if ((await wallet.agreementStatus(reference)) === "approved") return "still billing";
    }
    await repository.transitionPurchase(purchase.id, ["voiding"], { status: "voided" });
    return status === "ended" ? "voided" : "cancelled";
  }

  return {
    async run(): Promise<ReconciliationOutcome> {
      const outcome: ReconciliationOutcome = { checked: 0, cancelled: 0, voided: 0, finished: 0, released: 0, retry: 0 };
      const wallet = deps.wallet;
      if (!wallet) return outcome;
      const now = deps.now().getTime();
      const createdBefore = new Date(now - RECONCILE_AFTER_MS);
      const stalledBefore = new Date(now - STALLED_MS);
      let after: string | null = null;
      for (;;) {
        const page = await repository.unfinishedWalletCheckouts({ createdBefore, stalledBefore, after, limit: PAGE });
        for (const purchase of page) {
          outcome.checked++;
          // One checkout the wallet cannot answer for now does not hold up the others.
          const result = await reconcile(wallet, purchase, now, stalledBefore).catch((error: unknown) => {
            deps.logger.error({ err: error, purchaseId: purchase.id }, "wallet reconciliation: checkout not reconciled");
            return "still billing" as const;
          });
          if (result === "finished") outcome.finished++;
          else if (result === "released") outcome.released++;
          else if (result === "still billing") outcome.retry++;
          else if (result !== "left") {
            outcome.voided++;
            if (result === "cancelled") outcome.cancelled++;
          }
        }
        if (page.length < PAGE) return outcome;
        after = page.at(-1)!.id;
      }
    },
  };
}
export type WalletReconciliation = ReturnType<typeof createWalletReconciliation>;
