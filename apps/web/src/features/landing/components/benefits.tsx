import { benefits } from "../landing.content";
import section from "./section.module.css";
import styles from "./benefits.module.css";

export function Benefits() {
  return (
    <section className={`${section.section} ${section.muted}`} aria-labelledby="benefits-title">
      <div className="container">
        <header className={section.head}>
          <h2 id="benefits-title" className={section.title}>
            {benefits.title}
          </h2>
        </header>
        <ul className={styles.grid}>
          {benefits.items.map((item) => (
            <li key={item.title} className={styles.item}>
              <span className={styles.check} aria-hidden="true">
                ✓
              </span>
              <div>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
