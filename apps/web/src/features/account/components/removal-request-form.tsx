import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { fieldErrors, type FieldErrors } from "../../../lib/api-client";
import { useRequestRemoval } from "../api/request-removal";
import styles from "./account.module.css";

export const REMOVAL_REQUESTED =
  "We have sent you an email. Please click on the link in the email to confirm your account removal request.";

/** One e-mail field and 'Submit removal request' (spec 000 section 2); the first e-mail message shows. */
export function RemovalRequestForm() {
  const request = useRequestRemoval();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setErrors({});
    try {
      await request.mutateAsync(email);
      setSent(true);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  });

  if (sent) return <Notice kind="success">{REMOVAL_REQUESTED}</Notice>;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Account removal request">
      {errors._form && <Notice kind="error">{errors._form[0]}</Notice>}
      <Input label="Email" type="email" autoComplete="email" inputMode="email" errors={errors.email} {...register("email")} />
      <Button type="submit" block size="lg" disabled={request.isPending} aria-busy={request.isPending || undefined}>
        Submit removal request
      </Button>
    </form>
  );
}
