import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { PasswordInput } from "../../../components/ui/password-input";
import { useStaffSignIn, useStaffVerify } from "../api/staff-session";
import look from "./console.module.css";
import { useFormProblems } from "./form-problems";

/**
 * The console's sign-in (decision 067): the password, then the six digits the authenticator app shows
 * (or a recovery code). A challenge that ended (five wrong codes, five minutes) starts again here.
 */
export function StaffSignIn() {
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const password = useForm<{ email: string; password: string }>({ defaultValues: { email: "", password: "" } });
  const code = useForm<{ code: string }>({ defaultValues: { code: "" } });
  const problems = useFormProblems();
  const signIn = useStaffSignIn();
  const verify = useStaffVerify();

  const onPassword = password.handleSubmit(async (values) => {
    problems.clear();
    setEnded(null);
    try {
      setChallenge((await signIn.mutateAsync(values)).challenge);
    } catch (error) {
      problems.capture(error);
    }
  });

  const onCode = code.handleSubmit(async (values) => {
    problems.clear();
    try {
      await verify.mutateAsync({ challenge: challenge!, code: values.code.trim() });
      void navigate("/admin", { replace: true });
    } catch (error) {
      if (problems.status(error) === 401) {
        setChallenge(null);
        code.reset();
        setEnded(problems.message(error));
        return;
      }
      problems.capture(error);
    }
  });

  if (challenge) {
    return (
      <form className={look.form} onSubmit={onCode} noValidate aria-label="Two-factor code">
        {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
        <p>Open your authenticator app and type the six digits it shows for the console. Lost your phone? A recovery code works once.</p>
        <Input
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          {...problems.field("code")}
          {...code.register("code")}
        />
        <Button type="submit" block size="lg" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          Sign in
        </Button>
        <Button
          variant="ghost"
          block
          onClick={() => {
            setChallenge(null);
            problems.clear();
          }}
        >
          Use another account
        </Button>
      </form>
    );
  }

  return (
    <form className={look.form} onSubmit={onPassword} noValidate aria-label="Staff sign-in">
      {ended && <Notice kind="info">{ended}</Notice>}
      {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
      <div className={look.fields}>
        <Input
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          {...problems.field("email")}
          {...password.register("email")}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...problems.field("password")}
          {...password.register("password")}
        />
      </div>
      <Button type="submit" block size="lg" disabled={signIn.isPending} aria-busy={signIn.isPending || undefined}>
        Continue
      </Button>
    </form>
  );
}
