import type { ContinueList } from "@serene/contracts";
import { ContentCard, Slider } from "../../../components/content";
import { useContinueList } from "../api/catalogue";
import type { Membership } from "../hooks/use-membership";
import styles from "./browse.module.css";

type Entry = ContinueList["data"][number];

/** "12 min left", "Under a minute left": what the card says above its name. */
export function timeLeft(entry: Pick<Entry, "position" | "duration">): string {
  const seconds = entry.duration - entry.position;
  return seconds < 60 ? "Under a minute left" : `${Math.round(seconds / 60)} min left`;
}

/**
 * Home's 'Continue' (decision 043): what the member began and did not finish, latest first (GET
 * /user/continue). Each card opens its player, which offers to go on from the saved place. Nothing shows
 * when there is nothing to continue, nor when the list cannot be had (it is a convenience, not the page).
 */
export function ContinueShelf({ membership }: { membership: Membership }) {
  const list = useContinueList();
  if (!list.data || list.data.length === 0) return null;
  return (
    <section className={styles.shelf} aria-labelledby="continue-title">
      <Slider<Entry>
        label="Continue"
        items={list.data}
        getKey={(entry) => `${entry.item.model}-${entry.item.id}`}
        renderItem={(entry) => <ContentCard item={entry.item} locked={membership.isLocked(entry.item)} eyebrow={timeLeft(entry)} />}
        header={
          <h2 id="continue-title" className={styles.shelfTitle}>
            Continue
          </h2>
        }
      />
    </section>
  );
}
