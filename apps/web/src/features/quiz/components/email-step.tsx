import { useState, type FormEvent, type RefObject } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Notice } from "../../../components/ui/notice";
import { analytics } from "../../../lib/analytics";
import { ApiError, fieldErrors, tooManyRequestsMessage } from "../../../lib/api-client";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { STORAGE_KEYS, storage, writeQuizForm } from "../../../lib/storage";
import { writeStoredQuizAnswers } from "../../../lib/stored-quiz-answers";
import { type Quiz, type QuizGoalCopy } from "../api/quiz";
import { useCreateLead } from "../api/create-lead";
import { finalAnswers, type Answers, type SentLead } from "../model";
import styles from "../quiz.module.css";
import { QuizProgressBar } from "./progress-bar";

interface EmailStepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  quiz: Quiz;
  answers: Answers;
  goalCopy: QuizGoalCopy | null;
  onBack: () => void;
  onSent: (sent: SentLead) => void;
}

/** A plain check before the server's: an address needs something on both sides of an @. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** What a failure other than a field's says. */
function failureMessage(error: unknown): string {
  const tooMany = tooManyRequestsMessage(error);
  if (tooMany) return tooMany;
  if (error instanceof ApiError && error.status === 0) return "No connection just now. Check your network and send it again.";
  return "We could not send your results just now. Your answers are safe on this device; please try again in a moment.";
}

/**
 * The end of the quiz for a visitor: an e-mail (and a first name if they like) creates the lead
 * (POST /lead with the answers), which sends a link that signs them in to their result.
 */
export function EmailStep({ headingRef, quiz, answers, goalCopy, onBack, onSent }: EmailStepProps) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const server = useServerFieldErrors({ messages: "first" });
  const lead = useCreateLead();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    server.clear();
    setFailure(null);
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setLocalError(address ? "That address looks incomplete. Please check it." : "Please enter your e-mail address.");
      return;
    }
    setLocalError(null);
    const sentAnswers = finalAnswers(quiz, answers);
    lead.mutate(
      { email: address, ...(name.trim() ? { name: name.trim() } : {}), quiz: quiz.slug, answers: sentAnswers },
      {
        onSuccess: (created) => {
          storage.set(STORAGE_KEYS.quizFlag, quiz.slug);
          writeQuizForm({
            email: address,
            isQuizCompleted: true,
            slug: quiz.slug,
            isCustomQuiz: quiz.is_custom,
            funnel: quiz.slug,
            lead: created.id,
          });
          writeStoredQuizAnswers(quiz.slug, sentAnswers, quiz.total);
          analytics.track("quiz_email", { funnel: quiz.slug, quiz: quiz.slug });
          onSent({ email: address, lead: created.id, statisticId: created.statistic_id });
        },
        onError: (error) => {
          server.capture(error);
          // The e-mail's and the name's messages go under their inputs; anything else gets a kind notice.
          const fields = fieldErrors(error);
          if (!fields.email && !fields.name) setFailure(failureMessage(error));
        },
      },
    );
  };

  const emailErrors = localError ?? server.field("email").errors;
  return (
    <section className={styles.card} aria-labelledby="quiz-email-title">
      <QuizProgressBar index={quiz.total - 1} total={quiz.total} onBack={onBack} label="Last step" />
      <div className={styles.heading}>
        <p className={styles.eyebrow}>{goalCopy?.title ?? "Your results are ready"}</p>
        <h1 id="quiz-email-title" ref={headingRef} tabIndex={-1} className={styles.question}>
          Where should we send your results?
        </h1>
        <p className={styles.hint}>
          {goalCopy ? `${goalCopy.subtitle} ` : ""}We will e-mail you a link that opens your personal results, no password needed.
        </p>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={emailErrors}
        />
        <Input
          label="First name (optional)"
          name="name"
          autoComplete="given-name"
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...server.field("name")}
        />
        {failure && <Notice kind="error">{failure}</Notice>}
        <Button type="submit" size="lg" block disabled={lead.isPending}>
          {lead.isPending ? "Sending…" : "Send my results"}
        </Button>
        <p className={styles.privacy}>
          We keep your answers with your e-mail so your results and plan can follow them, and you can ask us to remove them at any time.{" "}
          <Link to="/privacy-policy">How we look after your data</Link>
        </p>
      </form>
    </section>
  );
}
