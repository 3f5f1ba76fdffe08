import type { RefObject } from "react";
import { ButtonLink } from "../../../components/ui/button";
import type { SentLead } from "../model";
import styles from "../quiz.module.css";

interface InboxScreenProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  sent: SentLead;
  onRestart: () => void;
}

/** After the e-mail: the link in the inbox signs the person in to their result; a password is the other way on. */
export function InboxScreen({ headingRef, sent, onRestart }: InboxScreenProps) {
  return (
    <section className={`${styles.card} ${styles.centered}`} aria-labelledby="quiz-inbox-title">
      <svg className={styles.envelope} viewBox="0 0 120 96" aria-hidden="true" focusable="false">
        <circle cx="92" cy="20" r="14" fill="#fdebdd" />
        <rect x="14" y="26" width="84" height="58" rx="12" fill="#ecebff" />
        <path d="M18 34l38 28a8 8 0 0 0 9.6 0L96 38" fill="none" stroke="#4f4fc9" strokeWidth="4" strokeLinecap="round" />
        <circle cx="96" cy="74" r="14" fill="#7cc6b4" />
        <path d="M90 74l4.5 4.5L103 70" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 id="quiz-inbox-title" ref={headingRef} tabIndex={-1} className={styles.question}>
        Check your inbox
      </h1>
      <p className={styles.hint}>
        We sent a link to <strong className={styles.address}>{sent.email}</strong>. Open it to see your results; it signs you in, no
        password needed.
      </p>
      <p className={styles.note}>Nothing after a few minutes? Have a look in your spam or promotions folder.</p>
      <div className={styles.inboxActions}>
        {/* A plain sign-up: opening the lead's own account takes the link in its inbox (decision 050). */}
        <ButtonLink to="/registration" variant="secondary" size="lg" block>
          Create a password instead
        </ButtonLink>
        <button type="button" className={styles.textButton} onClick={onRestart}>
          Take the quiz again
        </button>
      </div>
    </section>
  );
}
