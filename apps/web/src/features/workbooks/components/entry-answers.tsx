import type { WorkbookEntry } from "@serene/contracts";
import { readableAnswers } from "../model/summary";
import styles from "./entry.module.css";

/** A saved entry read back: each question asked and the member's answer as they gave it (`display`). */
export function EntryAnswers({ entry }: { entry: Pick<WorkbookEntry, "answers"> }) {
  const answers = readableAnswers(entry);
  if (answers.length === 0) return <p className={styles.none}>No answers were kept in this entry.</p>;
  return (
    <dl className={styles.answers}>
      {answers.map((answer) => (
        <div key={answer.question_id} className={styles.answer}>
          <dt>{answer.question}</dt>
          <dd>
            {Array.isArray(answer.value) && answer.kind === "multi_text" ? (
              <ul className={styles.answerList}>
                {answer.value.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            ) : (
              answer.display
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
