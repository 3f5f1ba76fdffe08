import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import styles from "./dialog.module.css";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  /** Full width and height (the payment dialog). */
  fullScreen?: boolean;
  /** Clicking outside closes the dialog unless this is false. */
  closeOnOutsideClick?: boolean;
  /** Hide the close button. */
  hideClose?: boolean;
}

/** An accessible modal dialog: focus is kept inside, Escape closes it, the page behind is inert. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  fullScreen = false,
  closeOnOutsideClick = true,
  hideClose = false,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, fullScreen && styles.full].filter(Boolean).join(" ")}
          onPointerDownOutside={(event) => {
            if (!closeOnOutsideClick) event.preventDefault();
          }}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
          {children}
          {!hideClose && (
            <RadixDialog.Close className={styles.close} aria-label="Close">
              ×
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
