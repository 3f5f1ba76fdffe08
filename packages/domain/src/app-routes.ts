import type { RouteFlags } from "./navigation.ts";

/**
 * Every address of the web app (spec 000 section 2 and spec 001 section 2), in one place: the web app
 * builds its router from it, and the server answers 404 (still with the app) for any address it does
 * not match. `page` names the web app's page module; pages a later release builds point at "not-found".
 */
export interface AppRoute extends RouteFlags {
  /** A React Router pattern: `:name` is one segment, `:name?` an optional one. */
  path: string;
  page?: PageId;
  /** A route that only forwards to another address; `:params` are carried over. */
  redirectTo?: string;
  /**
   * The page's name in the browser's tab, shown as "<title> · Serene"; a page may name itself more
   * exactly once its data is in (an item's name). The landing page has none: it keeps the site's own.
   */
  title?: string;
}

/** The not-found page's name in the browser's tab. */
export const NOT_FOUND_TITLE = "Page not found";

export type PageId =
  | "admin"
  | "landing"
  | "privacy-policy"
  | "terms-of-service"
  | "terms-conditions"
  | "faq"
  | "login"
  | "registration"
  | "create-email-account"
  | "forgot-password"
  | "reset-password"
  | "data-removal"
  | "confirm-remove"
  | "confirm-email"
  | "authorization"
  | "auth-callback"
  | "home"
  | "settings"
  | "settings-subscription"
  | "settings-account"
  | "settings-change-password"
  | "settings-help-support"
  | "settings-appearance"
  | "settings-receipt"
  | "personal-plan"
  | "meditation"
  | "sleep"
  | "therapy"
  | "sounds"
  | "collection"
  | "search-result"
  | "library"
  | "profile-dashboard"
  | "profile-achievements"
  | "profile-notes"
  | "profile-downloads"
  | "profile-note-create"
  | "profile-note"
  | "profile-note-edit"
  | "player"
  | "paywall"
  | "quiz-results"
  | "quiz-dynamic-results"
  | "success-transaction"
  | "cancel-transaction"
  | "thank-you"
  | "coming-soon"
  | "quiz"
  | "custom-quiz"
  | "vsl"
  | "sales-checkout"
  | "workbooks"
  | "workbook"
  | "workbook-result"
  | "worksheets"
  | "profile-workbook"
  | "not-found";

const visitorEntry = { changeMainPage: true } as const;
const member = { auth: true } as const;

