import { useEffect, useState } from "react";
import { Button } from "../components/ui/button";
import { needsConsent, startThirdPartyAnalytics } from "../lib/analytics";
import { readConsent, writeConsent } from "../lib/analytics/consent";
import styles from "./consent-banner.module.css";

/**
 * Asks once before third-party measurement (GA4, Meta Pixel) may load. Shown only when one of
 * them is configured; first-party page views need no such question.
 */
export function ConsentBanner() {
  const [open, setOpen] = useState(() => needsConsent() && readConsent() === null);
  useEffect(() => {
    void startThirdPartyAnalytics();
  }, []);
  if (!open) return null;
  const answer = (value: "granted" | "denied") => {
    writeConsent(value);
    setOpen(false);
    void startThirdPartyAnalytics();
  };
  return (
    <aside className={styles.banner} aria-label="Cookie consent">
      <p>We would like to measure visits and ads with analytics cookies. Is that all right with you?</p>
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={() => answer("denied")}>
          No, thanks
        </Button>
        <Button size="sm" onClick={() => answer("granted")}>
          Allow
        </Button>
      </div>
    </aside>
  );
}
