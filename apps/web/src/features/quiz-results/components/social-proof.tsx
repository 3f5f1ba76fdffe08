import { ButtonLink } from "../../../components/ui/button";
import { Testimonials, type Testimonial } from "../../../components/ui/testimonials";
import styles from "./results.module.css";

/** 'Get My Plan' to the paywall, with the reassurance under it (both result screens). */
export function GetMyPlan({ to }: { to: string }) {
  return (
    <>
      <ButtonLink to={to} size="lg" block className={styles.cta}>
        Get My Plan
      </ButtonLink>
      <p className={styles.reassure}>
        <span aria-hidden="true">✓</span> Cancel anytime. No questions asked.
      </p>
    </>
  );
}

/** The paywall's 'Similar people' figure (spec 000 section 2) and what members say, under a result. */
export function SocialProof({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <>
      <section className={styles.similar} aria-labelledby="result-similar">
        <h2 id="result-similar" className={styles.sectionTitle}>
          Similar people
        </h2>
        <p className={styles.stat}>
          <strong>3 out of 4</strong> started to feel better within 2 weeks
        </p>
      </section>
      <Testimonials items={testimonials} titleId="result-reviews" titleClassName={styles.sectionTitle} />
    </>
  );
}
