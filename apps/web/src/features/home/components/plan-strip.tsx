import type { ContentCard as Card } from "@serene/contracts";
import { EmptyState, SeeAllLink, SMALL_SCREEN, Slider, useMediaQuery } from "../../../components/content";
import { PlanStepCard } from "./plan-step-card";
import styles from "./home.module.css";

/** The arrow buttons move the plan by 500 px (spec 001 section 9). */
export const PLAN_SCROLL_STEP = 500;
/** Widths up to 991 show only this many steps. */
const PLAN_SMALL_SCREEN_CARDS = 3;

interface PlanStripProps {
  day: number;
  steps: Card[];
  subscriber: boolean;
  title?: string;
}

/** The Personal Plan strip of /home: 'Day N', the day's steps, arrows, and 'see all' for subscribers. */
export function PlanStrip({ day, steps, subscriber, title = "Personal Plan" }: PlanStripProps) {
  const small = useMediaQuery(SMALL_SCREEN);
  const shown = small ? steps.slice(0, PLAN_SMALL_SCREEN_CARDS) : steps;
  return (
    <section className={[styles.section, styles.plan].join(" ")} aria-labelledby="personal-plan-title">
      <Slider<Card>
        label={title}
        layout="steps"
        step={PLAN_SCROLL_STEP}
        alwaysShowControls
        items={shown}
        getKey={(item) => `${item.model}-${item.id}`}
        renderItem={(item, index) => <PlanStepCard item={item} step={index + 1} subscriber={subscriber} />}
        header={
          <>
            <div className={styles.planTitle}>
              <h2 id="personal-plan-title" className={styles.sectionTitle}>
                {title}
              </h2>
              <span className={styles.dayBadge}>{`Day ${day}`}</span>
            </div>
            {subscriber && <SeeAllLink to="/personal-plan">see all</SeeAllLink>}
          </>
        }
      />
      {steps.length === 0 && <EmptyState>No data found</EmptyState>}
    </section>
  );
}
