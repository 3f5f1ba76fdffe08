import type { Workbook, WorkbookEntry } from "@serene/contracts";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FieldError } from "../../../components/ui/field-error";
import { Notice } from "../../../components/ui/notice";
import { ApiError, tooManyRequestsMessage } from "../../../lib/api-client";
import { useSaveEntry } from "../api/workbooks";
import { useWorkbookFlow } from "../hooks/use-workbook-flow";
import { answerErrors, entryBody } from "../model/answers";
import { QuestionField } from "./question-field";
import styles from "./flow.module.css";

const withoutKey = (errors: Record<string, string[]>, key: string) => {
  const rest = { ...errors };
  delete rest[key];
  return rest;
};

interface WorkbookFlowProps {
  workbook: Workbook;
  /** Whose answers are kept on this device. */
  memberId: string;
  /** The entry was saved: the page goes on to its result. */
  onSaved: (entry: WorkbookEntry) => void;
}

/**
 * A workbook, one question at a time (spec 001 section 4): a progress bar of (index + 1) / n over the questions
 * asked, Back, Next, and a reset that asks first. Required answers hold Next with a kind message; the server's
 * messages about an answer open that question. Answers stay on this device until the entry is saved.
 */
export function WorkbookFlow({ workbook, memberId, onSaved }: WorkbookFlowProps) {
  const flow = useWorkbookFlow(workbook, memberId);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const messageId = useId();
  const question = flow.question;
  const firstRender = useRef(true);

  // Each new question takes the focus, so a keyboard or screen reader starts reading it from its text.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [question?.id]);

  const save = useSaveEntry({
    onSuccess: (entry) => {
      flow.forget();
      onSaved(entry);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        const byQuestion = answerErrors(error.data.errors);
        setServerErrors(byQuestion);
        const first = flow.questions.find((item) => byQuestion[item.id]);
        if (first) flow.goTo(first.id);
        return;
      }
      const tooMany = tooManyRequestsMessage(error);
      setServerErrors({
        "": [tooMany ?? "Your answers could not be saved just now. They are kept on this device: please try again in a moment."],
      });
    },
  });

  if (!question) {
    return <Notice title="This workbook has no questions yet.">Please choose another workbook for now.</Notice>;
  }

  const onNext = () => {
    const answers = flow.next();
    if (answers && flow.isLast) {
      setServerErrors({});
      save.mutate(entryBody(workbook, answers));
    }
  };

  const questionErrors = serverErrors[question.id];
  const problem = flow.problem ?? null;
  const general = serverErrors[""];
  const percent = Math.round(flow.progress * 100);

  return (
    <div className={styles.flow}>
      <header className={styles.head}>
        <Link to="/workbooks" className={styles.backLink}>
          <span aria-hidden="true">←</span> All workbooks
        </Link>
        <h1 className={styles.title}>{workbook.name}</h1>
        <p className={styles.technique}>{workbook.technique}</p>
      </header>

      <div className={styles.progress}>
        <div className={styles.progressText}>
          <span>{`Question ${flow.index + 1} of ${flow.questions.length}`}</span>
          <span>{`${percent}%`}</span>
        </div>
        <progress
          className={styles.bar}
          max={flow.questions.length}
          value={flow.index + 1}
          aria-label="Progress"
          aria-valuetext={`Question ${flow.index + 1} of ${flow.questions.length}`}
        />
      </div>

      <section className={styles.question} aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.questionText}>
          {question.text}
        </h2>
        {question.hint && <p className={styles.hint}>{question.hint}</p>}
        <QuestionField
          question={question}
          value={flow.answers[question.id]}
          onChange={(value) => {
            flow.setAnswer(question.id, value);
            if (questionErrors) setServerErrors((current) => withoutKey(current, question.id));
          }}
          labelledBy={headingId}
          describedBy={problem || questionErrors ? messageId : undefined}
          invalid={Boolean(problem || questionErrors)}
        />
        {problem ? (
          <p id={messageId} className={styles.problem} role="alert">
            {problem}
          </p>
        ) : (
          <FieldError id={messageId} messages={questionErrors} all />
        )}
      </section>

      {general && <Notice kind="error">{general[0]}</Notice>}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={flow.back} disabled={flow.isFirst || save.isPending}>
          Back
        </Button>
        <Button onClick={onNext} disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {flow.isLast ? (save.isPending ? "Saving…" : "Save my answers") : question.kind === "instruction" ? "Continue" : "Next"}
        </Button>
      </div>
      <div className={styles.resetRow}>
        <button type="button" className={styles.reset} onClick={() => setConfirmReset(true)} disabled={save.isPending}>
          Reset
        </button>
        <span className={styles.keptNote}>Your answers stay on this device until you save them.</span>
      </div>

      <ConfirmDialog
        open={confirmReset}
        title="Are you sure?"
        confirmLabel="Start over"
        cancelLabel="Keep my answers"
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          setServerErrors({});
          flow.reset();
        }}
      >
        <p>Reset clears every answer in this workbook and takes you back to the first question.</p>
      </ConfirmDialog>
    </div>
  );
}
