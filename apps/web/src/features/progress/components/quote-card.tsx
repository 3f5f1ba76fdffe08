import { Skeleton } from "../../../components/ui/skeleton";
import { useQuote } from "../api/progress";
import styles from "./dashboard.module.css";

/** A quote at random with its author; while it loads a quiet placeholder, and if it cannot load, nothing. */
export function QuoteCard() {
  const quote = useQuote();
  if (quote.isError) return null;
  return (
    <figure className={styles.quote} aria-busy={quote.isPending || undefined}>
      <svg className={styles.quoteMark} viewBox="0 0 40 32" aria-hidden="true" focusable="false">
        <path d="M0 32V19C0 8.5 5.2 2.2 15.5 0l2 4.4C11.6 6.3 8.8 10 8.5 15.3H16V32H0Zm22 0V19C22 8.5 27.2 2.2 37.5 0l2 4.4c-5.9 1.9-8.7 5.6-9 10.9H38V32H22Z" />
      </svg>
      {quote.isPending ? (
        <div className={styles.quoteLoading}>
          <Skeleton className={styles.quoteLine} />
          <Skeleton className={styles.quoteLineShort} />
        </div>
      ) : (
        <>
          <blockquote className={styles.quoteText}>
            <p>{quote.data.quote}</p>
          </blockquote>
          <figcaption className={styles.quoteAuthor}>
            {quote.data.author}
            {quote.data.source && <cite className={styles.quoteSource}>, {quote.data.source}</cite>}
          </figcaption>
        </>
      )}
    </figure>
  );
}
