import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { PasswordInput } from "../../../components/ui/password-input";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useLeadStatistic } from "../api/lead-statistic";
import { useRegister } from "../api/register";
import { useFinishRegistration } from "../hooks/use-finish-registration";
import styles from "./auth-form.module.css";
import { SocialButtons } from "./social-buttons";

interface RegisterFields {
  name: string;
  email: string;
  password: string;
}

/** The query parameters registration reads (spec 000 section 2). */
export function readRegistrationQuery(search: string) {
  const params = new URLSearchParams(search);
  const statisticId = params.get("statistic_id");
  return { lead: params.get("u") === "lead" && Boolean(statisticId), statisticId, token: params.get("token") };
}

/**
 * First Name, Email, Password and 'Sign Up' (spec 000 section 2). Every server message shows under
 * its input (spec 000 section 5). A pre-registered lead (u=lead) sees name and e-mail filled in and
 * read-only, and only chooses a password. A 208 answer (the address has an account) stops here with
 * the server's message.
 */
export function RegisterForm({ social = true }: { social?: boolean }) {
  const location = useLocation();
  const query = readRegistrationQuery(location.search);
  const lead = useLeadStatistic(query.lead ? query.statisticId : null);
  const leadMode = query.lead && !lead.isError;
  const { register, handleSubmit, reset, getValues } = useForm<RegisterFields>({ defaultValues: { name: "", email: "", password: "" } });
  const server = useServerFieldErrors({ messages: "all" });
  const [notice, setNotice] = useState<string | null>(null);
  const signUp = useRegister();
  const finishRegistration = useFinishRegistration();

  useEffect(() => {
    if (lead.data) reset({ ...getValues(), name: lead.data.name, email: lead.data.email });
  }, [lead.data, reset, getValues]);

  const onSubmit = handleSubmit(async (values) => {
    server.clear();
    setNotice(null);
    try {
      const answer = await signUp.mutateAsync(
        leadMode
          ? { lead: true, password: values.password, statisticId: query.statisticId!, token: query.token }
          : { lead: false, name: values.name, email: values.email, password: values.password, statisticId: query.statisticId },
      );
      if (answer.status === 208 || !answer.token) {
        setNotice(answer.message);
        return;
      }
      finishRegistration(answer.token, location.search);
    } catch (error) {
      server.capture(error);
    }
  });

  const leadLoading = leadMode && lead.isPending;

  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
        {notice && <Notice kind="error">{notice}</Notice>}
        {server.formMessage && <Notice kind="error">{server.formMessage}</Notice>}
        <div className={styles.fields} aria-busy={leadLoading || undefined}>
          <Input label="First Name" autoComplete="given-name" readOnly={leadMode} {...server.field("name")} {...register("name")} />
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            readOnly={leadMode}
            {...server.field("email")}
            {...register("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            hint={leadMode ? "Choose a password to open your account." : undefined}
            {...server.field("password")}
            {...register("password")}
          />
        </div>
        <Button type="submit" block size="lg" disabled={signUp.isPending || leadLoading} aria-busy={signUp.isPending || undefined}>
          Sign Up
        </Button>
        <p className={styles.legal}>
          By signing up you agree to our <Link to="/terms-conditions">Terms &amp; Conditions</Link> and{" "}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </form>
      {social && !leadMode && <SocialButtons />}
      <p className={styles.switch}>
        Already have an account? <Link to={`/login${location.search}`}>Log In</Link>
      </p>
    </div>
  );
}
