import { LoadProblem } from "../../../components/ui/load-problem";
import { ButtonLink } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useStatistics } from "../api/progress";
import { isNewMember, MY_PROGRESS, MY_STREAKS, practiceDays } from "../model";
import { MinutesChart } from "./minutes-chart";
import { QuoteCard } from "./quote-card";
import { StatTiles } from "./stat-tiles";
import { YearCalendar } from "./year-calendar";
import styles from "./dashboard.module.css";

/**
 * /profile/dashboard (spec 001 "Dashboard"): a quote, 'My Progress' and 'My Streaks', then the last 30
 * days and the year as pictures, all in the member's own days. A member with no session yet is invited
 * to a first one instead of being shown zeros.
 */
export function Dashboard() {
  const stats = useStatistics();
  return (
    <div className={styles.page}>
      <QuoteCard />
      {stats.isPending ? (
        <DashboardLoading />
      ) : stats.isError ? (
        <LoadProblem message="Your progress could not be loaded just now." onRetry={() => void stats.refetch()} />
      ) : isNewMember(stats.data) ? (
        <FirstSessionInvitation />
      ) : (
        <>
          <div className={styles.groups}>
            <StatTiles title="My Progress" figures={MY_PROGRESS} stats={stats.data} tone="sea" />
            <StatTiles title="My Streaks" figures={MY_STREAKS} stats={stats.data} tone="dawn" />
          </div>
          <MinutesChart days={stats.data.last_30_days} today={stats.data.today} />
          <YearCalendar days={practiceDays(stats.data)} today={stats.data.today} />
        </>
      )}
    </div>
  );
}

function DashboardLoading() {
  return (
    <div className={styles.loading} aria-busy="true" aria-label="Loading your progress">
      <Skeleton className={styles.titleSkeleton} />
      <div className={styles.tiles}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className={styles.tileSkeleton} />
        ))}
      </div>
      <Skeleton className={styles.chartSkeleton} />
    </div>
  );
}

/** The new member's dashboard: what will grow here, and where to begin. */
export function FirstSessionInvitation() {
  return (
    <section className={styles.invite} aria-labelledby="first-session-title">
      <svg className={styles.inviteArt} viewBox="0 0 160 120" aria-hidden="true" focusable="false">
        <circle cx="112" cy="40" r="22" className={styles.inviteSun} />
        <path d="M0 92 Q40 70 80 88 T160 80 V120 H0Z" className={styles.inviteHill} />
        <path d="M0 104 Q50 90 100 104 T160 100 V120 H0Z" className={styles.inviteHillNear} />
        <path d="M58 90C58 80 59 73 61 66" className={styles.inviteSprout} />
        <path d="M59 77C51 77 45.5 72 44.5 64.5C52.5 64.5 58 69.5 59 77Z" className={styles.inviteLeaf} />
        <path d="M60.5 70.5C61 62.5 66.5 57 75 56.5C74.5 65 68.5 70.5 60.5 70.5Z" className={styles.inviteLeaf} />
      </svg>
      <div className={styles.inviteCopy}>
        <h2 id="first-session-title">Your practice will grow here</h2>
        <p>
          After your first session you will see your mindful days, minutes and streaks, with a picture of each day. A few quiet minutes are
          a lovely place to start.
        </p>
        <div className={styles.inviteActions}>
          <ButtonLink to="/meditation">Start a first meditation</ButtonLink>
          <ButtonLink to="/home" variant="secondary">
            Today&apos;s daily meditation
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
