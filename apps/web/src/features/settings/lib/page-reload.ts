import { useEffect } from "react";
import { toast } from "../../../components/ui/toast-store";

/** The page changes the subscription page makes (tests watch them). */
export const pageLocation = {
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
};

const NOTICE_KEY = "settings-notice";

/**
 * After a purchase, an upgrade or a cancellation the page reloads (spec 001 section 4). The
 * success toast shows at once (unless it already did) and again on the reloaded page, so the
 * member sees it either way.
 */
export function reloadWithNotice(message: string, { shownAlready = false }: { shownAlready?: boolean } = {}) {
  if (!shownAlready) toast.success(message);
  try {
    window.sessionStorage.setItem(NOTICE_KEY, message);
  } catch {
    // No session storage: the toast before the reload is all there is.
  }
  pageLocation.reload();
}

/** Shows the toast a reload carried over, once. */
export function useNoticeAfterReload() {
  useEffect(() => {
    let message: string | null;
    try {
      message = window.sessionStorage.getItem(NOTICE_KEY);
      window.sessionStorage.removeItem(NOTICE_KEY);
    } catch {
      message = null;
    }
    if (message) toast.success(message);
  }, []);
}
