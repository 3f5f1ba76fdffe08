import { useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { ACHIEVEMENTS, formatMoney } from "@serene/domain";
import type { MemberDetail, StaffMember } from "@serene/contracts";
import { useForm } from "react-hook-form";
import { toast } from "../../../components/ui/toast-store";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Notice } from "../../../components/ui/notice";
import { Skeleton } from "../../../components/ui/skeleton";
import { useChangeSubscription, useGrantComplimentary, useMember, useMemberSearch, useResendEmail, useStartRemoval } from "../api/members";
import { useFormProblems } from "./form-problems";
import look from "./console.module.css";
import { DataTable } from "./data-table";
import { MemberMoney } from "./member-money";

const badgeName = (machine: string) => ACHIEVEMENTS.find((badge) => badge.machine_name === machine)?.name ?? machine;
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" }) : "–");
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "–");

/** Support: find a member by name, address or id; their page opens under the results' address (?member=). */
export function MembersRoom({ staff }: { staff: StaffMember }) {
  const [params, setParams] = useSearchParams();
  const memberId = params.get("member") ?? "";
  const [typed, setTyped] = useState(params.get("q") ?? "");
  const q = params.get("q") ?? "";
  const results = useMemberSearch(q);

  if (memberId) {
    return (
      <MemberPage
        id={memberId}
        back={q ? `/admin/members?q=${encodeURIComponent(q)}` : "/admin/members"}
        mayGrant={staff.permissions.includes("money.write")}
        mayResend={staff.permissions.includes("members.write")}
      />
    );
  }

  return (
    <>
      <form
        className={look.card}
        role="search"
        aria-label="Find a member"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(typed.trim() ? { q: typed.trim() } : {});
        }}
      >
        <div className={look.inline}>
          <Input label="Name, e-mail address or id" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
          <Button type="submit">Find</Button>
        </div>
      </form>
      {q.length > 0 && q.length < 2 && <Notice kind="info">Type at least 2 characters.</Notice>}
      {results.isError && <LoadProblem message="The search did not answer just now." onRetry={() => void results.refetch()} />}
      {results.data && (
        <section className={look.card} aria-labelledby="found">
          <h2 id="found" className={look.cardTitle}>
            {results.data.length === 0 ? "Nobody matches" : results.data.length === 1 ? "One member" : `${results.data.length} members`}
          </h2>
          {results.data.length > 0 && (
            <DataTable
              columns={[{ label: "Member" }, { label: "Subscription" }, { label: "Joined", wide: true }]}
              rows={results.data.map((member) => ({
                key: member.id,
                cells: [
                  <>
                    <Link to={`/admin/members?q=${encodeURIComponent(q)}&member=${member.id}`}>
                      <strong>{member.name}</strong>
                    </Link>
                    <br />
                    <span className={look.muted}>{member.email}</span>
                  </>,
                  member.subscription ?? "none",
                  day(member.created_at),
                ],
              }))}
            />
          )}
        </section>
      )}
    </>
  );
}

/** A titled block of a member's page with a table, or a line saying there is nothing. */
function Block({ id, title, empty, head, rows }: { id: string; title: string; empty: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <section className={look.card} aria-labelledby={id}>
      <h2 id={id} className={look.cardTitle}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={look.muted}>{empty}</p>
      ) : (
        <DataTable columns={head.map((label) => ({ label }))} rows={rows.map((cells, index) => ({ key: String(index), cells }))} />
      )}
    </section>
  );
}

