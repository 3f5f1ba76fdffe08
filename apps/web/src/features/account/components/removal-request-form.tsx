import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useMember } from "../../../lib/server-data/member";
import { getToken } from "../../../lib/storage";
import { useRequestRemoval } from "../api/request-removal";
import styles from "./account.module.css";

export const REMOVAL_REQUESTED =
  "We have sent you an email. Please click on the link in the email to confirm your account removal request.";

/** One e-mail field and 'Submit removal request' (spec 000 section 2); the first e-mail message shows. */
export function RemovalRequestForm() {
  const request = useRequestRemoval();
  const server = useServerFieldErrors({ messages: "first" });
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, getValues, setValue } = useForm<{ email: string }>({ defaultValues: { email: "" } });
  // Signed in (from Settings): the account's e-mail is filled in. A token that no longer works
  // leaves the field empty and the person where they are: this page is for everyone.
  const signedIn = Boolean(getToken());
  const member = useMember(signedIn, { keepSession: true, retry: false });
  const memberEmail = member.data?.email;
  useEffect(() => {
    if (memberEmail && !getValues("email")) setValue("email", memberEmail);
  }, [memberEmail, getValues, setValue]);

  const onSubmit = handleSubmit(async ({ email }) => {
    server.clear();
    try {
      await request.mutateAsync(email);
      setSent(true);
    } catch (error) {
      server.capture(error);
    }
  });

  if (sent) return <Notice kind="success">{REMOVAL_REQUESTED}</Notice>;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Account removal request">
      {server.formMessage && <Notice kind="error">{server.formMessage}</Notice>}
      <Input label="Email" type="email" autoComplete="email" inputMode="email" {...server.field("email")} {...register("email")} />
      <Button type="submit" block size="lg" disabled={request.isPending} aria-busy={request.isPending || undefined}>
        Submit removal request
      </Button>
    </form>
  );
}
