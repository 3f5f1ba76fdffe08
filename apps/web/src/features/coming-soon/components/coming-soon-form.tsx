import type { ComingSoonPage } from "@serene/contracts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/field-error";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { analytics } from "../../../lib/analytics";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useSubmitComingSoonLead } from "../api/submit-coming-soon-lead";
import styles from "./coming-soon.module.css";

interface LeadValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  privacy: boolean;
}

export const PRIVACY_REQUIRED = "Please agree to the privacy policy to continue.";
export const THANK_YOU = "Thank you, you are on the list. We will write once, when it is ready.";

/**
 * The sign-up of a coming-soon page (spec 000 sections 2 and 5): First Name, Last Name, Email, and Phone
 * only when opt_in_form is false (it is never sent: the lead has no phone); the privacy checkbox is
 * checked in the browser before anything is sent. The server's first message per field shows under
 * its input. Success shows nothing loud: the form gives way to one quiet line (decision 026).
 */
export function ComingSoonForm({ page }: { page: ComingSoonPage }) {
  const submit = useSubmitComingSoonLead();
  const server = useServerFieldErrors({ messages: "first" });
  const [privacyMissing, setPrivacyMissing] = useState(false);
  const [done, setDone] = useState(false);
  const { register, handleSubmit } = useForm<LeadValues>({
    defaultValues: { first_name: "", last_name: "", email: "", phone: "", privacy: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    server.clear();
    if (!values.privacy) {
      setPrivacyMissing(true);
      return;
    }
    setPrivacyMissing(false);
    try {
      await submit.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        user_id: page.user_id,
        key: page.key,
      });
      analytics.track("coming_soon_lead", { funnel: `coming-soon:${page.key}` });
      setDone(true);
    } catch (error) {
      server.capture(error);
    }
  });

  if (done)
    return (
      <p className={styles.thanks} role="status">
        {THANK_YOU}
      </p>
    );

  const privacy = register("privacy", {
    onChange: (event: { target: { checked: boolean } }) => event.target.checked && setPrivacyMissing(false),
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Hear when it launches">
      {server.formMessage && <Notice kind="error">{server.formMessage}</Notice>}
      <div className={styles.names}>
        <Input label="First Name" autoComplete="given-name" {...server.field("first_name")} {...register("first_name")} />
        <Input label="Last Name" autoComplete="family-name" {...server.field("last_name")} {...register("last_name")} />
      </div>
      <Input label="Email" type="email" autoComplete="email" inputMode="email" {...server.field("email")} {...register("email")} />
      {!page.opt_in_form && (
        <Input
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Optional, kept on this page only."
          {...register("phone")}
        />
      )}
      <div className={styles.privacy}>
        <label className={styles.checkbox}>
          <input type="checkbox" aria-invalid={privacyMissing || undefined} aria-describedby="coming-soon-privacy-error" {...privacy} />
          <span>
            I have read and agree to the <Link to="/privacy-policy">privacy policy</Link>.
          </span>
        </label>
        <FieldError id="coming-soon-privacy-error" messages={privacyMissing ? PRIVACY_REQUIRED : null} />
      </div>
      <Button type="submit" block size="lg" disabled={submit.isPending} aria-busy={submit.isPending || undefined}>
        Keep me posted
      </Button>
    </form>
  );
}
