import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { PasswordInput } from "../../../components/ui/password-input";
import { useServerFieldErrors } from "../../../lib/form-errors";
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
  const server = useServerFieldErrors({ messages: "first" });
  const logIn = useLogIn();
  const finishLogin = useFinishLogin();

  const onSubmit = handleSubmit(async (values) => {
    server.clear();
    try {
      const { token } = await logIn.mutateAsync(values);
      finishLogin(token, location.search);
    } catch (error) {
      server.capture(error);
    }
  });

  return (
    <div className={styles.form}>
      {fromAuth && <Notice>Please log in or sign up to continue.</Notice>}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Log in">
        {server.formMessage && <Notice kind="error">{server.formMessage}</Notice>}
        <div className={styles.fields}>
          <Input label="Email" type="email" autoComplete="email" inputMode="email" {...server.field("email")} {...register("email")} />
          <PasswordInput label="Password" autoComplete="current-password" {...server.field("password")} {...register("password")} />
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
