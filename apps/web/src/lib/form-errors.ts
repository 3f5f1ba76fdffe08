import { useCallback, useMemo, useState } from "react";
import { fieldErrors, type FieldErrors } from "./api-client";

/** Which of a field's server messages a form shows under its input: the first, or every one (per form, as the spec says). */
export type MessageRule = "first" | "all";

export interface ServerFieldErrors {
  /** The server's messages per field of the last failed submit; `_form` holds a 422's message when it named no field. */
  errors: FieldErrors;
  /** The message for the form as a whole, if the last 422 named no field. */
  formMessage: string | undefined;
  /** Props for an input: its messages and the form's rule (spread into Input or PasswordInput). */
  field: (name: string) => { errors: string[] | undefined; allErrors: boolean };
  /** Forget the messages (a new submit starts). */
  clear: () => void;
  /** Show a failed call's 422 messages; any other failure clears them (the global error toast reports it). */
  capture: (error: unknown) => void;
}

/**
 * Server field errors of one form (spec 000 section 5): cleared when a submit starts, filled from a
 * 422 answer, shown under each input by the form's rule. The forms use react-hook-form for their
 * values; these messages stay beside it because they name fields the form may not register (the
 * reset link's token and e-mail) and must last until the next submit, not until the next keystroke.
 */
export function useServerFieldErrors({ messages }: { messages: MessageRule }): ServerFieldErrors {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = useCallback(() => setErrors({}), []);
  const capture = useCallback((error: unknown) => setErrors(fieldErrors(error)), []);
  return useMemo(
    () => ({
      errors,
      formMessage: errors._form?.[0],
      field: (name: string) => ({ errors: errors[name], allErrors: messages === "all" }),
      clear,
      capture,
    }),
    [errors, messages, clear, capture],
  );
}
