import { useEffect, useRef } from "react";

/**
 * Ties a native <dialog> to `open`: shown as a modal (focus kept inside, Escape answered through
 * its cancel event, the page behind inert) while `open` is true, closed when it turns false.
 * Browsers without showModal get the `open` attribute instead. Put the returned ref on the <dialog>.
 */
export function useNativeDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  return ref;
}
