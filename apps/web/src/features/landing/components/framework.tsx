import { FrameworkArt } from "../art";
import { framework } from "../landing.content";
import section from "./section.module.css";
import styles from "./framework.module.css";

export function Framework() {
  return (
    <section className={section.section} aria-labelledby="framework-title">
      <div className={`container ${styles.inner}`}>
        <FrameworkArt className={styles.art} />
        <div className={styles.copy}>
          <p className={section.eyebrow}>{framework.eyebrow}</p>
          <h2 id="framework-title" className={section.title}>
            {framework.title}
          </h2>
          <p className={section.lead}>{framework.text}</p>
          <ul className={styles.pillars}>
            {framework.pillars.map((pillar) => (
              <li key={pillar.title}>
                <h3>{pillar.title}</h3>
                <p>{pillar.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
