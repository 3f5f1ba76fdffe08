import { lazy, Suspense, useState } from "react";
import type { CheckoutModalProps } from "../types";

const LazyCheckoutModal = lazy(() => import("./checkout-modal"));

/**
 * The checkout's modal as the sales pages compose it: its code (and the plans' and payment's) is
 * fetched when it first opens, not with the page; once opened it stays mounted so it can close.
 */
export function CheckoutModal(props: CheckoutModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyCheckoutModal {...props} />
    </Suspense>
  );
}

/** Starts fetching the modal's code early (a start button under the pointer), so it opens without a wait. */
export const preloadCheckoutModal = () => void import("./checkout-modal");
