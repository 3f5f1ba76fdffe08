import { outcomePercentage, QUIZ_GOALS, type QuizGoal } from "@serene/domain";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { analytics } from "../../../lib/analytics";
import { hasToken } from "../../../lib/storage";
import { useLead } from "../../../lib/server-data/lead";
import { useMember } from "../../../lib/server-data/member";
import { quizSource, useQuiz } from "../../../lib/server-data/quiz";
import { goalOf, planPath, readLocalQuiz } from "../model";
import { FirstWeek } from "./first-week";
import { ProgressCurve } from "./progress-curve";
import { ResultsLoading, ResultsShell } from "./results-shell";
import type { Testimonial } from "../../../components/ui/testimonials";
import { GetMyPlan, SocialProof } from "./social-proof";
import styles from "./results.module.css";

/** The result being shown: the goal, its outcome percentage, the quiz it came from and the funnel for events. */
interface Result {
  goal: QuizGoal;
  percentage: number;
  /** The quiz answered; null when only the member's goal is known (the default quiz's copy is used). */
  slug: string | null;
  funnel: string;
}

/**
 * Where the result comes from, in order: the answers kept on this device with the quiz form; the
 * lead named by `?lead=` (the e-mailed sign-in link); the signed-in member's goal. Loading while a
 * call is out; null when there is nothing to show.
 */
function useResult(): { result: Result | null; loading: boolean } {
  const [params] = useSearchParams();
  const [local] = useState(readLocalQuiz);
  const [signedIn] = useState(hasToken);
  const leadId = params.get("lead");
  const localGoal = local?.goal ?? null;
  const lead = useLead(leadId, !localGoal);
  const leadGoal = goalOf(lead.data?.goal);
  const member = useMember(signedIn && !localGoal && (!leadId || lead.isError || (lead.isSuccess && !leadGoal)));
  const memberGoal = goalOf(member.data?.goal);

  if (local && localGoal) {
    return {
      result: { goal: localGoal, percentage: outcomePercentage(localGoal)!, slug: local.slug, funnel: local.funnel },
      loading: false,
    };
  }
  if (lead.data && leadGoal) {
    const slug = lead.data.quiz_slug;
    const percentage = lead.data.outcome_percentage ?? outcomePercentage(leadGoal)!;
    return { result: { goal: leadGoal, percentage, slug, funnel: local?.funnel ?? slug ?? "" }, loading: false };
  }
  if (member.data && memberGoal) {
    return {
      result: { goal: memberGoal, percentage: outcomePercentage(memberGoal)!, slug: null, funnel: local?.funnel ?? "" },
      loading: false,
    };
  }
  return { result: null, loading: lead.isLoading || member.isLoading };
}

/**
 * /quiz-results and /lead-quiz-result (spec 000 sections 2 and 4, spec 001 Quiz): the personal
 * result of the quiz: the goal's copy, the share of people with this goal who reported progress
 * (spec 001, first variant), a picture of how progress often builds, the recommended first week,
 * what members say, and 'Get My Plan' to the paywall with the quiz-finished action (InformIntent).
 */
export function QuizResultsPage({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const { result, loading } = useResult();
  if (result) return <Result result={result} testimonials={testimonials} />;
  if (loading) return <ResultsLoading />;
  return <NothingToShow />;
}

function Result({ result, testimonials }: { result: Result; testimonials: readonly Testimonial[] }) {
  const quiz = useQuiz(quizSource(result.slug), { retry: false });
  const copy = quiz.data?.goals.find((entry) => entry.goal === result.goal);
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    analytics.track("quiz_results_view", { funnel: result.funnel, quiz: result.slug ?? "" });
  }, [result.funnel, result.slug]);

  const plan = planPath();
  return (
    <ResultsShell
      hero={
        <section className={styles.intro} aria-labelledby="result-title">
          <p className={styles.eyebrow}>Your result</p>
          {quiz.isPending ? (
            <>
              <h1 id="result-title" className={styles.visuallyHidden}>
                Your result
              </h1>
              <Skeleton className={styles.titleSkeleton} />
            </>
          ) : (
            <>
              <h1 id="result-title" className={styles.title}>
                {copy?.title ?? "Your personal plan is ready"}
              </h1>
              <p className={styles.subtitle}>{copy?.subtitle ?? "Built around the goal you chose, one calm step at a time."}</p>
            </>
          )}
        </section>
      }
    >
      <section className={styles.main} aria-labelledby="result-outcome">
        <h2 id="result-outcome" className={styles.visuallyHidden}>
          People with your goal
        </h2>
        <div className={styles.outcome}>
          <p className={styles.goalChip}>
            Your goal: <strong>{QUIZ_GOALS[result.goal]}</strong>
          </p>
          <p className={styles.percentage} data-testid="outcome-percentage">
            {result.percentage}%
          </p>
          <p className={styles.percentageLabel}>of people with this goal who reported progress</p>
        </div>
        <ProgressCurve />
        <GetMyPlan to={plan} />
      </section>

      <FirstWeek goal={result.goal} titleId="result-first-week" />

      <SocialProof testimonials={testimonials} />

      <section className={styles.closing} aria-labelledby="result-closing">
        <h2 id="result-closing" className={styles.sectionTitle}>
          Ready when you are
        </h2>
        <p>Your plan starts with a few calm minutes today and grows with you, one small step at a time.</p>
        <ButtonLink to={plan} size="lg" className={styles.cta}>
          Get My Plan
        </ButtonLink>
      </section>
    </ResultsShell>
  );
}

/** No answers on this device, no lead and no member goal: a kind way into the quiz. */
export function NothingToShow({ quizPath = "/quiz", title = "Your result will appear here" }: { quizPath?: string; title?: string }) {
  return (
    <ResultsShell
      hero={
        <section className={styles.intro} aria-labelledby="result-empty">
          <p className={styles.eyebrow}>Your result</p>
          <h1 id="result-empty" className={styles.title}>
            {title}
          </h1>
          <p className={styles.subtitle}>
            We could not find your answers on this device. It only takes a couple of minutes to take the quiz.
          </p>
        </section>
      }
    >
      <section className={styles.main}>
        <p className={styles.emptyText}>
          Answer a few short questions and we will suggest a first week of sessions that suits you. There are no right or wrong answers.
        </p>
        <ButtonLink to={quizPath} size="lg" block className={styles.cta}>
          Take the quiz
        </ButtonLink>
      </section>
    </ResultsShell>
  );
}
