import type { Receipt } from "@serene/contracts";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Skeleton } from "../../../components/ui/skeleton";
import { ApiError } from "../../../lib/api-client";
import { env } from "../../../lib/env";
import { useReceipt } from "../../../lib/buying/api/receipts";
import { formatDate } from "../lib/subscription-model";
import styles from "./receipt.module.css";

/** The browser's print dialog (tests watch it). */
export const printer = { print: () => window.print() };

/** One receipt, laid out to read on screen and to print on a page of its own. */
export function ReceiptView({ id }: { id: string }) {
  const receipt = useReceipt(id);
  return (
    <div className={styles.page}>
      <Link to="/settings/subscription" className={styles.back}>
        <span aria-hidden="true">←</span> Subscription
      </Link>
      {receipt.isPending ? (
        <Skeleton className={styles.skeleton} />
      ) : receipt.isError ? (
        receipt.error instanceof ApiError && receipt.error.status === 404 ? (
          <p className={styles.missing} role="status">
            This receipt was not found. Your receipts are listed on the subscription page.
          </p>
        ) : (
          <LoadProblem message="This receipt could not be loaded just now." onRetry={() => void receipt.refetch()} />
        )
      ) : (
        <ReceiptSheet receipt={receipt.data} />
      )}
    </div>
  );
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const period =
    receipt.period_start && receipt.period_end ? `${formatDate(receipt.period_start)} to ${formatDate(receipt.period_end)}` : null;
  const rows: [string, string][] = [
    ["Reference", receipt.reference],
    ["Date", formatDate(receipt.paid_at) ?? "—"],
    ["Plan", `${env.appName} ${receipt.item}`],
    ...(period ? ([["Period", period]] as [string, string][]) : []),
    // An upgrade: the plan's price and the credit for the unused part of the plan it replaced.
    ...(receipt.credit && receipt.price
      ? ([
          ["Price", receipt.price],
          ["Credit for unused time", `−${receipt.credit}`],
        ] as [string, string][])
      : []),
    ["Paid with", receipt.paid_with ?? "—"],
    ["Currency", receipt.currency],
    ["Status", receipt.status === "refunded" ? "Refunded" : receipt.status === "partly_refunded" ? "Partly refunded" : "Paid"],
    ...(receipt.refunded ? ([["Refunded", receipt.refunded]] as [string, string][]) : []),
  ];
  return (
    <article className={styles.sheet} aria-labelledby="receipt-title">
      <header className={styles.head}>
        <p className={styles.brand}>{env.appName}</p>
        <h1 id="receipt-title">Receipt</h1>
      </header>
      <dl className={styles.rows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.total}>
        <span>Total</span>
        <strong>{receipt.amount}</strong>
      </p>
      <p className={styles.thanks}>Thank you for taking time for yourself with {env.appName}.</p>
      <div className={styles.actions}>
        <Button onClick={() => printer.print()}>Print receipt</Button>
      </div>
    </article>
  );
}
