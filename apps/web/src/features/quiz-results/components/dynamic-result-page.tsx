import { quizScore, resultBand } from "@serene/domain";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { analytics } from "../../../lib/analytics";
import { storedFunnel } from "../../../lib/stored-quiz-answers";
import { ApiError } from "../../../lib/api-client";
import { useLead } from "../../../lib/server-data/lead";
import { useQuizBuilder } from "../../../lib/server-data/quiz";
import { goalOf, planPath, quizPath, readAnswersFor } from "../model";
import { NothingToShow } from "./quiz-results-page";
import { ResultsLoading, ResultsShell } from "./results-shell";
import type { Testimonial } from "../../../components/ui/testimonials";
import { GetMyPlan, SocialProof } from "./social-proof";
import styles from "./results.module.css";

/**
 * /quiz-dynamic-results/{slug} and /lead-dynamic-result/{slug} (spec 000 sections 2 and 4): the
 * result of a custom quiz by its own rules. The score of the answers kept on this device is computed
 * by the same rule as the server (quizScore over the quiz's scored fields, then resultBand); the
 * band gives the title, the copy and the checkout the call to action opens, with the dynamic flag.
 * Opened from the lead's e-mail on another device (`?lead=`), the answers are the lead's own.
 */
export function DynamicResultPage({ slug, testimonials }: { slug: string; testimonials: readonly Testimonial[] }) {
  const [local] = useState(() => readAnswersFor(slug));
  const leadId = useSearchParams()[0].get("lead");
  const lead = useLead(leadId, !local);
  const leadData = lead.data;
  const answers = local ?? (leadData && leadData.quiz_slug === slug && Object.keys(leadData.answers).length > 0 ? leadData.answers : null);
  const builder = useQuizBuilder(slug);
  const data = builder.data;
  const band = data && answers ? resultBand(data.result.bands, quizScore(data.result.fields, answers)) : null;
  const goal = goalOf(answers?.goal);
  const copy = goal ? data?.goals.find((entry) => entry.goal === goal) : undefined;

  const tracked = useRef(false);
  useEffect(() => {
    if (!band || tracked.current) return;
    tracked.current = true;
    analytics.track("quiz_results_view", { funnel: storedFunnel() ?? slug, quiz: slug });
  }, [band, slug]);

  if (!answers && lead.isLoading) return <ResultsLoading />;
  // Without answers there is nothing to wait for: the way into the quiz shows at once (its address follows the quiz's type).
  if (!answers) return <NothingToShow quizPath={quizPath(data?.type, slug)} />;
  if (builder.isPending) return <ResultsLoading />;
  if (builder.error instanceof ApiError && builder.error.status === 404) return <NothingToShow title="We could not find this quiz" />;
  if (!data || !band) return <NothingToShow quizPath={data ? quizPath(data.type, slug) : "/quiz"} />;

  const plan = planPath(band.checkout_id);
  return (
    <ResultsShell
      hero={
        <section className={styles.intro} aria-labelledby="result-title">
          <p className={styles.eyebrow}>Your result</p>
          <h1 id="result-title" className={styles.title} data-testid="band-title">
            {band.title}
          </h1>
          <p className={styles.subtitle}>What your answers suggest, and a gentle place to start.</p>
        </section>
      }
    >
      <section className={styles.main} aria-labelledby="result-band">
        <h2 id="result-band" className={styles.visuallyHidden}>
          What your answers suggest
        </h2>
        <p className={styles.bandCopy}>{band.copy}</p>
        {copy && (
          <div className={styles.focus}>
            <p className={styles.focusLabel}>Your focus</p>
            <p className={styles.focusTitle}>{copy.title}</p>
            <p>{copy.subtitle}</p>
          </div>
        )}
        <p className={styles.note}>This is a gentle guide from your answers, not an assessment.</p>
        <GetMyPlan to={plan} />
      </section>

      <SocialProof testimonials={testimonials} />
    </ResultsShell>
  );
}
