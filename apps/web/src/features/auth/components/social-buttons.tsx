import type { SocialProvider } from "@serene/contracts";
import { useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { AppleMark, FacebookMark, GoogleMark } from "../../../components/brand/provider-marks";
import { configuredProviders, startSocialSignIn } from "../social/social-sign-in";
import styles from "./social-buttons.module.css";

const LOOK: Record<SocialProvider, { label: string; mark: ReactNode; className: string | undefined }> = {
  googleWeb: { label: "Continue with Google", mark: <GoogleMark className={styles.mark} />, className: styles.google },
  apple: { label: "Continue with Apple", mark: <AppleMark className={styles.mark} />, className: styles.apple },
  facebook: { label: "Continue with Facebook", mark: <FacebookMark className={styles.mark} />, className: styles.facebook },
};

/**
 * Google, Apple and Facebook sign-in (spec 000 section 2). Each button leaves for the provider;
 * a provider the server does not offer has no button. Renders nothing when none is offered.
 */
export function SocialButtons({ divider = "or" }: { divider?: string }) {
  const location = useLocation();
  const [leaving, setLeaving] = useState<SocialProvider | null>(null);
  const providers = configuredProviders();
  // Coming back from the provider with the browser's Back button restores this page as it was left.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  if (providers.length === 0) return null;
  return (
    <>
      <p className={styles.divider}>{divider}</p>
      <div className={styles.list}>
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className={[styles.button, LOOK[provider].className].join(" ")}
            disabled={leaving !== null}
            aria-busy={leaving === provider || undefined}
            onClick={() => {
              if (startSocialSignIn(provider, { pathname: location.pathname, search: location.search })) setLeaving(provider);
            }}
          >
            {LOOK[provider].mark}
            <span>{LOOK[provider].label}</span>
          </button>
        ))}
      </div>
    </>
  );
}
