import { QUIZ_MULTI_TEXT_MAX, QUIZ_SLIDER_MAX, QUIZ_SLIDER_MIN, QUIZ_TEXT_MAX } from "@serene/domain";
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import type { QuizStep } from "../api/quiz";
import styles from "../quiz.module.css";

interface FieldProps<V> {
  step: QuizStep;
  /** The id of the question heading, which names the group. */
  labelledBy: string;
  value: V;
  onChange: (value: V) => void;
}

const NEXT_KEYS = new Set(["ArrowDown", "ArrowRight"]);
const PREVIOUS_KEYS = new Set(["ArrowUp", "ArrowLeft"]);

/**
 * One choice of a list, as a radio group whose choice also moves on: arrow keys (and Home, End)
 * move the focus between the options without choosing, Enter or Space (or a tap) chooses. A choice
 * made before (after Back) is checked and holds the group's one tab stop.
 */
export function SingleChoice({ step, labelledBy, value, onChange }: Omit<FieldProps<string>, "value"> & { value: string | undefined }) {
  const options = step.field.options ?? [];
  const chosen = options.findIndex((option) => option.key === value);
  const [focusIndex, setFocusIndex] = useState(chosen >= 0 ? chosen : 0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (NEXT_KEYS.has(event.key)) next = (focusIndex + 1) % options.length;
    else if (PREVIOUS_KEYS.has(event.key)) next = (focusIndex - 1 + options.length) % options.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = options.length - 1;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={styles.options} onKeyDown={move}>
      {options.map((option, index) => (
        <button
          key={option.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          aria-checked={option.key === value}
          tabIndex={index === focusIndex ? 0 : -1}
          className={styles.option}
          onFocus={() => setFocusIndex(index)}
          onClick={() => onChange(option.key)}
        >
          <span className={styles.optionLabel}>{option.label}</span>
          <span className={styles.radio} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

/** Any number of choices: native checkboxes drawn as cards (Tab moves, Space ticks). */
export function MultiChoice({ step, labelledBy, value, onChange }: FieldProps<string[]>) {
  const id = useId();
  const toggle = (key: string, checked: boolean) =>
    onChange(checked ? [...value.filter((entry) => entry !== key), key] : value.filter((entry) => entry !== key));
  return (
    <div role="group" aria-labelledby={labelledBy} className={styles.options}>
      {(step.field.options ?? []).map((option) => {
        const inputId = `${id}-${option.key}`;
        return (
          <div key={option.key} className={styles.checkItem}>
            <input
              id={inputId}
              type="checkbox"
              className={styles.checkInput}
              checked={value.includes(option.key)}
              onChange={(event) => toggle(option.key, event.target.checked)}
            />
            <label htmlFor={inputId} className={styles.option}>
              <span className={styles.optionLabel}>{option.label}</span>
              <span className={styles.checkbox} aria-hidden="true" />
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** A slider from 0 to 100 (starting at 50): arrow keys move it by 1, Page Up and Page Down by 10. */
export function RangeField({ labelledBy, value, onChange }: FieldProps<number>) {
  const id = useId();
  return (
    <div className={styles.range}>
      <output htmlFor={id} className={styles.rangeValue} aria-hidden="true">
        {value}
      </output>
      <input
        id={id}
        type="range"
        min={QUIZ_SLIDER_MIN}
        max={QUIZ_SLIDER_MAX}
        step={1}
        value={value}
        aria-labelledby={labelledBy}
        aria-valuetext={`${value} out of ${QUIZ_SLIDER_MAX}`}
        className={styles.slider}
        style={{ "--fill": `${value}%` } as CSSProperties}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className={styles.rangeScale} aria-hidden="true">
        <span>Low</span>
        <span>High</span>
      </div>
    </div>
  );
}

/** A free answer. */
export function TextField({ labelledBy, value, onChange }: FieldProps<string>) {
  return (
    <textarea
      aria-labelledby={labelledBy}
      className={styles.textarea}
      rows={4}
      maxLength={QUIZ_TEXT_MAX}
      value={value}
      placeholder="Write as much or as little as you like"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A short list of free answers: type one, press Enter or Add; each can be removed again. */
export function MultiTextField({ labelledBy, value, onChange }: FieldProps<string[]>) {
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const full = value.length >= QUIZ_MULTI_TEXT_MAX;
  const add = () => {
    const entry = draft.trim();
    if (!entry || full || value.includes(entry)) return;
    onChange([...value, entry]);
    setDraft("");
  };
  return (
    <div className={styles.multiText}>
      <div className={styles.multiTextRow}>
        <label htmlFor={inputId} className="visually-hidden">
          Add an answer
        </label>
        <input
          id={inputId}
          className={styles.textInput}
          value={draft}
          maxLength={QUIZ_TEXT_MAX}
          disabled={full}
          aria-describedby={labelledBy}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            add();
          }}
        />
        <button type="button" className={styles.addButton} onClick={add} disabled={full || !draft.trim()}>
          Add
        </button>
      </div>
      {value.length > 0 && (
        <ul className={styles.entries} aria-label="Your answers">
          {value.map((entry) => (
            <li key={entry} className={styles.entry}>
              <span>{entry}</span>
              <button
                type="button"
                className={styles.removeEntry}
                aria-label={`Remove ${entry}`}
                onClick={() => onChange(value.filter((item) => item !== entry))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
