import type { WorkbookEntry } from "@serene/contracts";
import { canPlay } from "@serene/domain";
import { Link, Navigate } from "react-router";
import { ContentCard, EmptyState } from "../../../components/content";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast-store";
import { isSubscriber, useAccountStatus } from "../../../lib/server-data/account-status";
import { useRecommendations } from "../../../lib/server-data/library";
import { useEntry, useSaveNote, useWorkbookCards } from "../api/workbooks";
import { entryDate, noteContent, noteTitle } from "../model/summary";
import { EntryAnswers } from "./entry-answers";
import { workbookPath } from "./workbook-card";
import styles from "./entry.module.css";

/** The entry a result page shows: the one just saved, else the member's latest of this workbook. */
function useResultEntryId(workbookId: string, freshEntryId: string | null) {
  const cards = useWorkbookCards();
  if (freshEntryId) return { id: freshEntryId, pending: false, none: false };
  if (cards.isPending) return { id: null, pending: true, none: false };
  const card = cards.data?.find((item) => String(item.id) === workbookId);
  const id = card?.latest_entry_id ?? null;
  return { id, pending: false, none: id === null };
}

/**
 * /workbooks/workbook/:id/result: the entry just saved read back, and what to do next: a session from the
 * catalogue, keeping the summary as a note, or going back to the workbooks. Opened without a fresh entry it
 * shows the member's latest entry of this workbook, or sends them to fill it in.
 */
export function WorkbookResult({ workbookId, freshEntryId }: { workbookId: string; freshEntryId: string | null }) {
  const target = useResultEntryId(workbookId, freshEntryId);
  const entry = useEntry(target.id);

  if (target.none) return <Navigate to={workbookPath(workbookId)} replace />;
  if (target.pending || entry.isPending) {
    return (
      <div className={styles.result} aria-busy="true">
        <Skeleton className={styles.skeletonHead} />
        <Skeleton className={styles.skeletonBody} />
      </div>
    );
  }
  if (entry.isError) {
    return (
      <EmptyState action={<ButtonLink to="/workbooks">Back to workbooks</ButtonLink>}>
        This entry could not be found. It may have been deleted.
      </EmptyState>
    );
  }
  const saved = entry.data;
  return (
    <div className={styles.result}>
      <header className={styles.resultHead}>
        <span className={styles.savedBadge}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6.5 12.5L10.3 16.2L17.5 8.5" />
          </svg>
          Saved to your worksheets
        </span>
        <h1 className={styles.resultTitle}>{saved.workbook_name}</h1>
        <p className={styles.resultLead}>
          {`${entryDate(saved.created_at)}. `}
          Well done for taking this time. Writing things down is a small, steady way of getting to know your mind.
        </p>
      </header>
      <div className={styles.resultGrid}>
        <section className={styles.panel} aria-labelledby="result-summary">
          <h2 id="result-summary" className={styles.panelTitle}>
            Your answers
          </h2>
          <EntryAnswers entry={saved} />
        </section>
        <aside className={styles.next} aria-labelledby="result-next">
          <h2 id="result-next" className={styles.panelTitle}>
            What next
          </h2>
          <SaveAsNote entry={saved} />
          <Recommended />
          <ButtonLink to="/workbooks" variant="secondary" block>
            Back to workbooks
          </ButtonLink>
        </aside>
      </div>
    </div>
  );
}

/** 'Save as a note': the workbook's name and date as the title, the summary as the text, then a link to it. */
function SaveAsNote({ entry }: { entry: WorkbookEntry }) {
  const save = useSaveNote({ onSuccess: () => toast.success("Saved to your notes") });
  return (
    <div className={styles.nextItem}>
      <p className={styles.nextText}>Keep these answers with your notes, to come back to them or add to them later.</p>
      {save.isSuccess ? (
        <Link className={styles.noteLink} to={`/profile/notes/${save.data.id}`}>
          Open the note <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <Button
          variant="primary"
          block
          onClick={() => save.mutate({ title: noteTitle(entry), content: noteContent(entry) })}
          disabled={save.isPending}
          aria-busy={save.isPending || undefined}
        >
          {save.isPending ? "Saving…" : "Save as a note"}
        </Button>
      )}
    </div>
  );
}

/** A session from the catalogue to rest with after the writing: the first of GET /recommendation. */
function Recommended() {
  const recommendation = useRecommendations();
  const status = useAccountStatus();
  const item = recommendation.data?.[0];
  if (recommendation.isPending) return <Skeleton className={styles.skeletonCard} />;
  if (!item) return null;
  return (
    <div className={styles.nextItem}>
      <p className={styles.nextText}>A calm session to settle after writing:</p>
      <div className={styles.recommended}>
        <ContentCard item={item} locked={!canPlay(item, isSubscriber(status.data))} look="step" eyebrow="Recommended" />
      </div>
    </div>
  );
}
