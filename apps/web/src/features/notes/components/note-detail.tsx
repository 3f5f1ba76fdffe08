import { LoadProblem } from "../../../components/ui/load-problem";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PillButton } from "../../../components/ui/pill-button";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { useDeleteNote, useNote } from "../api/notes";
import { formatNoteDate } from "./format";
import { NoteForm } from "./note-form";
import styles from "./notes.module.css";

export const DELETE_QUESTION = "Are you sure?";
export const DELETED = "Successfully deleted";

/** The way back from a note: to the list (history back would leave the profile after a fresh visit). */
function BackToNotes() {
  const navigate = useNavigate();
  return (
    <PillButton size="sm" onClick={() => void navigate("/profile/notes")}>
      <span aria-hidden="true">←</span> Back
    </PillButton>
  );
}

/** A note that is not there (deleted, another member's, or never written): said kindly, inside the profile. */
export function NoteNotFound() {
  return (
    <div className={styles.notFound} role="status">
      <h2>We could not find this note</h2>
      <p>It may have been deleted, or the link is not quite right.</p>
      <ButtonLink to="/profile/notes" variant="secondary">
        Back to your notes
      </ButtonLink>
    </div>
  );
}

function NoteLoading() {
  return (
    <div className={styles.detail} aria-busy="true" aria-label="Loading the note">
      <Skeleton className={styles.lineShort} />
      <Skeleton className={styles.lineTitle} />
      <Skeleton className={styles.noteSkeleton} />
    </div>
  );
}

function useNoteOrMissing(id: string) {
  const note = useNote(id);
  const missing = note.isError && note.error instanceof ApiError && note.error.status === 404;
  return { note, missing };
}

/** A note the server could not give just now (not a missing one): a calm line and a way to try again. */
const NoteLoadFailed = ({ retry }: { retry: () => void }) => (
  <LoadProblem message="This note could not be loaded just now." onRetry={retry} />
);

/**
 * /profile/notes/:id (spec 001 "Notes"): back, date, title and the text as written; edit, and delete
 * after 'Are you sure?', which says 'Successfully deleted' and returns to the list.
 */
export function NoteDetail({ id }: { id: string }) {
  const { note, missing } = useNoteOrMissing(id);
  const remove = useDeleteNote(id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (note.isPending) return <NoteLoading />;
  if (missing) return <NoteNotFound />;
  if (note.isError) return <NoteLoadFailed retry={() => void note.refetch()} />;

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      toast.success(DELETED);
      await navigate("/profile/notes", { replace: true });
    } catch {
      // The global error toast has said what went wrong; the note stays.
      setConfirming(false);
    }
  };

  return (
    <article className={styles.detail} aria-labelledby="note-title">
      <div className={styles.detailBar}>
        <BackToNotes />
        <div className={styles.detailActions}>
          <ButtonLink to={`/profile/notes/${id}/edit`} variant="secondary" size="sm">
            Edit
          </ButtonLink>
          <Button variant="ghost" size="sm" className={styles.deleteButton} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </div>
      <div className={styles.sheet}>
        <time className={styles.detailDate} dateTime={note.data.date}>
          {formatNoteDate(note.data.date)}
        </time>
        <h2 id="note-title" className={styles.detailTitle}>
          {note.data.title}
        </h2>
        <p className={styles.detailContent}>{note.data.content}</p>
      </div>
      <ConfirmDialog
        open={confirming}
        title={DELETE_QUESTION}
        confirmLabel="Delete"
        cancelLabel="Keep it"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        &ldquo;{note.data.title}&rdquo; will be deleted for good.
      </ConfirmDialog>
    </article>
  );
}

/** /profile/notes/:id/edit: the note's form with what it says now. */
export function NoteEdit({ id }: { id: string }) {
  const { note, missing } = useNoteOrMissing(id);
  if (note.isPending) return <NoteLoading />;
  if (missing) return <NoteNotFound />;
  if (note.isError) return <NoteLoadFailed retry={() => void note.refetch()} />;
  return <NoteForm note={note.data} />;
}
