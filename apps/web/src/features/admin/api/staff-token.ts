/**
 * The operator console's staff session token (decision 067), kept in this tab only (session storage):
 * closing the tab signs the member of staff out of this browser. It goes only on the console's calls
 * (`asStaff`), never on a member's, and a 401 to one ends it and goes to the console's sign-in.
 */
const KEY = "staff-token";

const safe = <T>(action: () => T, fallback: T): T => {
  try {
    return action();
  } catch {
    return fallback;
  }
};

export const getStaffToken = () => safe(() => window.sessionStorage.getItem(KEY), null);
export const setStaffToken = (token: string) => safe(() => window.sessionStorage.setItem(KEY, token), undefined);
export const clearStaffToken = () => safe(() => window.sessionStorage.removeItem(KEY), undefined);

let signedOut: (() => void) | null = null;

/** What happens after a console call was answered 401 (the console's frame goes to its sign-in). Returns its undo. */
export function onStaffSignedOut(handler: () => void): () => void {
  signedOut = handler;
  return () => {
    if (signedOut === handler) signedOut = null;
  };
}

/** The options every console call carries: the staff token, out of the global toast (its screens say what failed). */
export const asStaff = () =>
  ({
    silent: true,
    bearer: {
      token: getStaffToken(),
      onUnauthorized: () => {
        clearStaffToken();
        signedOut?.();
      },
    },
  }) as const;
