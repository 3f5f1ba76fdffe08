import { useEffect } from "react";
import { toast } from "./toast-store";

/** The page loads the app makes after a purchase or a change of plan (tests watch them). */
export const pageLocation = {
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
};

/** Session storage (this tab only, so another open tab never says it) of the notice a page load carries. */
const NOTICE_KEY = "settings-notice";

/**
 * After a purchase, an upgrade or a cancellation the page reloads (spec 001 section 4), or opens the
 * page named by `to` (the locked item a member tapped before buying, decision 052). The success toast
 * shows at once (unless it already did) and again on the page that loads, so the member can read it
 * either way: a toast lives in the page's memory, and the load would otherwise take it away at once.
 */
export function reloadWithNotice(
  message: string,
  { shownAlready = false, to = null }: { shownAlready?: boolean; to?: string | null } = {},
) {
  if (!shownAlready) toast.success(message);
  try {
    window.sessionStorage.setItem(NOTICE_KEY, message);
  } catch {
    // No session storage: the toast before the reload is all there is.
  }
  if (to) pageLocation.assign(to);
  else pageLocation.reload();
}

/** Shows the toast a page load carried over, once: the next load shows nothing. */
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
