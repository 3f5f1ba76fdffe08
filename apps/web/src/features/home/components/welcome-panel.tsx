import styles from "./home.module.css";

/** The calm opening area of /home: one slow breath while the member's plan is prepared. */
export function WelcomePanel() {
  return (
    <section className={styles.welcome} aria-labelledby="welcome-title">
      <div className={styles.welcomeCopy}>
        <p className={styles.eyebrow}>Your calm space</p>
        <h2 id="welcome-title">Begin with one slow breath</h2>
        <p>
          Breathe in as the circle grows, and out as it settles. Your daily meditation and personal plan will gather here, ready
          whenever you are.
        </p>
      </div>
      <div className={styles.breath} aria-hidden="true">
        <span className={styles.ring} />
        <span className={styles.ring} />
        <span className={styles.core} />
      </div>
    </section>
  );
}
