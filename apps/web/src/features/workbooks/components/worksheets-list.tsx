import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/content";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useEntries } from "../api/workbooks";
import { entryDate } from "../model/summary";
import { WorkbookArt } from "./workbook-art";
import { entryPath } from "./workbook-card";
import styles from "./entry.module.css";

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

const answeredText = (count: number) => (count === 1 ? "1 answer" : `${count} answers`);

/** /profile/worksheets: the member's saved entries, newest first, 20 a page (GET /user/workbook). */
export function WorksheetsList() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get("page"));
  const entries = useEntries(page);
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  if (entries.isPending) {
    return (
      <div className={styles.rows} aria-busy="true" aria-label="Loading worksheets">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className={styles.skeletonRow} />
        ))}
      </div>
    );
  }
  if (entries.isError) {
    return (
      <EmptyState
        action={
          <Button variant="secondary" size="sm" onClick={() => void entries.refetch()}>
            Try again
          </Button>
        }
      >
        Your worksheets did not load. Please try again in a moment.
      </EmptyState>
    );
  }
  const { data, meta } = entries.data;
  if (data.length === 0) {
    return (
      <EmptyState action={<ButtonLink to="/workbooks">Open the workbooks</ButtonLink>}>
        No worksheets yet. When you fill in a workbook, your answers are kept here for you to read again.
      </EmptyState>
    );
  }
  return (
    <div className={styles.worksheets}>
      <ul className={styles.rows} aria-label="Worksheets">
        {data.map((entry) => (
          <li key={entry.id}>
            <Link className={styles.row} to={entryPath(entry.id)}>
              <span className={styles.rowArt}>
                <WorkbookArt id={entry.workbook_id} />
              </span>
              <span className={styles.rowText}>
                <span className={styles.rowName}>{entry.workbook_name}</span>
                <span className={styles.rowMeta}>
                  <time dateTime={entry.created_at}>{entryDate(entry.created_at)}</time>
                  <span>{answeredText(entry.answered)}</span>
                </span>
              </span>
              <span className={styles.rowGo} aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {meta.last_page > 1 && (
        <nav className={styles.pager} aria-label="Worksheet pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Newer
          </Button>
          <span>{`Page ${meta.current_page} of ${meta.last_page}`}</span>
          <Button variant="secondary" size="sm" disabled={page >= meta.last_page} onClick={() => goTo(page + 1)}>
            Older
          </Button>
        </nav>
      )}
    </div>
  );
}
