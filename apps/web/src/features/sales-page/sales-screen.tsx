import { Link } from "react-router";
import { BrandLink } from "../../components/brand/brand-link";
import { NightBandPage, nightSky } from "../../components/layout/night-band";
import { Notice } from "../../components/ui/notice";
import { Skeleton } from "../../components/ui/skeleton";
import { env } from "../../lib/env";
import type { AttachStream } from "./components/hero-video";
import type { SalesOffer } from "./hooks/use-sales-offer";
import { heroTitle } from "./model";
import { SalesPage } from "./sales-page";
import styles from "./sales-page.module.css";

interface SalesScreenProps {
  offer: SalesOffer;
  /** The member's name (GET /user), when signed in; a lead's name comes with the offer. */
  memberName: string | null;
  attachStream: AttachStream;
  onStart: () => void;
}

/** A sales page route's screen: the page, or while it loads a calm placeholder, or a kind notice when the offer is gone. */
export function SalesScreen({ offer, memberName, attachStream, onStart }: SalesScreenProps) {
  if (offer.status !== "ready") {
    return (
      <NightBandPage>
        <title>{`Your offer · ${env.appName}`}</title>
        <div className={`${nightSky} ${styles.gateTop}`}>
          {/* One heading for every state, so nothing below it moves when the offer arrives. */}
          <h1 className={styles.gateTitle}>Your {env.appName} offer</h1>
        </div>
        <div className={styles.gate}>
          {offer.status === "loading" ? (
            <div className={styles.gateLoading} aria-busy="true" aria-label="Loading the offer">
              <Skeleton className={styles.skeletonTitle} />
              <Skeleton className={styles.skeletonVideo} />
            </div>
          ) : offer.status === "missing" ? (
            <Notice kind="info" title="This offer is no longer available.">
              Our regular plans are still here for you. <Link to="/subscription">See all plans</Link>
            </Notice>
          ) : (
            <Notice kind="error" title="The offer could not be loaded">
              Please check your connection and reload the page.
            </Notice>
          )}
        </div>
      </NightBandPage>
    );
  }
  const name = offer.lead?.name || memberName;
  const title = offer.title ?? heroTitle(offer.page.hero.title, name);
  return (
    <div className={styles.frame} data-sales-theme={offer.theme}>
      <title>{`${title} · ${env.appName}`}</title>
      <header className={styles.brandBar}>
        <BrandLink to="/" className={styles.brand} />
      </header>
      <main id="main">
        <SalesPage
          page={offer.page}
          checkout={offer.checkout}
          theme={offer.theme}
          name={name}
          attachStream={attachStream}
          onStart={onStart}
        />
      </main>
    </div>
  );
}
