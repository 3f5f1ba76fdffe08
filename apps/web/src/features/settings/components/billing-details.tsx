import type { BillingResponse, Receipt } from "@serene/contracts";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Skeleton } from "../../../components/ui/skeleton";
import { useBilling } from "../../../lib/buying/api/billing";
import { useReceipts } from "../../../lib/buying/api/receipts";
import { useResumeSubscription } from "../../../lib/buying/api/subscription";
import { reloadWithNotice } from "../lib/page-reload";
import { formatDate } from "../lib/subscription-model";
import styles from "./billing.module.css";
import subscription from "./subscription.module.css";

export const RESUMED_MESSAGE = "Your subscription is running again.";

export { useBilling };

/** "a month", "a year", "every 3 months". */
const perPeriod = (period: string) => (/^\d/.test(period) ? `every ${period}` : `a ${period}`);

/** What the subscription costs, when the next charge is taken and for how much, and what pays it. */
export function BillingDetails({ billing }: { billing: BillingResponse }) {
  const next = formatDate(billing.next_charge_at);
  const rows: [string, string][] = [];
  if (billing.price) rows.push(["Price", billing.billing_period ? `${billing.price} ${perPeriod(billing.billing_period)}` : billing.price]);
  if (billing.price || billing.status === "canceled") {
    rows.push([
      "Next charge",
      next && billing.next_charge_amount ? `${billing.next_charge_amount} on ${next}` : "None, your plan will not renew",
    ]);
  }
  if (billing.payment_method) rows.push(["Payment method", billing.payment_method]);
  if (rows.length === 0) return null;
  return (
    <section className={subscription.card} aria-labelledby="billing-details">
      <h2 id="billing-details" className={styles.title}>
        How you pay
      </h2>
      <dl className={subscription.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={subscription.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A cancelled subscription whose period still runs can carry on: one button, then a reload. */
export function ResumeSection({ billing }: { billing: BillingResponse }) {
  const until = formatDate(billing.access_until);
  const resume = useResumeSubscription({
    onSuccess: () => reloadWithNotice(RESUMED_MESSAGE),
  });
  return (
    <section className={[subscription.card, styles.resume].join(" ")} aria-labelledby="subscription-resume">
      <div className={styles.resumeText}>
        <h2 id="subscription-resume">Changed your mind?</h2>
        <p>
          Your subscription is canceled{until ? ` and ends on ${until}` : ""}. Resume it and it carries on as before
          {billing.price && until ? `, with the next charge of ${billing.price} on ${until}` : ""}.
        </p>
      </div>
      <Button onClick={() => resume.mutate(billing.provider)} disabled={resume.isPending} aria-busy={resume.isPending || undefined}>
        Resume subscription
      </Button>
    </section>
  );
}

/** Every charge as a receipt, each one viewable and printable on its own page. */
export function ReceiptsSection() {
  const receipts = useReceipts();
  return (
    <section className={subscription.card} aria-labelledby="subscription-receipts">
      <h2 id="subscription-receipts" className={styles.title}>
        Receipts
      </h2>
      {receipts.isPending ? (
        <Skeleton className={styles.skeleton} />
      ) : receipts.isError ? (
        <LoadProblem message="Your receipts could not be loaded just now." onRetry={() => void receipts.refetch()} />
      ) : receipts.data.length === 0 ? (
        <p className={styles.empty}>No receipts yet. Each payment will appear here, with a receipt you can view and print.</p>
      ) : (
        <ul className={styles.receipts}>
          {receipts.data.map((receipt) => (
            <ReceiptRow key={receipt.id} receipt={receipt} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReceiptRow({ receipt }: { receipt: Receipt }) {
  return (
    <li className={styles.receipt}>
      <div className={styles.receiptText}>
        <strong>{receipt.item}</strong>
        <span>
          {formatDate(receipt.paid_at)} · {receipt.reference}
          {receipt.credit ? ` · ${receipt.credit} credit` : ""}
          {receipt.status === "refunded" ? " · Refunded" : receipt.refunded ? ` · ${receipt.refunded} refunded` : ""}
        </span>
      </div>
      <span className={styles.amount}>{receipt.amount}</span>
      <Link className={styles.view} to={`/settings/subscription/receipts/${receipt.id}`} aria-label={`View receipt ${receipt.reference}`}>
        View
      </Link>
    </li>
  );
}