export const APP_ROUTES: readonly AppRoute[] = [
  // Public side (spec 000)
  { path: "/", page: "landing", ...visitorEntry },
  { path: "/login", title: "Log in", page: "login", ...visitorEntry },
  { path: "/create-account", title: "Sign up", page: "registration", ...visitorEntry },
  { path: "/registration", title: "Sign up", page: "registration", ...visitorEntry },
  { path: "/create-email-account", title: "Sign up with e-mail", page: "create-email-account", ...visitorEntry },
  { path: "/forgot-password", title: "Forgot password", page: "forgot-password", ...visitorEntry },
  { path: "/password/reset", title: "Choose a new password", page: "reset-password" },
  { path: "/data-removal", title: "Remove my data", page: "data-removal" },
  { path: "/confirm-remove/:code", title: "Confirm data removal", page: "confirm-remove" },
  { path: "/authorization", title: "Signing you in", page: "authorization" },
  // Where Google, Apple and Facebook send the browser back; a new e-mail address's confirmation link.
  { path: "/auth/callback/:provider", title: "Finishing sign-in", page: "auth-callback" },
  { path: "/confirm-email/:code", title: "Confirm your e-mail", page: "confirm-email" },
  { path: "/quiz", title: "Your quiz", page: "quiz" },
  { path: "/lead-quiz/:slug", title: "A short quiz", page: "custom-quiz" },
  { path: "/single-quiz/:slug", title: "A short quiz", page: "custom-quiz" },
  { path: "/user-quiz/:slug", title: "A short quiz", page: "custom-quiz" },
  { path: "/vsl/:slug", title: "Your video", page: "vsl" },
  { path: "/lead-quiz-result", title: "Your results", page: "quiz-results" },
  { path: "/quiz-results", title: "Your results", page: "quiz-results" },
  { path: "/lead-dynamic-result/:slug", title: "Your personal results", page: "quiz-dynamic-results" },
  { path: "/quiz-dynamic-results/:slug", title: "Your personal results", page: "quiz-dynamic-results" },
  { path: "/subscription/:checkoutId?", title: "Choose your plan", page: "paywall" },
  { path: "/lead-checkout/:checkoutId", title: "Your offer", page: "sales-checkout" },
  { path: "/promo/:checkoutId", title: "Your offer", page: "sales-checkout" },
  { path: "/lp/:lp", title: "Your offer", page: "sales-checkout" },
  { path: "/success-transaction", title: "Payment complete", page: "success-transaction" },
  { path: "/cancel-transaction", title: "Payment cancelled", page: "cancel-transaction" },
  { path: "/thank-you", title: "Thank you", page: "thank-you" },
  { path: "/privacy-policy", title: "Privacy Policy", page: "privacy-policy" },
  { path: "/terms-of-service", title: "Terms of Service", page: "terms-of-service" },
  { path: "/terms-conditions", title: "Terms & Conditions", page: "terms-conditions" },
  { path: "/faq", title: "FAQ", page: "faq" },
  { path: "/checkout/:checkoutId", title: "Your offer", page: "sales-checkout", ...member },
  { path: "/coming-soon/:key?", title: "Coming soon", page: "coming-soon", ...member },

  // Members' area (spec 001)
  { path: "/home", title: "Home", page: "home", ...member },
  { path: "/personal-plan", title: "Personal plan", page: "personal-plan", ...member },
  { path: "/meditation", title: "Meditation", page: "meditation", ...member },
  { path: "/sleep", title: "Sleep", page: "sleep", ...member },
  { path: "/therapy", title: "Therapy", page: "therapy", ...member },
  { path: "/sounds", title: "Sounds", page: "sounds", ...member },
  { path: "/collection/:id", title: "Collection", page: "collection", ...member },
  { path: "/search-result", title: "Search", page: "search-result", ...member },
  { path: "/profile", redirectTo: "/profile/dashboard", ...member },
  { path: "/profile/dashboard", title: "My progress", page: "profile-dashboard", ...member },
  { path: "/profile/library", title: "My library", page: "library", ...member },
  { path: "/profile/achievements", title: "Achievements", page: "profile-achievements", ...member },
  { path: "/profile/notes", title: "My notes", page: "profile-notes", ...member },
  { path: "/profile/notes/create", title: "New note", page: "profile-note-create", ...member },
  { path: "/profile/notes/:id", title: "Note", page: "profile-note", ...member },
  { path: "/profile/notes/:id/edit", title: "Edit note", page: "profile-note-edit", ...member },
  // Sessions kept on this device for offline listening (decision 047); /downloads is its short address.
  { path: "/profile/downloads", title: "Downloads", page: "profile-downloads", ...member },
  { path: "/downloads", redirectTo: "/profile/downloads", ...member },
  { path: "/profile/worksheets", title: "My worksheets", page: "worksheets", ...member },
  { path: "/profile/workbook/:id", title: "Worksheet", page: "profile-workbook", ...member },
  { path: "/workbooks", title: "Workbooks", page: "workbooks", ...member },
  { path: "/workbooks/workbook/:id", title: "Workbook", page: "workbook", ...member },
  { path: "/workbooks/workbook/:id/result", title: "Workbook result", page: "workbook-result", ...member },
  { path: "/workbook/:id", redirectTo: "/workbooks/workbook/:id", ...member },
  { path: "/settings", title: "Settings", page: "settings", ...member },
  { path: "/settings/subscription", title: "Subscription", page: "settings-subscription", ...member },
  { path: "/settings/account", title: "Account", page: "settings-account", ...member },
  { path: "/settings/change-password", title: "Change password", page: "settings-change-password", ...member },
  { path: "/settings/help-support", title: "Help & support", page: "settings-help-support", ...member },
  { path: "/settings/appearance", title: "Appearance", page: "settings-appearance", ...member },
  { path: "/settings/subscription/receipts/:id", title: "Receipt", page: "settings-receipt", ...member },
  // The operator console (decision 067): staff only, with its own two-factor sign-in; one route and one module, loaded only here (its rooms name themselves).
  { path: "/admin/:room?", title: "Console", page: "admin" },
  // Player and catch-all for content links /{model}/{id}
  { path: "/:section/:id", title: "Now playing", page: "player", ...member },
];

/** Whether one pattern segment (`name`, `:param`, `:param?`) takes one address segment. */
const segmentMatches = (pattern: string, segment: string) => pattern.startsWith(":") || pattern.toLowerCase() === segment.toLowerCase();

function segmentsMatch(pattern: string[], segments: string[]): boolean {
  if (pattern.length === 0) return segments.length === 0;
  const [head, ...rest] = pattern as [string, ...string[]];
  if (head.endsWith("?") && segmentsMatch(rest, segments)) return true;
  const name = head.endsWith("?") ? head.slice(0, -1) : head;
  return segments.length > 0 && segmentMatches(name, segments[0]!) && segmentsMatch(rest, segments.slice(1));
}

const segmentsOf = (path: string) => path.split("/").filter((segment) => segment !== "");

/**
 * The route an address (a pathname, without query) belongs to, matched as React Router matches it:
 * case-insensitive, a trailing slash allowed, `:param` one non-empty segment, `:param?` optional.
 * Null for an address no page of the app answers (the app shows its not-found page there).
 */
export function matchAppRoute(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | null {
  const segments = segmentsOf(pathname);
  return routes.find((route) => segmentsMatch(segmentsOf(route.path), segments)) ?? null;
}

export const isAppRoute = (pathname: string) => matchAppRoute(pathname) !== null;
