import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useRequestPasswordReset } from "../api/request-password-reset";
import styles from "./auth-form.module.css";

/** Asks for a reset link; the server answers the same for every address, shown as a calm confirmation. */
export function ForgotPasswordForm() {
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: "" } });
  const server = useServerFieldErrors({ messages: "first" });
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const onSubmit = handleSubmit(async ({ email }) => {
    server.clear();
    try {
      const { message } = await request.mutateAsync(email);
      setSent(message);
    } catch (error) {
      server.capture(error);
    }
  });

  if (sent) {
    return (
      <div className={styles.form}>
        <Notice kind="success" title="Check your inbox">
          {sent}
        </Notice>
        <Button variant="secondary" block onClick={() => setSent(null)}>
          Send another link
        </Button>
        <p className={styles.switch}>
          <Link to="/login">Back to log in</Link>
        </p>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
      {server.formMessage && <Notice kind="error">{server.formMessage}</Notice>}
      <Input label="Email" type="email" autoComplete="email" inputMode="email" {...server.field("email")} {...register("email")} />
      <Button type="submit" block size="lg" disabled={request.isPending} aria-busy={request.isPending || undefined}>
        Send reset link
      </Button>
      <p className={styles.switch}>
        Remembered it? <Link to="/login">Back to log in</Link>
      </p>
    </form>
  );
}