/** Everything support reads about one member, newest first in each block. */
function MemberPage({ id, back, mayGrant, mayResend }: { id: string; back: string; mayGrant: boolean; mayResend: boolean }) {
  const member = useMember(id);
  const resend = useResendEmail(id);
  const change = useChangeSubscription(id);
  const removal = useStartRemoval(id);
  const [leaving, setLeaving] = useState(false);
  const [asking, setAsking] = useState<{ action: "cancel" | "resume"; provider: "stripe" | "paypal"; plan: string } | null>(null);
  if (member.isError) {
    return (
      <>
        <Notice kind="info">No member has this id.</Notice>
        <Link to={back}>Back to the search</Link>
      </>
    );
  }
  if (!member.data) return <Skeleton className={look.placeholder} />;
  const m: MemberDetail["data"] = member.data;
  const money = (cents: number | null, currency: string | null) => (cents === null || !currency ? "–" : formatMoney(currency, cents));
  return (
    <>
      <p>
        <Link to={back}>Back to the search</Link>
      </p>
      <section className={look.card} aria-labelledby="account">
        <h2 id="account" className={look.cardTitle}>
          {m.account.name}
        </h2>
        <dl className={look.facts}>
          <dt>E-mail</dt>
          <dd>
            {m.account.email} {m.account.email_verified_at ? "(confirmed)" : "(not confirmed)"}
          </dd>
          <dt>Member since</dt>
          <dd>{day(m.account.created_at)}</dd>
          <dt>Id</dt>
          <dd className={look.change}>{m.account.id}</dd>
          <dt>Practice</dt>
          <dd>
            {m.practice.sessions} sessions on {m.practice.days} days, {m.practice.minutes} minutes
          </dd>
          {m.account.deletion_due_at && (
            <>
              <dt>Removal</dt>
              <dd>Confirmed: the account is deleted on {day(m.account.deletion_due_at)}</dd>
            </>
          )}
        </dl>
        {mayResend && !m.account.deletion_due_at && (
          <p>
            <Button variant="ghost" size="sm" disabled={removal.isPending} onClick={() => setLeaving(true)}>
              Start account removal
            </Button>
          </p>
        )}
        <ConfirmDialog
          open={leaving}
          title={`Start removing ${m.account.name}'s account?`}
          confirmLabel="Send the removal link"
          cancelLabel="Keep it as it is"
          onCancel={() => setLeaving(false)}
          onConfirm={() => {
            setLeaving(false);
            removal.mutate(undefined, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toast.error(error.message),
            });
          }}
        >
          They get the confirmation link their own request sends. Nothing is removed until they confirm it.
        </ConfirmDialog>
      </section>
      {mayGrant && <GrantForm id={m.account.id} name={m.account.name} />}
      <Block
        id="subscriptions"
        title="Subscriptions"
        empty="No subscription."
        head={
          mayResend ? ["Plan", "Status", "Price", "Paid until", "Started", "Actions"] : ["Plan", "Status", "Price", "Paid until", "Started"]
        }
        rows={m.subscriptions.map((s) => {
          const provider = s.provider === "stripe" || s.provider === "paypal" ? s.provider : null;
          const running = s.current_period_end !== null && new Date(s.current_period_end) > new Date();
          const action =
            provider && running
              ? s.status === "canceled"
                ? "resume"
                : s.status === "active" || s.status === "trialing"
                  ? "cancel"
                  : null
              : null;
          return [
            `${s.plan_type} (${s.provider}${s.payment_method ? `, ${s.payment_method}` : ""})`,
            s.status,
            money(s.amount_cents, s.currency),
            day(s.current_period_end),
            day(s.started_at),
            ...(mayResend
              ? [
                  action && provider ? (
                    <Button
                      key="change"
                      variant="ghost"
                      size="sm"
                      disabled={change.isPending}
                      onClick={() => setAsking({ action, provider, plan: s.plan_type })}
                    >
                      {action === "cancel" ? "Cancel for them" : "Resume for them"}
                    </Button>
                  ) : null,
                ]
              : []),
          ];
        })}
      />
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.action === "cancel"
            ? `Cancel ${m.account.name}'s ${asking?.plan ?? ""} plan?`
            : `Resume ${m.account.name}'s ${asking?.plan ?? ""} plan?`
        }
        confirmLabel={asking?.action === "cancel" ? "Cancel the plan" : "Resume the plan"}
        cancelLabel="Keep it as it is"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const chosen = asking!;
          setAsking(null);
          change.mutate(
            { action: chosen.action, provider: chosen.provider },
            { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) },
          );
        }}
      >
        {asking?.action === "cancel"
          ? "Billing stops; they keep access until the period ends, and they are told by e-mail. The audit log keeps who did it."
          : "Billing goes on as before from the end of the period. The audit log keeps who did it."}
      </ConfirmDialog>
      <MemberMoney m={m} mayMoney={mayGrant} />
      <Block
        id="offers"
        title="Offers and their clocks"
        empty="No offer clock."
        head={["Checkout", "Started", "Ends"]}
        rows={m.offers.map((o) => [String(o.checkout_id), when(o.started_at), when(o.ends_at)])}
      />
      <Block
        id="leads"
        title="Leads"
        empty="No lead."
        head={["Name", "E-mail", "Since"]}
        rows={m.leads.map((l) => [l.name, l.email, day(l.created_at)])}
      />
      <Block
        id="badges"
        title="Badges"
        empty="No badge yet."
        head={["Badge", "Received"]}
        rows={m.badges.map((b) => [badgeName(b.machine_name), day(b.received_at)])}
      />
      <Block
        id="emails"
        title="E-mails"
        empty="No e-mail."
        head={mayResend ? ["When", "Subject", "To", "Status", "Actions"] : ["When", "Subject", "To", "Status"]}
        rows={m.emails.map((e) => [
          when(e.created_at),
          e.subject,
          e.to,
          e.status,
          ...(mayResend
            ? [
                <Button
                  key="resend"
                  variant="ghost"
                  size="sm"
                  disabled={resend.isPending}
                  aria-label={`Send "${e.subject}" again`}
                  onClick={() =>
                    resend.mutate(e.id, {
                      onSuccess: (answer) => toast.success(answer.message),
                      onError: () => toast.error("The e-mail could not be sent again just now."),
                    })
                  }
                >
                  Send again
                </Button>,
              ]
            : []),
        ])}
      />
    </>
  );
}

/** Premium on the house for some days (support and owners): an entitlement of its own that ends by itself. */
function GrantForm({ id, name }: { id: string; name: string }) {
  const form = useForm<{ days: string; reason: string }>({ defaultValues: { days: "30", reason: "" } });
  const problems = useFormProblems();
  const grant = useGrantComplimentary(id);
  const onSubmit = form.handleSubmit(async ({ days, reason }) => {
    problems.clear();
    try {
      const answer = await grant.mutateAsync({ days: Number(days), reason });
      form.reset({ days: "30", reason: "" });
      toast.success(answer.message);
    } catch (error) {
      problems.capture(error);
    }
  });
  return (
    <section className={look.card} aria-labelledby="grant">
      <h2 id="grant" className={look.cardTitle}>
        Complimentary premium
      </h2>
      <form className={look.form} onSubmit={onSubmit} noValidate aria-label="Grant complimentary premium">
        {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
        <div className={look.inline}>
          <Input label="Reason (kept in the audit log)" {...problems.field("reason")} {...form.register("reason")} />
          <Input label="Days" inputMode="numeric" className={look.narrow} {...problems.field("days")} {...form.register("days")} />
          <Button type="submit" disabled={grant.isPending} aria-busy={grant.isPending || undefined}>
            Grant
          </Button>
        </div>
        <p className={look.muted}>{name} is told by e-mail. Nothing is billed, and it ends by itself.</p>
      </form>
    </section>
  );
}
