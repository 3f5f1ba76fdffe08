import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { useNativeDialog } from "./native-dialog";
import dialogStyles from "./native-dialog.module.css";
import styles from "./confirm-dialog.module.css";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is on its way: both buttons wait. */
  busy?: boolean;
  /** The question is not ready to be answered yet (what it asks about is still loading): only the confirm button waits. */
  confirmDisabled?: boolean;
}

/**
 * A question before a change: a native <dialog>, so the browser keeps focus inside, Escape closes
 * it and the page behind is inert. Styled from its module only (the strict CSP allows no inline styles).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const ref = useNativeDialog(open);
  const titleId = useId();
  const textId = useId();

  return (
    <dialog
      ref={ref}
      className={`${dialogStyles.card} ${styles.dialog}`}
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
      onCancel={(event) => {
        // Escape: nothing changes while the answer is on its way.
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      {open && (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children && (
            <div id={textId} className={styles.text}>
              {children}
            </div>
          )}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
              {cancelLabel}
            </Button>
            <Button onClick={onConfirm} disabled={busy || confirmDisabled} aria-busy={busy || undefined}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
