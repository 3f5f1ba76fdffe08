import type { WorkbookAnswer, WorkbookQuestion } from "@serene/contracts";
import { useId } from "react";
import { rangeStart } from "../model/answers";
import styles from "./flow.module.css";

interface QuestionFieldProps {
  question: WorkbookQuestion;
  value: WorkbookAnswer | undefined;
  onChange: (value: WorkbookAnswer) => void;
  /** The id of the question's heading: every control is named by it. */
  labelledBy: string;
  /** The id of the message under the field, when there is one. */
  describedBy?: string;
  invalid: boolean;
}

/** The default longest answer when a workbook leaves it out. */
const TEXT_MAX = 2000;
/** A multi text list keeps at most this many lines. */
export const MULTI_TEXT_MAX_LINES = 12;

const asList = (value: WorkbookAnswer | undefined): string[] => (Array.isArray(value) ? value : []);

/** One question's answer, drawn for its kind (spec 001 section 3: multi select, multi text, text, select, range). */
export function QuestionField(props: QuestionFieldProps) {
  switch (props.question.kind) {
    case "multi_select":
      return <ChoiceCards {...props} multiple />;
    case "select":
      return <ChoiceCards {...props} multiple={false} />;
    case "multi_text":
      return <TextList {...props} />;
    case "text":
      return <LongText {...props} />;
    case "range":
      return <RangeField {...props} />;
    case "instruction":
      return null;
  }
}

function ChoiceCards({
  question,
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  multiple,
}: QuestionFieldProps & { multiple: boolean }) {
  const name = useId();
  const chosen = multiple ? asList(value) : typeof value === "string" ? [value] : [];
  const toggle = (option: string) => {
    if (!multiple) return onChange(option);
    onChange(chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option]);
  };
  return (
    <div
      role={multiple ? "group" : "radiogroup"}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={styles.choices}
    >
      {(question.answer.options ?? []).map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className={styles.choice}>
            <input
              id={id}
              className={styles.choiceInput}
              type={multiple ? "checkbox" : "radio"}
              name={name}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            <label htmlFor={id} className={styles.choiceCard}>
              <span className={multiple ? styles.checkMark : styles.radioMark} aria-hidden="true" />
              <span>{option.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}

function TextList({ question, value, onChange, labelledBy, describedBy, invalid }: QuestionFieldProps) {
  const stored = asList(value);
  const lines = stored.length > 0 ? stored : [""];
  const max = question.answer.max_length ?? TEXT_MAX;
  const set = (index: number, line: string) => onChange(lines.map((item, at) => (at === index ? line : item)));
  const remove = (index: number) => onChange(lines.filter((_, at) => at !== index));
  return (
    <div className={styles.textList} role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      <ol className={styles.lines}>
        {lines.map((line, index) => (
          <li key={index} className={styles.line}>
            <span className={styles.lineNumber} aria-hidden="true">
              {index + 1}
            </span>
            <input
              className={styles.input}
              type="text"
              value={line}
              maxLength={max}
              aria-label={`Answer ${index + 1}`}
              aria-invalid={invalid || undefined}
              onChange={(event) => set(index, event.target.value)}
            />
            {lines.length > 1 && (
              <button type="button" className={styles.removeLine} aria-label={`Remove answer ${index + 1}`} onClick={() => remove(index)}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M7 7L17 17M17 7L7 17" />
                </svg>
              </button>
            )}
          </li>
        ))}
      </ol>
      {lines.length < MULTI_TEXT_MAX_LINES && (
        <button type="button" className={styles.addLine} onClick={() => onChange([...lines, ""])}>
          <span aria-hidden="true">+</span> Add another
        </button>
      )}
    </div>
  );
}

function LongText({ question, value, onChange, labelledBy, describedBy, invalid }: QuestionFieldProps) {
  const counterId = useId();
  const text = typeof value === "string" ? value : "";
  const max = question.answer.max_length ?? TEXT_MAX;
  return (
    <div className={styles.longText}>
      <textarea
        className={styles.textarea}
        value={text}
        maxLength={max}
        rows={6}
        aria-labelledby={labelledBy}
        aria-describedby={[describedBy, counterId].filter(Boolean).join(" ")}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={counterId} className={styles.counter}>
        {`${text.length} / ${max}`}
      </p>
    </div>
  );
}

function RangeField({ question, value, onChange, labelledBy, describedBy }: QuestionFieldProps) {
  const range = question.answer.range ?? { min: 0, max: 10, min_label: "", max_label: "" };
  const current = typeof value === "number" ? value : rangeStart(question);
  return (
    <div className={styles.range}>
      <output className={styles.rangeValue} aria-live="polite">
        {current}
        <span className={styles.rangeOf}>{` of ${range.max}`}</span>
      </output>
      <input
        className={styles.slider}
        type="range"
        min={range.min}
        max={range.max}
        step={1}
        value={current}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-valuetext={`${current} of ${range.max}`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className={styles.rangeLabels} aria-hidden="true">
        <span>{`${range.min} · ${range.min_label}`}</span>
        <span>{`${range.max} · ${range.max_label}`}</span>
      </div>
    </div>
  );
}
