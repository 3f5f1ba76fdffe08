import { LoadProblem } from "../../../components/ui/load-problem";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/content";
import { ButtonLink } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useNotes } from "../api/notes";
import { formatNoteDate } from "./format";
import styles from "./notes.module.css";

export const NO_NOTES = "No notes found";

/** The page asked for in `?page=`, 1 when missing or not a whole number above 0. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /profile/notes (spec 001 "Notes"): an add button, then the member's notes newest first, each with its
 * title, the start of its text and its date, 20 a page with paging underneath; 'No notes found' when empty.
 */
export function NotesList() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get("page"));
  const notes = useNotes(page);
  const addButton = (
    <ButtonLink to="/profile/notes/create" size="sm">
      <span aria-hidden="true">+</span> Add note
    </ButtonLink>
  );
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <p className={styles.lead}>A private place for what you notice, learn and want to keep.</p>
        {addButton}
      </div>
      {notes.isPending ? (
        <div className={styles.list} aria-busy="true" aria-label="Loading your notes">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className={styles.noteSkeleton} />
          ))}
        </div>
      ) : notes.isError ? (
        <LoadProblem message="Your notes could not be loaded just now." onRetry={() => void notes.refetch()} />
      ) : notes.data.data.length === 0 ? (
        <EmptyState
          action={
            page > 1 ? (
              <ButtonLink to="/profile/notes" variant="secondary" size="sm">
                Back to the first page
              </ButtonLink>
            ) : null
          }
        >
          {NO_NOTES}
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} aria-busy={notes.isPlaceholderData || undefined}>
            {notes.data.data.map((note) => (
              <li key={note.id}>
                <Link to={`/profile/notes/${note.id}`} className={styles.noteCard}>
                  <span className={styles.noteTop}>
                    <h2 className={styles.noteTitle}>{note.title}</h2>
                    <time className={styles.noteDate} dateTime={note.date}>
                      {formatNoteDate(note.date)}
                    </time>
                  </span>
                  <p className={styles.noteExcerpt}>{note.content}</p>
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={notes.data.meta.current_page} last={notes.data.meta.last_page} total={notes.data.meta.total} />
        </>
      )}
    </div>
  );
}

function Pager({ page, last, total }: { page: number; last: number; total: number }) {
  if (last <= 1) return null;
  const to = (target: number) => (target === 1 ? "/profile/notes" : `/profile/notes?page=${target}`);
  return (
    <nav className={styles.pager} aria-label="Notes pages">
      {page > 1 ? (
        <ButtonLink to={to(page - 1)} variant="secondary" size="sm" rel="prev">
          <span aria-hidden="true">←</span> Newer
        </ButtonLink>
      ) : (
        <span />
      )}
      <p className={styles.pageOf} aria-live="polite">
        Page {page} of {last} · {total} notes
      </p>
      {page < last ? (
        <ButtonLink to={to(page + 1)} variant="secondary" size="sm" rel="next">
          Older <span aria-hidden="true">→</span>
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
