import { ButtonLink } from "../../../components/ui/button";
import { startSection } from "../landing.content";
import styles from "./start-section.module.css";

export function StartSection() {
  return (
    <section className={styles.start} aria-labelledby="start-title">
      <div className={`container ${styles.inner}`}>
        <h2 id="start-title">{startSection.title}</h2>
        <p>{startSection.text}</p>
        <ButtonLink to="/quiz" variant="accent" size="lg">
          {startSection.cta}
        </ButtonLink>
      </div>
    </section>
  );
}
