import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import styles from "./field.module.css";
import { FieldError } from "./field-error";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[] | string | null;
  /** Show every server message for this field, not only the first. */
  allErrors?: boolean;
  /** A short help line under the label. */
  hint?: string;
  /** A control drawn inside the input's right edge (the password's show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input with its server messages underneath. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, errors, allErrors, hint, trailing, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const hasError = Boolean(errors && errors.length > 0);
  const describedBy = [hint && hintId, hasError && errorId].filter(Boolean).join(" ") || undefined;
  const input = (
    <input
      ref={ref}
      id={inputId}
      className={[styles.input, trailing && styles.withTrailing].filter(Boolean).join(" ")}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy}
      {...rest}
    />
  );
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {trailing ? (
        <div className={styles.control}>
          {input}
          <div className={styles.trailing}>{trailing}</div>
        </div>
      ) : (
        input
      )}
      <FieldError id={errorId} messages={errors} all={allErrors} />
    </div>
  );
});
