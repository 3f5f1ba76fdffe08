import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { PasswordInput } from "../../../components/ui/password-input";
import { fieldErrors, type FieldErrors } from "../../../lib/api-client";
import { useLogIn, type LogInValues } from "../api/log-in";
import { useFinishLogin } from "../hooks/use-finish-login";
import styles from "./auth-form.module.css";
import { SocialButtons } from "./social-buttons";

/**
 * E-mail and password login (spec 000 section 2). Under each input the first server message shows
 * (spec 000 section 5); a visitor sent here by a members-only action sees why.
 */
export function LoginForm() {
  const location = useLocation();
  const fromAuth = new URLSearchParams(location.search).get("from") === "auth";
  const { register, handleSubmit } = useForm<LogInValues>({ defaultValues: { email: "", password: "" } });
  const [errors, setErrors] = useState<FieldErrors>({});
  const logIn = useLogIn();
  const finishLogin = useFinishLogin();

  const onSubmit = handleSubmit(async (values) => {
    setErrors({});
    try {
      const { token } = await logIn.mutateAsync(values);
      finishLogin(token, location.search);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  });

  return (
    <div className={styles.form}>
      {fromAuth && <Notice>Please log in or sign up to continue.</Notice>}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Log in">
        {errors._form && <Notice kind="error">{errors._form[0]}</Notice>}
        <div className={styles.fields}>
          <Input label="Email" type="email" autoComplete="email" inputMode="email" errors={errors.email} {...register("email")} />
          <PasswordInput label="Password" autoComplete="current-password" errors={errors.password} {...register("password")} />
          <Link to="/forgot-password" className={styles.forgot}>
            Password forgotten?
          </Link>
        </div>
        <Button type="submit" block size="lg" disabled={logIn.isPending} aria-busy={logIn.isPending || undefined}>
          Log In
        </Button>
      </form>
      <SocialButtons />
      <p className={styles.switch}>
        <Link to={`/create-account${location.search}`} className={styles.switchLink}>
          No Account? <strong>Sign Up</strong>
        </Link>
      </p>
    </div>
  );
}
