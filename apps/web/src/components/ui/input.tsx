import { forwardRef, useId, type InputHTMLAttributes } from "react";
import styles from "./field.module.css";
import { FieldError } from "./field-error";

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[] | string | null;
  /** Show every server message for this field, not only the first. */
  allErrors?: boolean;
}

/** A labelled input with its server messages underneath. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, errors, allErrors, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hasError = Boolean(errors && errors.length > 0);
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? errorId : undefined}
        {...rest}
      />
      <FieldError id={errorId} messages={errors} all={allErrors} />
    </div>
  );
});
