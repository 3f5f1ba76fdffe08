/** Keys the web app keeps in local storage. `t` is the session token (spec 000 section 3). */
export const STORAGE_KEYS = {
  token: "t",
  quizFlag: "quiz",
  consent: "consent",
} as const;

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const storage = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

export const getToken = () => storage.get(STORAGE_KEYS.token);
export const hasToken = () => Boolean(getToken());

/** The stored quiz flag makes a login continue to the quiz results; the header Login link clears it. */
export const clearQuizFlag = () => storage.remove(STORAGE_KEYS.quizFlag);
