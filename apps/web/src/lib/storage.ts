import { THEME_STORAGE_KEY } from "@serene/domain";

/** Keys the web app keeps in local storage. `t` is the session token (spec 000 section 3). */
export const STORAGE_KEYS = {
  token: "t",
  quizFlag: "quiz",
  /** The quiz form of a quiz in progress: { email, isQuizCompleted, slug, isCustomQuiz, funnel, lead }. */
  quizForm: "quiz-form",
  /** Followed by a quiz's slug: the answers of that quiz once finished (the results screens read them; lib/stored-quiz-answers.ts). */
  quizAnswersPrefix: "quiz-answers:",
  /** Followed by a quiz's slug: the step reached and the answers so far, so a reload resumes the quiz. */
  quizProgressPrefix: "quiz-progress:",
  /** Followed by "{member id}:{workbook id}": the question reached and the answers so far, until the entry is saved. */
  workbookProgressPrefix: "workbook-progress:",
  /** Set after a purchase created the account; /home shows the register note once, then removes it. */
  justRegistered: "just-registered",
  /** Set by a plain registration (no redirect, no quiz); /home opens the after_registration offer once, then removes it. */
  offerAfterRegistration: "offer-after-registration",
  /** Set by an in-app purchase (paywall, subscription offer): the page landed on shows the Premium welcome once, then removes it. */
  welcomeDue: "welcome-due",
  /** Followed by a member's id: this browser has shown that member's /home (a later visit says 'Welcome back'). */
  homeSeenPrefix: "home-seen:",
  consent: "consent",
  /** The anonymous visit id of first-party analytics, shared by the browser's tabs until log-out (lib/analytics/first-party.ts). */
  analyticsVisit: "visit",
  /** The Appearance choice (a theme id or "system"); read before the first paint (packages/domain/src/themes.ts). */
  theme: THEME_STORAGE_KEY,
  /** A visitor's offer clocks per checkout id, { [id]: { started_at, ends_at, packages } }: one clock per offer package (lib/offer-deadline.ts). */
  offerDeadlines: "offer-deadlines",
  /** "on" while the player shows captions (a choice of this device, kept after logging out). */
  captions: "captions",
  /** The member's own level for the soundscape under a session, 0 to 1 (packages/domain/src/soundscape-level.ts). */
  bedLevel: "bed-level",
  /** The soundscape chosen per item where it is not the item's own, { [model-id]: bed id | "none" } (soundscape-beds.ts). */
  bedChoices: "bed-choices",
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
  /** Empties local storage but keeps the answers given in `keep` (the cookie consent). */
  clear: (keep: string[] = []) =>
    safe(() => {
      const kept = keep.map((key) => [key, window.localStorage.getItem(key)] as const);
      window.localStorage.clear();
      for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
    }, undefined),
};

export const getToken = () => storage.get(STORAGE_KEYS.token);
export const hasToken = () => Boolean(getToken());
export const setToken = (token: string) => storage.set(STORAGE_KEYS.token, token);
export const clearToken = () => storage.remove(STORAGE_KEYS.token);

/** The stored quiz flag makes a login continue to the quiz results; the header Login link clears it. */
export const clearQuizFlag = () => storage.remove(STORAGE_KEYS.quizFlag);
export const hasQuizFlag = () => storage.get(STORAGE_KEYS.quizFlag) !== null;

export interface QuizForm {
  email?: string | null;
  isQuizCompleted?: boolean;
  slug?: string | null;
  isCustomQuiz?: boolean;
  /** The funnel the quiz belongs to (its slug), added to the later screens' events. */
  funnel?: string | null;
  /** The id of the lead the quiz's e-mail created. */
  lead?: string | null;
}

export function readQuizForm(): QuizForm | null {
  const raw = storage.get(STORAGE_KEYS.quizForm);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as QuizForm) : null;
  } catch {
    return null;
  }
}

export const writeQuizForm = (form: QuizForm) => storage.set(STORAGE_KEYS.quizForm, JSON.stringify(form));
