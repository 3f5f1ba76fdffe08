import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { formatMoney } from "@serene/domain";
import type { MemberDetail } from "@serene/contracts";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { useNativeDialog } from "../../../components/ui/native-dialog";
import dialogStyles from "../../../components/ui/native-dialog.module.css";
import { toast } from "../../../components/ui/toast-store";
import { newRequestKey } from "../../../lib/api-client";
import { useClearPurchase, useRefund } from "../api/members";
import { DataTable } from "./data-table";
import { useFormProblems } from "./form-problems";
import look from "./console.module.css";

type Member = MemberDetail["data"];
type Payment = Member["payments"][number];

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" }) : "–");
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "–");
const money = (cents: number, currency: string) => formatMoney(currency, cents);
const refundable = (p: Payment) =>
  (p.status === "succeeded" || p.status === "refunded") &&
  p.amount_cents > 0 &&
  p.refunded_cents < p.amount_cents &&
  p.provider !== "complimentary";

/** "5", "5.5", "5.50" → 550 cents; null for anything else. */
export function centsOf(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/**
 * A member's money on their support page (decision 068): payments with what was given back and a
 * refund for each charge that has something left, the refunds made, and purchases with a way to clear
 * one stuck in processing. The buttons show for a role with money.write only.
 */
export function MemberMoney({ m, mayMoney }: { m: Member; mayMoney: boolean }) {
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [clearing, setClearing] = useState<string | null>(null);
  const clear = useClearPurchase(m.account.id);
  return (
    <>
      <section className={look.card} aria-labelledby="payments">
        <h2 id="payments" className={look.cardTitle}>
          Payments
        </h2>
        {m.payments.length === 0 ? (
          <p className={look.muted}>No payment.</p>
        ) : (
          <DataTable
            columns={[
              { label: "When" },
              { label: "Amount" },
              { label: "Status" },
              { label: "Refunded" },
              { label: "Period", wide: true },
              { label: "Note", wide: true },
              ...(mayMoney ? [{ label: "Actions" }] : []),
            ]}
            rows={m.payments.map((p) => ({
              key: p.id,
              cells: [
                when(p.created_at),
                money(p.amount_cents, p.currency),
                p.status,
                p.refunded_cents > 0 ? money(p.refunded_cents, p.currency) : "–",
                p.period_start || p.period_end ? `${day(p.period_start)} – ${day(p.period_end)}` : "–",
                p.failure_message ?? (p.credit_cents > 0 ? `credit ${money(p.credit_cents, p.currency)}` : ""),
                ...(mayMoney
                  ? [
                      refundable(p) ? (
                        <Button
                          key="refund"
                          variant="ghost"
                          size="sm"
                          aria-label={`Refund the ${money(p.amount_cents, p.currency)} payment of ${day(p.created_at)}`}
                          onClick={() => setRefunding(p)}
                        >
                          Refund
                        </Button>
                      ) : null,
                    ]
                  : []),
              ],
            }))}
          />
        )}
      </section>
      {refunding && <RefundDialog memberId={m.account.id} name={m.account.name} payment={refunding} onClose={() => setRefunding(null)} />}

      {m.refunds.length > 0 && (
        <section className={look.card} aria-labelledby="refunds">
          <h2 id="refunds" className={look.cardTitle}>
            Refunds
          </h2>
          <DataTable
            columns={[
              { label: "When" },
              { label: "Amount" },
              { label: "Status" },
              { label: "Reason", wide: true },
              { label: "By", wide: true },
            ]}
            rows={m.refunds.map((r) => ({
              key: r.id,
              cells: [
                when(r.created_at),
                money(r.amount_cents, r.currency),
                r.status === "failed" ? `refused: ${r.failure_message ?? ""}` : r.status,
                r.reason,
                r.staff_email ?? "Serene (automatic)",
              ],
            }))}
          />
        </section>
      )}

      <section className={look.card} aria-labelledby="purchases">
        <h2 id="purchases" className={look.cardTitle}>
          Purchases
        </h2>
        {m.purchases.length === 0 ? (
          <p className={look.muted}>No purchase.</p>
        ) : (
          <DataTable
            columns={[
              { label: "Started" },
              { label: "Kind" },
              { label: "Status" },
              { label: "Provider", wide: true },
              { label: "Last change", wide: true },
              ...(mayMoney ? [{ label: "Actions" }] : []),
            ]}
            rows={m.purchases.map((p) => ({
              key: p.id,
              cells: [
                when(p.created_at),
                p.kind,
                p.stuck ? <strong key="stuck">stuck in processing</strong> : p.status.replaceAll("_", " "),
                p.provider === "stripe" ? "card" : p.provider === "paypal" ? "wallet" : p.provider,
                when(p.updated_at),
                ...(mayMoney
                  ? [
                      p.stuck ? (
                        <Button key="clear" variant="ghost" size="sm" disabled={clear.isPending} onClick={() => setClearing(p.id)}>
                          Clear
                        </Button>
                      ) : null,
                    ]
                  : []),
              ],
            }))}
          />
        )}
      </section>
      <ConfirmDialog
        open={clearing !== null}
        title="Clear this stuck purchase?"
        confirmLabel="Check and clear"
        cancelLabel="Leave it"
        busy={clear.isPending}
        onCancel={() => setClearing(null)}
        onConfirm={() =>
          clear.mutate(clearing!, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: (error) => toast.error(error.message),
            onSettled: () => setClearing(null),
          })
        }
      >
        The processor is asked first. If it took the money, the purchase completes and {m.account.name} gets what they paid for; if not, it
        is released and they can buy again.
      </ConfirmDialog>
    </>
  );
}

