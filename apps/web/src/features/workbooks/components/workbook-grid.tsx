import { LoadProblem } from "../../../components/ui/load-problem";
import type { WorkbookCard as Card } from "@serene/contracts";
import { EmptyState, SeeAllLink, Slider } from "../../../components/content";
import { Skeleton } from "../../../components/ui/skeleton";
import { useWorkbookCards } from "../api/workbooks";
import { cardState, WorkbookCard, type CardState } from "./workbook-card";
import styles from "./workbooks.module.css";

/** All eleven workbooks as cards (GET /workbooks), in the order the server gives. */
export function WorkbookGrid() {
  const cards = useWorkbookCards();
  if (cards.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading workbooks">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <Skeleton className={styles.skeletonCard} />
          </li>
        ))}
      </ul>
    );
  }
  if (cards.isError) return <LoadProblem message="The workbooks could not be loaded just now." onRetry={() => void cards.refetch()} />;
  if (cards.data.length === 0) return <EmptyState>No data found</EmptyState>;
  return (
    <ul className={styles.grid} aria-label="Workbooks">
      {cards.data.map((card) => (
        <li key={card.id}>
          <WorkbookCard card={card} />
        </li>
      ))}
    </ul>
  );
}

/** Home shows this many workbooks. */
export const HOME_WORKBOOKS = 6;

const HOME_ORDER: Record<CardState, number> = { open: 0, completed: 1, subscribers: 2, waiting: 3 };

/** What home puts forward: those the member can start now first, then their completed ones, then the rest. */
export function homeWorkbooks(cards: Card[], count = HOME_WORKBOOKS): Card[] {
  return cards
    .map((card, index) => ({ card, index }))
    .sort((a, b) => HOME_ORDER[cardState(a.card)] - HOME_ORDER[cardState(b.card)] || a.index - b.index)
    .slice(0, count)
    .map(({ card }) => card);
}

/** Home's Workbooks section (spec 001 section 2): a row of a few workbooks, the same cards, and a way to all of them. */
export function WorkbooksShelf({ title = "Workbooks" }: { title?: string }) {
  const cards = useWorkbookCards();
  // Home stays calm when this section cannot load: the other sections are still there.
  if (cards.isError || (cards.isSuccess && cards.data.length === 0)) return null;
  return (
    <section className={styles.shelf} aria-labelledby="home-workbooks-title">
      {cards.isPending ? (
        <>
          <h2 id="home-workbooks-title" className={styles.shelfTitle}>
            {title}
          </h2>
          <Skeleton className={styles.skeletonCard} />
        </>
      ) : (
        <Slider<Card>
          label={title}
          layout="steps"
          items={homeWorkbooks(cards.data)}
          getKey={(card) => String(card.id)}
          renderItem={(card) => <WorkbookCard card={card} compact />}
          header={
            <>
              <h2 id="home-workbooks-title" className={styles.shelfTitle}>
                {title}
              </h2>
              <SeeAllLink to="/workbooks" aria-label="See all workbooks">
                See all
              </SeeAllLink>
            </>
          }
        />
      )}
    </section>
  );
}
