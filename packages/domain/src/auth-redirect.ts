import { sameSitePath } from "./same-origin-path.ts";

/**
 * Where a person goes after logging in or registering (spec 000 section 4). Pure: the caller
 * passes what the page knows (query string, the locally stored quiz state).
 */
export interface QuizProgress {
  /** A quiz was started and its answers are stored locally. */
  inProgress: boolean;
  /** The quiz is a custom (dynamic) quiz with this slug. */
  customSlug?: string | null;
}

/**
 * A `redirect` parameter as the path to follow, or null: surrounding spaces go, then the one rule
 * for redirects on this site (`sameSitePath`) judges it and gives the resolved path.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  return sameSitePath(value?.trim());
}

/**
 * Merges the `redirectParams` (a query string or a JSON object of parameters) into the redirect
 * path's own query.
 */
export function withRedirectParams(path: string, redirectParams: string | null | undefined): string {
  if (!redirectParams) return path;
  const [pathname, existing = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(existing);
  let extra: URLSearchParams;
  try {
    const parsed: unknown = JSON.parse(redirectParams);
    extra =
      parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? new URLSearchParams(Object.entries(parsed as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]))
        : new URLSearchParams(redirectParams);
  } catch {
    extra = new URLSearchParams(redirectParams.replace(/^\?/, ""));
  }
  for (const [key, value] of extra) params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** After a successful login: the redirect parameter, else the quiz results when a quiz flag is stored, else home. */
export function afterLoginPath(search: string, quizFlagStored: boolean): string {
  const redirect = safeRedirectPath(new URLSearchParams(search).get("redirect"));
  if (redirect) return redirect;
  return quizFlagStored ? "/quiz-results" : "/home";
}

export type AfterRegistration =
  | { kind: "redirect"; to: string }
  | { kind: "custom-quiz"; to: string; markQuizCompleted: true }
  | { kind: "quiz"; to: "/quiz-results" }
  | { kind: "home"; to: "/home" };

/** After a successful registration (spec 000 section 4, "Registration success"). */
export function afterRegistrationPath(search: string, quiz: QuizProgress): AfterRegistration {
  const params = new URLSearchParams(search);
  const redirect = safeRedirectPath(params.get("redirect"));
  if (redirect) return { kind: "redirect", to: sameSitePath(withRedirectParams(redirect, params.get("redirectParams"))) ?? redirect };
  if (quiz.inProgress && quiz.customSlug) {
    return { kind: "custom-quiz", to: `/quiz-dynamic-results/${encodeURIComponent(quiz.customSlug)}`, markQuizCompleted: true };
  }
  if (quiz.inProgress) return { kind: "quiz", to: "/quiz-results" };
  return { kind: "home", to: "/home" };
}
