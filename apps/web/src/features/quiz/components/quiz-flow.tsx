import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { BrandLink } from "../../../components/brand/brand-link";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { analytics } from "../../../lib/analytics";
import { hasToken } from "../../../lib/storage";
import { isMissingQuiz, useQuiz, type Quiz, type QuizSource, type QuizStep, useQuizBuilder, type QuizGoalCopy } from "../api/quiz";
import { clearProgress, goalCopyFor, readProgress, sliderValue, writeProgress, type AnswerValue, type QuizProgress } from "../model";
import styles from "../quiz.module.css";
import { EmailStep } from "./email-step";
import { InboxScreen } from "./inbox-screen";
import { MemberFinish } from "./member-finish";
import { QuizProgressBar } from "./progress-bar";
import { MultiChoice, MultiTextField, RangeField, SingleChoice, TextField } from "./question-fields";

/** The quiz's page: the product's name on top and one calm card. */
function QuizFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <BrandLink to={hasToken() ? "/home" : "/"} />
        </div>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms-of-service">Terms of Service</Link>
        <Link to="/faq">FAQ</Link>
      </footer>
    </div>
  );
}

/** The steps, the e-mail step and the inbox: the quiz is loaded once, then every step is already here. */
export function QuizFlow({ source }: { source: QuizSource }) {
  const quiz = useQuiz(source);
  const builder = useQuizBuilder(quiz.data?.is_custom ? quiz.data.slug : null);
  return (
    <QuizFrame>
      {quiz.isPending ? (
        <div className={styles.card} aria-busy="true" aria-label="Loading the quiz">
          <Skeleton className={styles.skeletonBar} />
          <Skeleton className={styles.skeletonTitle} />
          <Skeleton className={styles.skeletonOption} />
          <Skeleton className={styles.skeletonOption} />
          <Skeleton className={styles.skeletonOption} />
        </div>
      ) : quiz.isError ? (
        isMissingQuiz(quiz.error) ? (
          <QuizMissing />
        ) : (
          <QuizUnavailable onRetry={() => void quiz.refetch()} />
        )
      ) : (
        <QuizRunner key={quiz.data.slug} quiz={quiz.data} goals={builder.data?.goals ?? quiz.data.goals} />
      )}
    </QuizFrame>
  );
}

function QuizMissing() {
  return (
    <section className={`${styles.card} ${styles.centered}`} aria-labelledby="quiz-missing">
      <svg className={styles.art} viewBox="0 0 160 96" aria-hidden="true" focusable="false">
        <circle cx="118" cy="30" r="18" fill="#fdebdd" />
        <path d="M0 72c27-17 53-17 80 0s53 17 80 0v24H0z" fill="#c9b8f2" opacity="0.6" />
        <path d="M0 80c27-12 53-12 80 0s53 12 80 0v16H0z" fill="#7cc6b4" opacity="0.7" />
        <circle cx="44" cy="26" r="3" fill="#9cc3f0" />
        <circle cx="72" cy="14" r="2" fill="#9cc3f0" />
      </svg>
      <h1 id="quiz-missing" className={styles.question}>
        We could not find this quiz
      </h1>
      <p className={styles.hint}>The link may be old or mistyped. Our main quiz takes about two minutes and shapes a plan around you.</p>
      <ButtonLink to="/quiz" size="lg">
        Take the main quiz
      </ButtonLink>
    </section>
  );
}

function QuizUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <section className={`${styles.card} ${styles.centered}`} aria-labelledby="quiz-unavailable">
      <h1 id="quiz-unavailable" className={styles.question}>
        The quiz did not load
      </h1>
      <p className={styles.hint}>It may be the connection. Give it another try in a moment.</p>
      <Button size="lg" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}

interface RunnerProps {
  quiz: Quiz;
  /** The per-goal copy of a custom quiz (GET /quiz-builder), when it has arrived. */
  goals?: readonly QuizGoalCopy[];
}

/**
 * One question per screen. Every change is written to local storage at once (one key per quiz), so
 * a reload opens the same step with the same answers. Nothing is sent until the end.
 */
