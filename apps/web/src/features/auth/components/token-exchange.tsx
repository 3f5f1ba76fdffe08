import { safeRedirectPath } from "@serene/domain";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast-store";
import { startSession } from "../../../lib/session";
import { useTmpTokenExchange } from "../api/exchange-tmp-token";
import styles from "./auth-form.module.css";

const EXCHANGE_FAILED = "Something went wrong!";

/**
 * /authorization?email=..&token=..: the e-mailed one-time token becomes a session, then the quiz
 * results (or a safe `redirect`). Without an e-mail address: 'Something went wrong!' and /registration.
 */
export function TokenExchange() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get("email");
  const redirect = safeRedirectPath(params.get("redirect"));
  const exchange = useTmpTokenExchange(email, params.get("token"));
  const missingHandled = useRef(false);

  useEffect(() => {
    if (email || missingHandled.current) return;
    missingHandled.current = true;
    toast.error(EXCHANGE_FAILED);
    void navigate("/registration", { replace: true });
  }, [email, navigate]);

  useEffect(() => {
    if (exchange.data) {
      startSession(exchange.data.token);
      void navigate(redirect ?? "/quiz-results", { replace: true });
    } else if (exchange.isError) {
      // The server's message is already in the global error toast.
      void navigate("/login", { replace: true });
    }
  }, [exchange.data, exchange.isError, redirect, navigate]);

  return (
    <div className={styles.center}>
      <Spinner label="Opening your account" />
      <p aria-hidden="true">Opening your account…</p>
    </div>
  );
}
