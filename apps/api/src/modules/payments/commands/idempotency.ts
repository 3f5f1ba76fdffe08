import { createHash } from "node:crypto";
import { NEED_APPROVE_MESSAGE, type PaymentProvider, type PurchaseResponse } from "@serene/contracts";
import { conflict, DomainError, invalidField } from "../../../domain-errors.ts";
// An Idempotency-Key replays the stored answer, status included: the one place a payment command meets statuses.
import { domainErrorOf, statusOf } from "../../../plugins/errors.ts";
import type { PaymentsRepository, PurchaseRow } from "../payments.repository.ts";
import { BUSY_MESSAGE, type Answer } from "./context.ts";

/** What a purchase call asks for: its kind ("subscription", "lifetime", "upgrade", later "refund"), what it buys, and the request body. */
export interface PurchaseRequest {
  kind: string;
  provider: PaymentProvider;
  packageId: number;
  checkoutId: number | null;
  body: unknown;
}

/** What a stored claim is compared with: the request's kind, provider and body, hashed (the claim keeps only this). */
export const requestFingerprint = (request: Pick<PurchaseRequest, "kind" | "provider" | "body">) =>
  createHash("sha256")
    .update(JSON.stringify({ kind: request.kind, provider: request.provider, body: request.body }))
    .digest("base64url");

/**
 * The one idempotency rule every member payment command runs under ("the same key never buys
 * twice"): the call is claimed once per member and Idempotency-Key (a purchases row, unique on
 * both; a call without a key claims a fresh row; a claim that failed unanswered is claimed again
 * by the same key: payments.repository claimPurchase). The same key with the same request answers the stored outcome,
 * error status included; with another request it is refused (422 idempotency_key); while the
 * member has another purchase being processed, the call is refused with 409 rather than charged in
 * parallel. The command's answer is stored with the row when it ends; a refusal (a domain error) is
 * stored too and replayed, while an outage (unavailable, or an unexpected error) is not answered,
 * so the same key may try again; the processor's own idempotency key (`purchase:<row id>`) keeps
 * that to one charge.
 */
export function createIdempotency(repository: Pick<PaymentsRepository, "claimPurchase" | "transitionPurchase">) {
  return async function once(
    userId: string,
    key: string | undefined,
    request: PurchaseRequest,
    run: (purchase: PurchaseRow) => Promise<Answer>,
  ): Promise<Answer> {
    const print = requestFingerprint(request);
    const claim = await repository.claimPurchase({
      userId,
      idempotencyKey: key ?? null,
      fingerprint: print,
      kind: request.kind,
      provider: request.provider,
      packageId: request.packageId,
      checkoutId: request.checkoutId,
      status: "processing",
    });
    if ("busy" in claim) throw conflict(BUSY_MESSAGE);
    if ("existing" in claim) {
      if (claim.existing.fingerprint !== print)
        throw invalidField("idempotency_key", "This Idempotency-Key was already used for another request.");
      if (claim.existing.response && claim.existing.responseStatus) {
        const stored = claim.existing.response as { message: string; errors?: Record<string, string[]> };
        if (claim.existing.responseStatus >= 400) throw domainErrorOf(claim.existing.responseStatus, stored.message, stored.errors);
        const { message, redirect_url, subscription_type } = claim.existing.response as unknown as PurchaseResponse;
        return { body: { message, redirect_url, subscription_type } };
      }
      throw conflict("This purchase is already being processed.");
    }
    const purchase = claim.claimed;
    try {
      const answer = await run(purchase);
      const status = answer.purchaseStatus ?? (answer.body.message === NEED_APPROVE_MESSAGE ? "requires_approval" : "succeeded");
      await repository.transitionPurchase(purchase.id, ["processing"], {
        status,
        responseStatus: 200,
        response: { ...answer.saved, ...answer.body },
      });
      return answer;
    } catch (error) {
      if (error instanceof DomainError && error.kind !== "unavailable") {
        const response = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
        await repository.transitionPurchase(purchase.id, ["processing"], { status: "failed", responseStatus: statusOf(error), response });
      } else {
        // Not answered: the same key may try again (the processor's own idempotency keeps it to one charge).
        await repository.transitionPurchase(purchase.id, ["processing"], { status: "failed" });
      }
      throw error;
    }
  };
}
export type Once = ReturnType<typeof createIdempotency>;
