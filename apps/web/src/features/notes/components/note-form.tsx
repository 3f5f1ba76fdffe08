import type { Note, NoteBody } from "@serene/contracts";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/field-error";
import fieldStyles from "../../../components/ui/field.module.css";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { ApiError, tooManyRequestsMessage } from "../../../lib/api-client";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { useSaveNote } from "../api/notes";
import styles from "./notes.module.css";

/** The server's limits (contracts NOTE_TITLE_MAX, NOTE_CONTENT_MAX): the inputs stop there rather than earn a 422. */
const TITLE_MAX = 120;
const CONTENT_MAX = 10_000;

/** What the form says when the server refuses a write for any reason but the fields (429 included, with its message). */
export function saveProblem(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status === 422) return undefined;
  const tooMany = tooManyRequestsMessage(error);
  if (tooMany) return tooMany;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return "Your note could not be saved just now. Please try again.";
}

/**
 * Writing a note, new or existing: a title and the text (line breaks kept). The server's messages show
 * under each field (422) or above the buttons (429 and other failures); saving opens the note.
 */
export function NoteForm({ note }: { note?: Note }) {
  const navigate = useNavigate();
  const save = useSaveNote(note?.id);
  const server = useServerFieldErrors({ messages: "first" });
  const [problem, setProblem] = useState<string>();
  const [values, setValues] = useState<NoteBody>({ title: note?.title ?? "", content: note?.content ?? "" });
  const contentId = useId();
  const cancelTo = note ? `/profile/notes/${note.id}` : "/profile/notes";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    server.clear();
    setProblem(undefined);
    try {
      const reply = await save.mutateAsync(values);
      await navigate(`/profile/notes/${reply.id}`, { replace: !note });
    } catch (error) {
      server.capture(error);
      setProblem(saveProblem(error));
    }
  };

  const contentErrors = server.errors.content;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={note ? "Edit note" : "New note"}>
      <Input
        label="Title"
        name="title"
        type="text"
        autoComplete="off"
        maxLength={TITLE_MAX}
        required
        value={values.title}
        onChange={(event) => setValues((current) => ({ ...current, title: event.target.value }))}
        {...server.field("title")}
      />
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={contentId}>
          Your note
        </label>
        <textarea
          id={contentId}
          name="content"
          className={`${fieldStyles.input} ${styles.textarea}`}
          rows={10}
          maxLength={CONTENT_MAX}
          required
          value={values.content}
          aria-invalid={contentErrors ? true : undefined}
          aria-describedby={contentErrors ? `${contentId}-error` : undefined}
          onChange={(event) => setValues((current) => ({ ...current, content: event.target.value }))}
        />
        <FieldError id={`${contentId}-error`} messages={contentErrors} />
      </div>
      {(problem ?? server.formMessage) && <Notice kind="error">{problem ?? server.formMessage}</Notice>}
      <div className={styles.formActions}>
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {note ? "Save changes" : "Save note"}
        </Button>
      </div>
    </form>
  );
}
