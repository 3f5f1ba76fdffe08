import type { PlanDay } from "@serene/contracts";
import { contentLength } from "../../../components/content/format";
import { Skeleton } from "../../../components/ui/skeleton";
import { useFirstWeek } from "../api/first-week";
import styles from "./first-week.module.css";

function Day({ day }: { day: PlanDay }) {
  const first = day.content[0];
  if (!first) return null;
  const more = day.content.length - 1;
  const details = [first.type, contentLength(first), more > 0 ? `+${more} more` : null].filter(Boolean).join(" · ");
  return (
    <li className={styles.day}>
      <span className={styles.number}>Day {day.day}</span>
      <span className={styles.cover} aria-hidden="true">
        <img
          src={first.cover}
          alt=""
          loading="lazy"
          decoding="async"
          width={56}
          height={56}
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
      </span>
      <span className={styles.text}>
        <strong>{first.name}</strong>
        <small>{details}</small>
      </span>
    </li>
  );
}

/**
 * The recommended first week for the goal (GET /quiz/first-week): one line per day. A week that
 * cannot be loaded is left out; the result stands without it.
 */
export function FirstWeek({ goal, titleId }: { goal: string; titleId: string }) {
  const week = useFirstWeek(goal);
  const days = week.data?.days.filter((day) => day.content.length > 0) ?? [];
  if (week.isError || (week.data && days.length === 0)) return null;
  return (
    <section className={styles.card} aria-labelledby={titleId} aria-busy={week.isPending}>
      <h2 id={titleId} className={styles.title}>
        Your first week
      </h2>
      <p className={styles.intro}>A few minutes a day, picked for your goal. Start whenever you are ready.</p>
      {week.isPending ? (
        <div className={styles.loading} aria-label="Loading your first week">
          {[1, 2, 3].map((key) => (
            <Skeleton key={key} className={styles.skeleton} />
          ))}
        </div>
      ) : (
        <ol className={styles.days}>
          {days.map((day) => (
            <Day key={day.day} day={day} />
          ))}
        </ol>
      )}
    </section>
  );
}
