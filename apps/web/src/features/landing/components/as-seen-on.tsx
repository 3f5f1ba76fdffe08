import { MediaLogo } from "../art";
import { asSeenOn } from "../landing.content";
import styles from "./as-seen-on.module.css";

export function AsSeenOn() {
  return (
    <section className={`container ${styles.strip}`} aria-labelledby="as-seen-on">
      <h2 id="as-seen-on" className={styles.title}>
        {asSeenOn.title}
      </h2>
      <ul className={styles.logos}>
        {asSeenOn.outlets.map((outlet) => (
          <li key={outlet}>
            <MediaLogo outlet={outlet} className={styles.logo} />
          </li>
        ))}
      </ul>
    </section>
  );
}
