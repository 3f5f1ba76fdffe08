import { Link } from "react-router";
import { Notice } from "../../../components/ui/notice";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { hasToken } from "../../../lib/storage";
import { useConfirmEmail } from "../api/confirm-email";
import styles from "./account.module.css";

/** Confirms a new e-mail address on load with the code of its e-mailed link. */
export function EmailConfirmation({ code }: { code: string }) {
  const confirmation = useConfirmEmail(code);
  const next = hasToken() ? { to: "/settings/account", label: "Go to your account" } : { to: "/login", label: "Log In" };

  if (confirmation.isPending) {
    return (
      <div className={styles.center}>
        <Spinner label="Confirming your e-mail address" />
        <p aria-hidden="true">Confirming your e-mail address…</p>
      </div>
    );
  }
  if (confirmation.isError) {
    const message = confirmation.error instanceof ApiError && confirmation.error.status !== 0 ? confirmation.error.message : null;
    return (
      <div className={styles.result}>
        <Notice kind="error" title="This confirmation link did not work">
          {message ?? "Please check your connection and open the link again."} To get a new link, change your e-mail address again in
          Settings.
        </Notice>
        <p>
          <Link to={next.to}>{next.label}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.result}>
      <Notice kind="success" title="Your e-mail address is confirmed">
        {confirmation.data.message}
      </Notice>
      <p>
        <Link to={next.to}>{next.label}</Link>
      </p>
    </div>
  );
}
