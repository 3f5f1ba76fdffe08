import { useCallback, useMemo, useState } from "react";
import { fieldErrors, tooManyRequestsMessage, type FieldErrors } from "./api-client";

/** Which of a field's server messages a form shows under its input: the first, or every one (per form, as the spec says). */
export type MessageRule = "first" | "all";

export interface ServerFieldErrors {
  /** The server's messages per field of the last failed submit; `_form` holds a 422's message when it named no field. */
  errors: FieldErrors;
  /** The message for the form as a whole: a 422's that named no field, or a 429's (see `tooMany`). */
  formMessage: string | undefined;
  /** The server's message when the last submit was answered 429 (too many tries), with its wait. */
  tooMany: string | undefined;
  /** Props for an input: its messages and the form's rule (spread into Input or PasswordInput). */
  field: (name: string) => { errors: string[] | undefined; allErrors: boolean };
  /** Forget the messages (a new submit starts). */
  clear: () => void;
  /**
   * Show a failed call's 422 messages, or a 429's message for the whole form; any other failure clears
   * them (the global error toast reports it).
   */
  capture: (error: unknown) => void;
}

/**
 * Server field errors of one form (spec 000 section 5): cleared when a submit starts, filled from a
 * 422 answer, shown under each input by the form's rule. The forms use react-hook-form for their
 * values; these messages stay beside it because they name fields the form may not register (the
 * reset link's token and e-mail) and must last until the next submit, not until the next keystroke.
 * A 429 (too many tries) is shown the same way by every form: its message above the fields, through
 * `formMessage`, so calls made with `silent: "validation"` keep it out of the global toast.
 */
export function useServerFieldErrors({ messages }: { messages: MessageRule }): ServerFieldErrors {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tooMany, setTooMany] = useState<string>();
  const clear = useCallback(() => {
    setErrors({});
    setTooMany(undefined);
  }, []);
  const capture = useCallback((error: unknown) => {
    setErrors(fieldErrors(error));
    setTooMany(tooManyRequestsMessage(error));
  }, []);
  return useMemo(
    () => ({
      errors,
      formMessage: errors._form?.[0] ?? tooMany,
      tooMany,
      field: (name: string) => ({ errors: errors[name], allErrors: messages === "all" }),
      clear,
      capture,
    }),
    [errors, tooMany, messages, clear, capture],
  );
}
