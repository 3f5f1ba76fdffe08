import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/content";
import { useTags } from "../../../lib/server-data/tags";
import { useSearch } from "../api/catalogue";
import { useMembership } from "../hooks/use-membership";
import { CardGrid, uniqueItems } from "./card-grid";
import { LoadProblem } from "../../../components/ui/load-problem";
import { PageIntro } from "./page-intro";
import { ShelvesLoading } from "./section-shelf";
import styles from "./browse.module.css";

/** Reads s (free text) and tags (comma-separated slugs) from the address. */
function readSearchParams(params: URLSearchParams) {
  const text = (params.get("s") ?? "").trim();
  const tags = (params.get("tags") ?? "")
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  return { text, tags };
}

/** /search-result: what GET /search found for s and tags. */
export function SearchResults() {
  const [params] = useSearchParams();
  const { text, tags } = readSearchParams(params);
  const membership = useMembership();
  const results = useSearch(text, tags);
  const tagNames = useTags().data;
  const named = tags.map((slug) => tagNames?.find((tag) => tag.slug === slug)?.name ?? slug);
  const about = [text && `“${text}”`, named.length > 0 && named.join(", ")].filter(Boolean).join(" · ");

  return (
    <div className={styles.page}>
      <PageIntro title="Search results" tone="dusk">
        {about ? `Showing what we found for ${about}.` : "Type a word or choose a tag in the search above."}
      </PageIntro>
      {!about ? null : results.isPending ? (
        <ShelvesLoading rows={1} />
      ) : results.isError ? (
        <LoadProblem onRetry={() => void results.refetch()} />
      ) : results.data.data.length === 0 ? (
        <EmptyState>No data found</EmptyState>
      ) : (
        <div
          className={[styles.results, results.isPlaceholderData && styles.refreshing].filter(Boolean).join(" ")}
          aria-busy={results.isPlaceholderData || undefined}
        >
          <ResultCount shown={uniqueItems(results.data.data).length} total={results.data.meta.total} />
          <CardGrid items={results.data.data} membership={membership} label="Search results" />
        </div>
      )}
    </div>
  );
}

function ResultCount({ shown, total }: { shown: number; total: number }) {
  // The page holds up to 20 results; past that the total says how many there are in all.
  const count = Math.max(shown, total > 20 ? total : shown);
  return (
    <p className={styles.count} role="status">
      {count === 1 ? "1 result" : `${count} results`}
    </p>
  );
}
