import { MemberShell } from "../../components/layout/member-shell";
import { PageIntro } from "../../features/content-browse";
import { WorkbookGrid } from "../../features/workbooks/cards";
import styles from "./workbooks.module.css";

const STEPS = [
  { title: "Choose one", text: "Start with whatever feels closest to today. Most take ten to fifteen minutes." },
  { title: "One question at a time", text: "Answer in your own words. Your answers stay on this device until you save them." },
  { title: "Read them again", text: "Saved workbooks wait in your worksheets, to look back on and see what changes." },
];

/** /workbooks (spec 001 sections 2 and 4): a calm opening, how it works, and the eleven workbook cards. */
export default function WorkbooksPage() {
  return (
    <MemberShell>
      <div className={styles.page}>
        <PageIntro title="Workbooks" tone="sea">
          Short, guided exercises from cognitive behavioural therapy (CBT) to help you notice your thoughts, name your feelings and plan
          small steps.
        </PageIntro>
        <ol className={styles.steps} aria-label="How workbooks work">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <span>
                <strong>{step.title}</strong>
                {step.text}
              </span>
            </li>
          ))}
        </ol>
        <WorkbookGrid />
        <p className={styles.care}>
          Workbooks are self-help exercises, not a diagnosis or a treatment. If you are struggling or feel unsafe, please reach out to a
          doctor, a therapist or your local emergency number.
        </p>
      </div>
    </MemberShell>
  );
}
