import styles from "./field.module.css";

interface FieldErrorProps {
  id?: string;
  /** Server messages for the field; the form decides whether it shows the first or all. */
  messages?: string[] | string | null;
  /** Show every message instead of only the first. */
  all?: boolean;
}

/** The server's messages under an input (spec 000 section 5). Renders nothing without a message. */
export function FieldError({ id, messages, all = false }: FieldErrorProps) {
  const list = (Array.isArray(messages) ? messages : messages ? [messages] : []).filter(Boolean);
  if (list.length === 0) return null;
  const shown = all ? list : list.slice(0, 1);
  return (
    <ul id={id} className={styles.error} role="alert">
      {shown.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
