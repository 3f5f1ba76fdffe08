import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { STAFF_ROLES, type StaffPermission } from "@serene/domain";
import type { StaffMember } from "@serene/contracts";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Notice } from "../../../components/ui/notice";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast-store";
import { saveFile } from "../../../lib/save-file";
import {
  AUDIT_PER_PAGE,
  downloadAudit,
  useAudit,
  useChangeRole,
  useDisableStaff,
  useEndSession,
  useInviteStaff,
  useStaffList,
  useStaffSessions,
} from "../api/staff";
import { roomsOf } from "./console-shell";
import { DataTable } from "./data-table";
import look from "./console.module.css";
import { useFormProblems } from "./form-problems";

/** What each permission lets a member of staff do, in their words. */
const CAN: Record<StaffPermission, string> = {
  "staff.manage": "Invite staff, change their roles and disable accounts",
  "audit.read": "Read and export the audit log",
  "members.read": "Find members and read their accounts and payments",
  "members.write": "Change a member's account or subscription on their behalf",
  "money.write": "Refund charges and grant complimentary premium",
  "content.write": "Create, publish and withdraw content",
  "dashboards.read": "Read the business dashboards",
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The overview: who is signed in, what their role lets them do, and the rooms they may open. */
export function ConsoleHome({ staff }: { staff: StaffMember }) {
  return (
    <>
      <section className={look.card} aria-labelledby="can">
        <h2 id="can" className={look.cardTitle}>
          As {staff.role === "owner" ? "an owner" : `${staff.role === "analyst" ? "an" : "a"} ${staff.role}`}, you can
        </h2>
        <ul>
          {staff.permissions.map((permission) => (
            <li key={permission}>{CAN[permission]}</li>
          ))}
        </ul>
      </section>
      <div className={look.grid}>
        {roomsOf(staff)
          .filter((room) => room.to !== "/admin")
          .map((room) => (
            <Link key={room.to} to={room.to} className={look.tile}>
              <span className={look.tileTitle}>{room.label}</span>
              <span className={look.muted}>Open</span>
            </Link>
          ))}
      </div>
    </>
  );
}

const statusClass = (status: StaffMember["status"]) =>
  [look.status, status === "active" && look.statusActive, status === "disabled" && look.statusDisabled].filter(Boolean).join(" ");

/** Owners: every staff account, an invitation form, roles and disabling (each change in the audit log). */
export function StaffRoom({ me }: { me: StaffMember }) {
  const list = useStaffList();
  const invite = useInviteStaff();
  const changeRole = useChangeRole();
  const disable = useDisableStaff();
  const problems = useFormProblems();
  const [leaving, setLeaving] = useState<StaffMember | null>(null);
  const form = useForm<{ email: string; role: string }>({ defaultValues: { email: "", role: "support" } });

  const onInvite = form.handleSubmit(async (values) => {
    problems.clear();
    try {
      const invited = await invite.mutateAsync({ email: values.email, role: values.role as StaffMember["role"] });
      form.reset({ email: "", role: values.role });
      toast.success(`Invitation sent to ${invited.email}`);
    } catch (error) {
      problems.capture(error);
    }
  });

  const roleChanged = async (staff: StaffMember, role: string) => {
    try {
      await changeRole.mutateAsync({ id: staff.id, role: role as StaffMember["role"] });
      toast.success(`${staff.name} is now ${role}`);
    } catch (error) {
      toast.error(problems.message(error));
    }
  };

  return (
    <>
      <section className={look.card} aria-labelledby="invite">
        <h2 id="invite" className={look.cardTitle}>
          Invite someone
        </h2>
        <form onSubmit={onInvite} noValidate aria-label="Invite to the staff">
          {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
          <div className={look.inline}>
            <Input
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="off"
              {...problems.field("email")}
              {...form.register("email")}
            />
            <label className={look.field}>
              Role
              <select className={look.select} {...form.register("role")}>
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
              Send invitation
            </Button>
          </div>
        </form>
        <p className={look.muted}>
          The invitation link works for 7 days. Signing in takes a password and a code from an authenticator app.
        </p>
      </section>
      <section className={look.card} aria-labelledby="everyone">
        <h2 id="everyone" className={look.cardTitle}>
          Everyone on the staff
        </h2>
        {list.isError ? (
          <LoadProblem message="The staff list could not be loaded just now." onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Skeleton className={look.placeholder} />
        ) : (
          <DataTable
            columns={[
              { label: "Name" },
              { label: "Role" },
              { label: "Status" },
              { label: "Since", wide: true },
              { label: "Actions", quiet: true },
            ]}
            rows={list.data.map((staff) => ({
              key: staff.id,
              cells: [
                <>
                  <strong>{staff.name}</strong>
                  <br />
                  <span className={look.muted}>{staff.email}</span>
                </>,
                <select
                  className={look.select}
                  aria-label={`Role of ${staff.name}`}
                  value={staff.role}
                  disabled={staff.status === "disabled" || changeRole.isPending}
                  onChange={(event) => void roleChanged(staff, event.target.value)}
                >
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>,
                <span className={statusClass(staff.status)}>{staff.status}</span>,
                new Date(staff.created_at).toLocaleDateString(),
                staff.status !== "disabled" && staff.id !== me.id ? (
                  <Button variant="ghost" size="sm" onClick={() => setLeaving(staff)}>
                    Disable
                  </Button>
                ) : null,
              ],
            }))}
          />
        )}
      </section>
      <ConfirmDialog
        open={leaving !== null}
        title={`Disable ${leaving?.name ?? ""}?`}
        confirmLabel="Disable"
        cancelLabel="Keep"
        onCancel={() => setLeaving(null)}
        onConfirm={async () => {
          const staff = leaving!;
          setLeaving(null);
          try {
            await disable.mutateAsync(staff.id);
            toast.success(`${staff.name} can no longer sign in`);
          } catch (error) {
            toast.error(problems.message(error));
          }
        }}
      >
        Their sessions end at once and they can no longer sign in. The audit log keeps what they did.
      </ConfirmDialog>
    </>
  );
}

/** Owners: every change staff made, newest first, and the whole log as a CSV file. */
export function AuditRoom() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const [saving, setSaving] = useState(false);
  const download = async () => {
    setSaving(true);
    try {
      const file = await downloadAudit();
      saveFile(file);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className={look.card} aria-labelledby="entries">
      <div className={look.pager}>
        <h2 id="entries" className={look.cardTitle}>
          Changes, newest first
        </h2>
        <Button variant="secondary" size="sm" onClick={() => void download()} disabled={saving} aria-busy={saving || undefined}>
          Download CSV
        </Button>
      </div>
      {audit.isError ? (
        <LoadProblem message="The audit log could not be loaded just now." onRetry={() => void audit.refetch()} />
      ) : !audit.data ? (
        <Skeleton className={look.placeholder} />
      ) : (
        <>
          <DataTable
            columns={[{ label: "When" }, { label: "Who" }, { label: "What" }, { label: "Change", wide: true }]}
            rows={audit.data.data.map((entry) => ({
              key: String(entry.id),
              cells: [
                when(entry.at),
                entry.staff_email,
                <>
                  {entry.action}
                  <br />
                  <span className={look.muted}>
                    {entry.target_type} {entry.target_id.slice(0, 8)}
                  </span>
                </>,
                <div className={look.change}>
                  {entry.before !== null && <div>before: {JSON.stringify(entry.before)}</div>}
                  {entry.after !== null && <div>after: {JSON.stringify(entry.after)}</div>}
                </div>,
              ],
            }))}
          />
          <div className={look.pager}>
            <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <span className={look.muted}>
              Page {audit.data.meta.current_page} of {audit.data.meta.last_page} ({audit.data.meta.total} changes, {AUDIT_PER_PAGE} a page)
            </span>
            <Button variant="ghost" size="sm" disabled={page >= audit.data.meta.last_page} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** Every member of staff: their live sessions, this one marked, any other ended at once. */
export function SessionsRoom() {
  const sessions = useStaffSessions();
  const end = useEndSession();
  if (sessions.isError)
    return <LoadProblem message="Your sessions could not be loaded just now." onRetry={() => void sessions.refetch()} />;
  if (!sessions.data) return <Skeleton className={look.placeholder} />;
  return (
    <section className={look.card} aria-labelledby="live">
      <h2 id="live" className={look.cardTitle}>
        Signed in now
      </h2>
      <DataTable
        columns={[{ label: "Browser" }, { label: "Address", wide: true }, { label: "Last used" }, { label: "Actions", quiet: true }]}
        rows={sessions.data.map((session) => ({
          key: session.id,
          cells: [
            session.user_agent ? session.user_agent.slice(0, 60) : "Unknown browser",
            session.ip ?? "–",
            when(session.last_used_at),
            session.current ? (
              <span className={look.muted}>This browser</span>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                disabled={end.isPending}
                onClick={() => end.mutate(session.id, { onSuccess: () => toast.success("That session has ended") })}
              >
                End
              </Button>
            ),
          ],
        }))}
      />
      <p className={look.muted}>A session ends after an hour without use, and after 12 hours at most.</p>
    </section>
  );
}
