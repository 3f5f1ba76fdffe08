import { useEffect } from "react";
import { Link } from "react-router";
import { Notice } from "../../../components/ui/notice";
import { Spinner } from "../../../components/ui/spinner";
import { clearToken } from "../../../lib/storage";
import { useConfirmRemoval } from "../api/confirm-removal";
import styles from "./account.module.css";

export const REMOVAL_CONFIRMED = "Your request has been successfully confirmed";
export const REMOVAL_FAILED = "An error occurred while confirming your request";

/** Confirms the removal on load with the e-mailed code (spec 000 section 2); the session on this device ends. */
export function RemovalConfirmation({ code }: { code: string }) {
  const confirmation = useConfirmRemoval(code);

  useEffect(() => {
    if (confirmation.isSuccess) clearToken();
  }, [confirmation.isSuccess]);

  if (confirmation.isPending) {
    return (
      <div className={styles.center}>
        <Spinner label="Confirming your request" />
        <p aria-hidden="true">Confirming your request…</p>
      </div>
    );
  }
  if (confirmation.isError) {
    return (
      <div className={styles.result}>
        <Notice kind="error" title={REMOVAL_FAILED}>
          The link may have expired or been used already.
        </Notice>
        <p>
          <Link to="/data-removal">Send a new removal request</Link>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.result}>
      <Notice kind="success" title={REMOVAL_CONFIRMED}>
        Your account and all related data will be deleted within 5 days.
      </Notice>
      <p>
        <Link to="/">Back to the start page</Link>
      </p>
    </div>
  );
}
