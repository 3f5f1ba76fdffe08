import type { SocialProvider } from "@serene/contracts";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast-store";
import { startSession } from "../../../lib/session";
import { useSocialCallback } from "../api/social-callback";
import styles from "./auth-form.module.css";

export const FACEBOOK_CANCELLED = "User cancelled login or did not fully authorize.";

/**
 * /auth/callback/{provider}: the provider's answer becomes a session. The answer is used once: a
 * second mount (strict mode) shares the same call. Failures go back to the page that started the
 * sign-in: Facebook says so in a toast, Apple only logs it, Google returns quietly (spec 000 section 8).
 */
export function SocialCallback({ provider }: { provider: SocialProvider }) {
  const location = useLocation();
  const navigate = useNavigate();
  const outcome = useSocialCallback(provider, location.hash, location.search);

  useEffect(() => {
    const result = outcome.data;
    if (!result) return;
    if (result.ok) {
      startSession(result.token);
      void navigate(result.next, { replace: true });
      return;
    }
    if (result.provider === "facebook" && result.reason !== "rejected") toast.error(FACEBOOK_CANCELLED);
    if (result.provider === "apple") console.error("Apple sign-in failed:", result.reason, result.detail ?? "");
    void navigate(result.back, { replace: true });
  }, [outcome.data, navigate]);

  return (
    <div className={styles.center}>
      <Spinner label="Signing you in" />
      <p aria-hidden="true">Signing you in…</p>
    </div>
  );
}
