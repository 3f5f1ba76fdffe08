import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { TotpEnrollment } from "@serene/contracts";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { PasswordInput } from "../../../components/ui/password-input";
import { Skeleton } from "../../../components/ui/skeleton";
import { useAcceptInvitation, useConfirmInvitation, useInvitation } from "../api/staff-session";
import look from "./console.module.css";
import { useFormProblems } from "./form-problems";

/**
 * An invitation to the console, from its e-mailed link (decision 067): a name and a password, then the
 * secret added to an authenticator app (a QR code, or the text), then its first code; the recovery
 * codes are shown once, and the new member of staff goes on signed in.
 */
export function InvitationSetup({ token }: { token: string }) {
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const details = useForm<{ name: string; password: string }>({ defaultValues: { name: "", password: "" } });
  const first = useForm<{ code: string }>({ defaultValues: { code: "" } });
  const problems = useFormProblems();
  const accept = useAcceptInvitation(token);
  const confirm = useConfirmInvitation(token);

  if (codes) {
    return (
      <div className={look.form}>
        <Notice kind="success" title="Two-factor sign-in is on">
          Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if the phone is lost. They are shown
          only now.
        </Notice>
        <ul className={look.codes} aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button block size="lg" onClick={() => void navigate("/admin", { replace: true })}>
          I have kept them
        </Button>
      </div>
    );
  }

  if (enrollment) {
    const onCode = first.handleSubmit(async ({ code }) => {
      problems.clear();
      try {
        setCodes((await confirm.mutateAsync(code.trim())).recovery_codes ?? []);
      } catch (error) {
        problems.capture(error);
      }
    });
    return (
      <form className={look.form} onSubmit={onCode} noValidate aria-label="Set up two-factor sign-in">
        {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
        <p>Scan this code with an authenticator app (such as the one on your phone), or type the key below into it.</p>
        <div
          className={look.qr}
          role="img"
          aria-label="QR code of the console's sign-in key"
          dangerouslySetInnerHTML={{ __html: enrollment.qr_svg }}
        />
        <p className={look.secret} aria-label="Sign-in key">
          {enrollment.secret.replace(/(.{4})/g, "$1 ").trim()}
        </p>
        <Input
          label="The six digits the app shows"
          autoComplete="one-time-code"
          inputMode="numeric"
          {...problems.field("code")}
          {...first.register("code")}
        />
        <Button type="submit" block size="lg" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
          Turn on two-factor sign-in
        </Button>
      </form>
    );
  }

  if (!token || invitation.isError) {
    return (
      <div className={look.form}>
        <Notice kind="error">This invitation is not valid any more. Ask an owner for a new one.</Notice>
        <Link to="/admin/sign-in">Go to the console sign-in</Link>
      </div>
    );
  }
  if (!invitation.data) return <Skeleton className={look.placeholder} />;

  const onDetails = details.handleSubmit(async (values) => {
    problems.clear();
    try {
      setEnrollment(await accept.mutateAsync(values));
    } catch (error) {
      problems.capture(error);
    }
  });
  return (
    <form className={look.form} onSubmit={onDetails} noValidate aria-label="Accept the invitation">
      <p>
        You are invited as <strong>{invitation.data.role}</strong> with <strong>{invitation.data.email}</strong>.
      </p>
      {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
      <div className={look.fields}>
        <Input label="Your name" autoComplete="name" {...problems.field("name")} {...details.register("name")} />
        <PasswordInput
          label="Choose a password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...problems.field("password")}
          {...details.register("password")}
        />
      </div>
      <Button type="submit" block size="lg" disabled={accept.isPending} aria-busy={accept.isPending || undefined}>
        Continue
      </Button>
    </form>
  );
}
