/** Leaving the app for a provider's page (the wallet's or the bank's approval): a full navigation. */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * Where the member lands after a purchase that left for the wallet's approval page, kept for the tab:
 * the wallet comes back to /success-transaction, a page the server chooses, so the way on to the
 * locked item the member tapped (decision 052) waits here. The bank's approval carries it in its
 * `redirect` parameter instead.
 */
const RETURN_KEY = "purchase-return";

export function rememberReturn(path: string | null | undefined) {
  try {
    if (path) window.sessionStorage.setItem(RETURN_KEY, path);
    else window.sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Without session storage the outcome page leads home, as before.
  }
}

/** The remembered way on, as stored (the caller checks it is a path here); null when there is none. */
export function readReturn(): string | null {
  try {
    return window.sessionStorage.getItem(RETURN_KEY);
  } catch {
    return null;
  }
}

export function forgetReturn() {
  rememberReturn(null);
}
