import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { toast } from "../../../components/ui/toast-store";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useMember } from "../../../lib/server-data/member";
import { useUpdateMember, type UpdateMemberValues } from "../api/update-member";
import styles from "./account.module.css";

export const ACCOUNT_UPDATED = "Successfully updated!";

/**
 * Name and e-mail (spec 001 Settings): both required, the e-mail an e-mail input. Saving says
 * 'Successfully updated!'; a failure shows no toast (spec 001 section 8), only the field messages.
 * A new address waits for its confirmation link, which the form says.
 */
export function AccountForm() {
  const user = useMember();
  const update = useUpdateMember();
  const server = useServerFieldErrors({ messages: "first" });
  const {
    register,
    handleSubmit,
    formState: { errors: clientErrors, isDirty },
  } = useForm<UpdateMemberValues>({
    defaultValues: { name: "", email: "" },
    values: user.data ? { name: user.data.name, email: user.data.email } : undefined,
  });

  if (user.isPending) {
    return (
      <div className={styles.skeleton} aria-busy="true" aria-label="Loading your details">
        <span />
        <span />
      </div>
    );
  }
  if (user.isError) {
    return (
      <div className={styles.result}>
        <Notice kind="error">Your details could not be loaded.</Notice>
        <div>
          <Button variant="secondary" onClick={() => void user.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    server.clear();
    try {
      await update.mutateAsync(values);
      toast.success(ACCOUNT_UPDATED);
    } catch (error) {
      server.capture(error);
    }
  });

  const pending = user.data.pending_email;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Account">
      {server.formMessage && <Notice kind="error">{server.formMessage}</Notice>}
      {pending && (
        <Notice title="Please confirm your new e-mail address">
          We sent a confirmation link to <strong>{pending}</strong>. Your e-mail address changes once you open it.
        </Notice>
      )}
      <Input
        label="Name"
        type="text"
        autoComplete="name"
        required
        errors={clientErrors.name?.message ?? server.errors.name}
        {...register("name", { validate: (value) => value.trim() !== "" || "The name field is required." })}
      />
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        errors={clientErrors.email?.message ?? server.errors.email}
        {...register("email", { validate: (value) => value.trim() !== "" || "The email field is required." })}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={update.isPending || !isDirty} aria-busy={update.isPending || undefined}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
