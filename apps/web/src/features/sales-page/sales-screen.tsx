import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLink } from "../../components/brand/brand-link";
import { NightBandPage, nightSky } from "../../components/layout/night-band";
import { Notice } from "../../components/ui/notice";
import { Skeleton } from "../../components/ui/skeleton";
import { useDocumentTitle } from "../../lib/document-title";
import { env } from "../../lib/env";
import type { AttachStream } from "./components/hero-video";
import type { SalesOffer } from "./hooks/use-sales-offer";
import { heroTitle } from "./model";
import { SalesPage } from "./sales-page";
import { SalesTop } from "./components/sales-top";
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
  const name = offer.status === "ready" ? offer.lead?.name || memberName : null;
  useDocumentTitle(offer.status === "ready" ? (offer.title ?? heroTitle(offer.page.hero.title, name)) : "Your offer");
  if (offer.status !== "ready") {
    return (
      <NightBandPage>
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
  return (
    <SalesChrome theme={offer.theme}>
      <SalesPage
        page={offer.page}
        checkout={offer.checkout}
        theme={offer.theme}
        name={name}
        attachStream={attachStream}
        onStart={onStart}
      />
    </SalesChrome>
  );
}

/**
 * The sales page's own chrome: the brand bar above the page, in the checkout's theme. The checkout
 * themes are light palettes over beige clouds, whatever Appearance theme the browser keeps (decision 042).
 */
function SalesChrome({ theme, painted = false, children }: { theme: string; painted?: boolean; children: ReactNode }) {
  return (
    <div className={styles.frame} data-theme="beige-clouds" data-sales-theme={theme} data-server-painted={painted ? "" : undefined}>
      <header className={styles.brandBar}>
        <BrandLink to="/" className={styles.brand} />
      </header>
      <main id="main">{children}</main>
    </div>
  );
}

/** What the server puts into the painted frame of a sales page (`%SP_…%` in SalesFrame). */
export const SALES_FRAME_SLOTS = {
  theme: "%SP_THEME%",
  seenOn: "%SP_SEEN_ON%",
  warning: "%SP_WARNING%",
  title: "%SP_TITLE%",
  subtitle: "%SP_SUBTITLE%",
  participants: "%SP_PARTICIPANTS%",
  participantsLabel: "%SP_PARTICIPANTS_LABEL%",
  startLabel: "%SP_START%",
} as const;

const noStream: AttachStream = () => Promise.resolve(null);

/**
 * The top of a sales page with slots for its words, rendered at build time: the server fills the
 * slots from the checkout's copy and theme and paints it before any script (a visitor's view, the
 * greeting 'This'); the app then renders the same markup from the same data, and the rest below it.
 */
export function SalesFrame() {
  const slot = SALES_FRAME_SLOTS;
  return (
    <SalesChrome theme={slot.theme} painted>
      <div className={styles.page} data-theme="beige-clouds" data-sales-theme={slot.theme} data-testid="sales-page">
        <SalesTop
          seenOn={[slot.seenOn]}
          warning={slot.warning}
          title={slot.title}
          subtitle={slot.subtitle}
          video=""
          participants={slot.participants}
          participantsLabel={slot.participantsLabel}
          startLabel={slot.startLabel}
          attachStream={noStream}
          onStart={() => undefined}
        />
      </div>
    </SalesChrome>
  );
}
