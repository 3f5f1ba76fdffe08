import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { PasswordInput } from "../../../components/ui/password-input";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useChangePassword, type ChangePasswordValues } from "../api/change-password";
import styles from "./account.module.css";

export const PASSWORD_UPDATED = "Success update password!";

/**
 * Current and new password (spec 001 Settings). Success is a browser alert with the spec's words;
 * a failure shows the server's first message under each field (spec 001 section 8).
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const server = useServerFieldErrors({ messages: "first" });
  const { register, handleSubmit, reset } = useForm<ChangePasswordValues>({ defaultValues: { current_password: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    server.clear();
    try {
      await change.mutateAsync(values);
      reset();
      window.alert(PASSWORD_UPDATED);
    } catch (error) {
      server.capture(error);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Change password">
      {server.formMessage && <Notice kind="error">{server.formMessage}</Notice>}
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        {...server.field("current_password")}
        {...register("current_password")}
      />
      <PasswordInput label="New password" autoComplete="new-password" {...server.field("password")} {...register("password")} />
      <div className={styles.actions}>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          Update password
        </Button>
      </div>
    </form>
  );
}
