import type { PlanResponse } from "@serene/contracts";
import { useEffect, useRef } from "react";
import { PlanStepCard } from "./plan-step-card";
import styles from "./home.module.css";

/** The whole plan (/personal-plan): every day with its steps, today highlighted and brought into view. */
export function PlanDays({ plan, subscriber }: { plan: PlanResponse["data"]; subscriber: boolean }) {
  const today = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (plan.current_day > 1) today.current?.scrollIntoView?.({ block: "center" });
  }, [plan.current_day]);
  return (
    <ol className={styles.days} aria-label={`${plan.total_days}-day plan`}>
      {plan.days.map((day) => {
        const current = day.day === plan.current_day;
        const past = day.day < plan.current_day;
        return (
          <li
            key={day.day}
            ref={current ? today : undefined}
            className={[styles.day, current && styles.today, past && styles.past].filter(Boolean).join(" ")}
            aria-current={current ? "step" : undefined}
          >
            <div className={styles.dayHead}>
              <h2>{`Day ${day.day}`}</h2>
              {current && <span className={styles.todayBadge}>Today</span>}
            </div>
            <ul className={styles.daySteps}>
              {day.content.map((item, index) => (
                <li key={`${item.model}-${item.id}`}>
                  <PlanStepCard item={item} step={index + 1} subscriber={subscriber} />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
