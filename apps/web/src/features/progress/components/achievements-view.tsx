import { LoadProblem } from "../../../components/ui/load-problem";
import type { Achievement } from "@serene/contracts";
import { BadgeIcon } from "../../../components/badges/badge-icon";
import { Skeleton } from "../../../components/ui/skeleton";
import { useAchievements } from "../api/progress";
import styles from "./achievements.module.css";

const receivedFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
const receivedShortFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
/** "3 March 2026", in the member's own calendar. */
export const formatReceived = (iso: string) => receivedFormat.format(new Date(iso));
/** "3 Mar 2026", where a card is narrow. */
const formatReceivedShort = (iso: string) => receivedShortFormat.format(new Date(iso));

export const NO_BADGES_YET = "Your first badge is close: save a favourite, finish a session or write a note, and it will shine here.";

/**
 * /profile/achievements (spec 001 "Achievements"): the latest badge received, highlighted, then every
 * badge in the catalogue's order, coloured when received and outlined while still to come.
 */
export function AchievementsView() {
  const achievements = useAchievements();
  if (achievements.isPending) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label="Loading your badges">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className={styles.cardSkeleton} />
        ))}
      </div>
    );
  }
  if (achievements.isError) {
    return <LoadProblem message="Your badges could not be loaded just now." onRetry={() => void achievements.refetch()} />;
  }
  const all = achievements.data;
  const received = all.filter((badge) => badge.isReceived);
  const latest = received.find((badge) => badge.isLast);
  return (
    <div className={styles.page}>
      {latest ? (
        <LatestBadge badge={latest} />
      ) : (
        <p className={styles.encourage} role="status">
          {NO_BADGES_YET}
        </p>
      )}
      <section aria-labelledby="all-badges-title" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="all-badges-title">All badges</h2>
          <p className={styles.count}>
            {received.length} of {all.length} received
          </p>
        </div>
        <ul className={styles.grid}>
          {all.map((badge) => (
            <li
              key={badge.machine_name}
              className={[styles.badge, badge.isReceived ? styles.received : styles.notYet].join(" ")}
              data-received={badge.isReceived}
            >
              <span className={styles.icon}>
                <BadgeIcon name={badge.machine_name} received={badge.isReceived} />
              </span>
              <h3 className={styles.name}>{badge.name}</h3>
              <p className={styles.description}>{badge.description}</p>
              <p className={styles.status}>
                {badge.isReceived && badge.received_at ? `Received ${formatReceivedShort(badge.received_at)}` : "Not yet"}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function LatestBadge({ badge }: { badge: Achievement }) {
  return (
    <section className={styles.latest} aria-labelledby="latest-badge-title">
      <span className={styles.latestIcon}>
        <BadgeIcon name={badge.machine_name} />
      </span>
      <div className={styles.latestCopy}>
        <p className={styles.eyebrow}>Your latest badge</p>
        <h2 id="latest-badge-title">{badge.name}</h2>
        <p>{badge.description}</p>
        {badge.received_at && <p className={styles.latestDate}>Received {formatReceived(badge.received_at)}</p>}
      </div>
    </section>
  );
}
