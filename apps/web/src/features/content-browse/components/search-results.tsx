import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/content";
import { useMembership } from "../api/account-status";
import { useSearch, useTags } from "../api/catalogue";
import { CardGrid } from "./card-grid";
import { LoadProblem } from "./load-problem";
import { PageIntro } from "./page-intro";
import { ShelvesLoading } from "./section-shelf";
import styles from "./browse.module.css";

/** Reads s (free text) and tags (comma-separated slugs) from the address. */
export function readSearchParams(params: URLSearchParams) {
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
  const tagNames = useTags().data?.data;
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
        <>
          <p className={styles.count} role="status">
            {results.data.meta.total === 1 ? "1 result" : `${results.data.meta.total} results`}
          </p>
          <CardGrid items={results.data.data} membership={membership} label="Search results" />
        </>
      )}
    </div>
  );
}