function QuizRunner({ quiz, goals }: RunnerProps) {
  const [progress, setProgress] = useState<QuizProgress>(() => readProgress(quiz));
  const heading = useRef<HTMLHeadingElement>(null);
  const funnel = { funnel: quiz.slug, quiz: quiz.slug };
  const atEnd = progress.step >= quiz.total;
  const screen = progress.sent ? "inbox" : atEnd ? "end" : `step-${progress.step}`;
  const viewed = useRef(false);

  // Each new screen's heading takes the focus, so a screen reader reads the new question and Tab starts
  // from it. The first screen of a visit leaves the focus where the page load put it.
  const firstScreen = useRef(true);
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    heading.current?.focus();
  }, [screen]);

  useEffect(() => {
    if (viewed.current || progress.step !== 0 || progress.sent) return;
    viewed.current = true;
    analytics.track("quiz_view", { ...funnel, total: quiz.total });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the first question is on screen
  }, [progress.step, progress.sent]);

  const save = (next: QuizProgress) => {
    setProgress(next);
    writeProgress(quiz.slug, next);
  };
  const change = (step: QuizStep, value: AnswerValue) => save({ ...progress, answers: { ...progress.answers, [step.field.key]: value } });
  const advance = (step: QuizStep, value: AnswerValue) => {
    analytics.track("quiz_step", { ...funnel, step: progress.step + 1, key: step.key });
    save({ step: progress.step + 1, answers: { ...progress.answers, [step.field.key]: value } });
  };
  const back = () => save({ ...progress, step: Math.max(0, Math.min(progress.step, quiz.total) - 1) });
  const restart = () => {
    clearProgress(quiz.slug);
    viewed.current = false;
    setProgress({ step: 0, answers: {} });
  };

  const goalCopy = goalCopyFor(goals, progress.answers);

  if (progress.sent) return <InboxScreen headingRef={heading} sent={progress.sent} onRestart={restart} />;
  if (atEnd) {
    return hasToken() ? (
      <MemberFinish headingRef={heading} quiz={quiz} answers={progress.answers} onBack={back} />
    ) : (
      <EmailStep
        headingRef={heading}
        quiz={quiz}
        answers={progress.answers}
        goalCopy={goalCopy}
        onBack={back}
        onSent={(sent) => save({ ...progress, sent })}
      />
    );
  }

  const step = quiz.steps[progress.step]!;
  return (
    <QuestionScreen
      key={step.key}
      headingRef={heading}
      quiz={quiz}
      index={progress.step}
      step={step}
      value={progress.answers[step.field.key]}
      eyebrow={goalCopy?.title ?? quiz.title}
      onBack={progress.step > 0 ? back : undefined}
      onChange={(value) => change(step, value)}
      onAnswer={(value) => advance(step, value)}
      sliderStart={sliderValue(step, progress.answers)}
    />
  );
}

interface QuestionProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  quiz: Quiz;
  index: number;
  step: QuizStep;
  value: AnswerValue | undefined;
  eyebrow: string;
  sliderStart: number;
  onBack?: () => void;
  onChange: (value: AnswerValue) => void;
  onAnswer: (value: AnswerValue) => void;
}

function QuestionScreen({ headingRef, quiz, index, step, value, eyebrow, sliderStart, onBack, onChange, onAnswer }: QuestionProps) {
  const headingId = `quiz-question-${step.key}`;
  const kind = step.field.kind;
  const list = Array.isArray(value) ? value : [];
  const text = typeof value === "string" ? value : "";
  // A multi select needs one choice; the other kinds may go on as they are (a slider's 50 is an answer).
  const ready = kind !== "multi select" || list.length > 0;
  const finalValue = (): AnswerValue =>
    kind === "range" ? sliderStart : kind === "multi select" || kind === "multi text" ? list : kind === "text" ? text.trim() : text;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <QuizProgressBar index={index} total={quiz.total} onBack={onBack} />
      <div className={styles.heading}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id={headingId} ref={headingRef} tabIndex={-1} className={styles.question}>
          {step.question}
        </h1>
        {step.hint && <p className={styles.hint}>{step.hint}</p>}
        {index === 0 && <p className={styles.intro}>{quiz.intro}</p>}
      </div>
      {kind === "select" ? (
        <SingleChoice step={step} labelledBy={headingId} value={typeof value === "string" ? value : undefined} onChange={onAnswer} />
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) onAnswer(finalValue());
          }}
        >
          {kind === "multi select" && <MultiChoice step={step} labelledBy={headingId} value={list} onChange={onChange} />}
          {kind === "range" && <RangeField step={step} labelledBy={headingId} value={sliderStart} onChange={onChange} />}
          {kind === "text" && <TextField step={step} labelledBy={headingId} value={text} onChange={onChange} />}
          {kind === "multi text" && <MultiTextField step={step} labelledBy={headingId} value={list} onChange={onChange} />}
          <div className={styles.actions}>
            <Button type="submit" size="lg" block disabled={!ready}>
              Continue
            </Button>
            {!ready && <p className={styles.note}>Choose at least one to go on.</p>}
          </div>
        </form>
      )}
    </section>
  );
}