/** How much to give back (all that is left, to begin with) and why; one key for as long as it is open. */
function RefundDialog({ memberId, name, payment, onClose }: { memberId: string; name: string; payment: Payment; onClose: () => void }) {
  const ref = useNativeDialog(true);
  const titleId = useId();
  const [key] = useState(newRequestKey);
  const left = payment.amount_cents - payment.refunded_cents;
  const form = useForm<{ amount: string; reason: string }>({ defaultValues: { amount: (left / 100).toFixed(2), reason: "" } });
  const problems = useFormProblems();
  const refund = useRefund(memberId);
  const amount = centsOf(form.watch("amount"));
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    problems.clear();
    try {
      const answer = await refund.mutateAsync({
        paymentId: payment.id,
        key,
        // Always the amount shown: "all that is left" could have changed since the dialog opened.
        body: { reason, amount_cents: amount ?? 0 },
      });
      toast.success(answer.message);
      onClose();
    } catch (error) {
      problems.capture(error);
    }
  });
  const amountErrors = form.formState.errors.amount?.message ?? problems.field("amount_cents").errors;
  return (
    <dialog
      ref={ref}
      className={`${dialogStyles.card} ${look.dialog}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!refund.isPending) onClose();
      }}
    >
      <form className={look.dialogBody} onSubmit={onSubmit} noValidate aria-label="Refund">
        <h2 id={titleId} className={look.cardTitle}>
          Refund {name}
        </h2>
        <p className={look.muted}>
          {money(payment.amount_cents, payment.currency)} paid on {day(payment.created_at)} by{" "}
          {payment.provider === "paypal" ? "wallet" : "card"}
          {payment.refunded_cents > 0 ? `, ${money(payment.refunded_cents, payment.currency)} given back already` : ""}. Up to{" "}
          {money(left, payment.currency)} can be refunded.
        </p>
        {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
        <Input
          label={`Amount (${payment.currency})`}
          inputMode="decimal"
          errors={amountErrors}
          {...form.register("amount", {
            validate: (text) => {
              const cents = centsOf(text);
              if (cents === null || cents < 1) return "Enter an amount such as 5.00.";
              if (cents > left) return `Up to ${money(left, payment.currency)} can be refunded.`;
              return true;
            },
          })}
        />
        <Input label="Reason (kept in the audit log)" {...problems.field("reason")} {...form.register("reason")} />
        <p className={look.muted}>
          {name} is told by e-mail and sees it on their receipts. Their plan does not change: cancel it as a step of its own.
        </p>
        <div className={look.dialogActions}>
          <Button type="button" variant="secondary" onClick={onClose} disabled={refund.isPending}>
            Keep the money as it is
          </Button>
          <Button type="submit" disabled={refund.isPending} aria-busy={refund.isPending || undefined}>
            {amount !== null && amount >= 1 && amount <= left ? `Refund ${money(amount, payment.currency)}` : "Refund"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
