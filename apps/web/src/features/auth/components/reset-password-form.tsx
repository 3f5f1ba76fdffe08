import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast-store";
import { startSession } from "../../../lib/session";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useResetPassword } from "../api/reset-password";
import styles from "./auth-form.module.css";

/** The link's problem (an expired or unknown token) with the way to a new link. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Notice kind="error" title={message}>
      <Link to="/forgot-password">Request a new reset link</Link>
    </Notice>
  );
}

/**
 * A new password for the account of an e-mailed reset link (/password/reset?token=..&email=..).
 * Success logs the person in with the token of the answer and goes to /home.
 */
export function ResetPasswordForm({ email, token }: { email: string | null; token: string | null }) {
  const navigate = useNavigate();
  const { register, handleSubmit } = useForm<{ password: string }>({ defaultValues: { password: "" } });
  const server = useServerFieldErrors({ messages: "all" });
  const reset = useResetPassword();

  if (!email || !token) {
    return (
      <div className={styles.form}>
        <LinkProblem message="This reset link is incomplete." />
        <p className={styles.switch}>
          <Link to="/login">Back to log in</Link>
        </p>
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    server.clear();
    try {
      const answer = await reset.mutateAsync({ email, token, password });
      startSession(answer.token);
      toast.success(answer.message);
      void navigate("/home", { replace: true });
    } catch (error) {
      server.capture(error);
    }
  });

  const linkProblem = server.errors.token?.[0] ?? server.errors.email?.[0] ?? server.errors._form?.[0];
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      {linkProblem && <LinkProblem message={linkProblem} />}
      {server.tooMany && <Notice kind="error">{server.tooMany}</Notice>}
      <p className={styles.account}>
        For <strong>{email}</strong>
      </p>
      <PasswordInput label="New password" autoComplete="new-password" {...server.field("password")} {...register("password")} />
      <Button type="submit" block size="lg" disabled={reset.isPending} aria-busy={reset.isPending || undefined}>
        Save new password
      </Button>
    </form>
  );
}
