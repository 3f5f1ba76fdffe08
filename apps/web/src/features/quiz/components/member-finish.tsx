import { useEffect, useRef, type RefObject } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { Spinner } from "../../../components/ui/spinner";
import { STORAGE_KEYS, storage, writeQuizForm } from "../../../lib/storage";
import { writeStoredQuizAnswers } from "../../../lib/stored-quiz-answers";
import { useAnswerQuiz } from "../api/answer-quiz";
import type { Quiz } from "../api/quiz";
import { clearProgress, finalAnswers, resultsPath, type Answers } from "../model";
import styles from "../quiz.module.css";
import { QuizProgressBar } from "./progress-bar";

interface MemberFinishProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  quiz: Quiz;
  answers: Answers;
  onBack: () => void;
}

/** The end of the quiz for a signed-in member: the answers go to POST /quiz (setting their goal), then the results. */
export function MemberFinish({ headingRef, quiz, answers, onBack }: MemberFinishProps) {
  const navigate = useNavigate();
  const save = useAnswerQuiz();
  const started = useRef(false);

  const send = () => {
    const sentAnswers = finalAnswers(quiz, answers);
    save.mutate(
      { quiz: quiz.slug, answers: sentAnswers, isQuizCompleted: true },
      {
        onSuccess: () => {
          storage.set(STORAGE_KEYS.quizFlag, quiz.slug);
          writeQuizForm({ isQuizCompleted: true, slug: quiz.slug, isCustomQuiz: quiz.is_custom, funnel: quiz.slug });
          writeStoredQuizAnswers(quiz.slug, sentAnswers, quiz.total);
          clearProgress(quiz.slug);
          void navigate(resultsPath(quiz), { replace: true });
        },
      },
    );
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sent once, when the last answer is in
  }, []);

  return (
    <section className={`${styles.card} ${styles.centered}`} aria-labelledby="quiz-saving-title" aria-busy={save.isPending}>
      <QuizProgressBar index={quiz.total - 1} total={quiz.total} onBack={save.isError ? onBack : undefined} label="Last step" />
      <h1 id="quiz-saving-title" ref={headingRef} tabIndex={-1} className={styles.question}>
        {save.isError ? "Your answers are not saved yet" : "Putting your results together"}
      </h1>
      {save.isError ? (
        <>
          <Notice kind="error">We could not save your answers just now. They are kept on this device; please try again.</Notice>
          <Button size="lg" onClick={send}>
            Try again
          </Button>
        </>
      ) : (
        <Spinner label="Saving your answers" />
      )}
    </section>
  );
}
