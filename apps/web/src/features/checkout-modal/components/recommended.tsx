import type { ContentCard as Card } from "@serene/contracts";
import { ContentCard } from "../../../components/content";
import { PremiumOpens } from "../../../components/subscription/premium-opens";
import { Button } from "../../../components/ui/button";
import { Carousel } from "../../../components/ui/carousel";
import { Skeleton } from "../../../components/ui/skeleton";
import { useRecommendations } from "../../../lib/server-data/library";
import styles from "./checkout-modal.module.css";

/**
 * After the purchase (spec 000 section 4): 'Recommended For You Based On Your Answers', items
 * from the member's goal and listening (GET /recommendation) in a slow carousel, and 'Start
 * Listening' on to /home. Without items the heading and the button still lead on. Under the
 * carousel, what the purchase opened and, for a trial, when it ends (decision 049).
 */
export function Recommended({ titleId, onStart }: { titleId: string; onStart: () => void }) {
  const items = useRecommendations({ retry: false });
  const list = items.data ?? [];
  return (
    <section className={`${styles.card} ${styles.recommended}`}>
      <div className={styles.welcome} aria-hidden="true">
        <svg viewBox="0 0 72 72" focusable="false">
          <circle cx="36" cy="40" r="14" className={styles.sun} />
          <path d="M0 48 Q18 38 36 46 T72 44 V72 H0Z" className={styles.hill} />
        </svg>
      </div>
      <p className={styles.eyebrow}>Welcome in. Everything is open to you now.</p>
      <h2 id={titleId} className={styles.title}>
        Recommended For You Based On Your Answers
      </h2>
      {items.isPending ? (
        <div className={styles.loadingRow} aria-label="Loading recommendations">
          <Skeleton className={styles.slideSkeleton} />
          <Skeleton className={styles.slideSkeleton} />
          <Skeleton className={styles.slideSkeleton} />
        </div>
      ) : list.length > 0 ? (
        <div className={styles.carousel}>
          <Carousel<Card>
            items={list}
            label="Recommended For You Based On Your Answers"
            getKey={(item) => `${item.model}-${item.id}`}
            slideWidth={200}
            renderSlide={(item) => <ContentCard item={item} locked={false} />}
          />
        </div>
      ) : (
        <p className={styles.lead}>Your home page has a calm first step waiting for you.</p>
      )}
      <PremiumOpens className={styles.opens} centered />
      <Button size="lg" block className={styles.cta} onClick={onStart}>
        Start Listening
      </Button>
    </section>
  );
}
