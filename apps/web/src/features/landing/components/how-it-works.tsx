import { StepIcon } from "../art";
import { howItWorks } from "../landing.content";
import section from "./section.module.css";
import styles from "./how-it-works.module.css";

export function HowItWorks() {
  return (
    <section className={section.section} aria-labelledby="how-it-works">
      <div className="container">
        <header className={section.head}>
          <h2 id="how-it-works" className={section.title}>
            {howItWorks.title}
          </h2>
          <p className={section.lead}>{howItWorks.lead}</p>
        </header>
        <ol className={styles.steps}>
          {howItWorks.steps.map((item) => (
            <li key={item.step} className={styles.step}>
              <StepIcon step={item.step} className={styles.icon} />
              <span className={styles.number}>Step {item.step}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
