import type { RouteFlags } from "@serene/domain";

/**
 * Every route of the product (spec 000 section 2 and spec 001 section 2), in one place.
 * `page` names the module in pages.ts; pages a later release builds point at "not-found" until then.
 */
export interface RouteEntry extends RouteFlags {
  path: string;
  page?: PageId;
  /** A route that only forwards to another address; `:params` are carried over. */
  redirectTo?: string;
}

export type PageId =
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
  | "settings-receipt"
  | "settings-account"
  | "settings-change-password"
  | "settings-help-support"
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

export const routeTable: RouteEntry[] = [
  // Public side (spec 000)
  { path: "/", page: "landing", ...visitorEntry },
  { path: "/login", page: "login", ...visitorEntry },
  { path: "/create-account", page: "registration", ...visitorEntry },
  { path: "/registration", page: "registration", ...visitorEntry },
  { path: "/create-email-account", page: "create-email-account", ...visitorEntry },
  { path: "/forgot-password", page: "forgot-password", ...visitorEntry },
  { path: "/password/reset", page: "reset-password" },
  { path: "/data-removal", page: "data-removal" },
  { path: "/confirm-remove/:code", page: "confirm-remove" },
  { path: "/authorization", page: "authorization" },
  // Where Google, Apple and Facebook send the browser back; a new e-mail address's confirmation link.
  { path: "/auth/callback/:provider", page: "auth-callback" },
  { path: "/confirm-email/:code", page: "confirm-email" },
  { path: "/quiz", page: "quiz" },
  { path: "/lead-quiz/:slug", page: "custom-quiz" },
  { path: "/single-quiz/:slug", page: "custom-quiz" },
  { path: "/user-quiz/:slug", page: "custom-quiz" },
  { path: "/vsl/:slug", page: "vsl" },
  { path: "/lead-quiz-result", page: "quiz-results" },
  { path: "/quiz-results", page: "quiz-results" },
  { path: "/lead-dynamic-result/:slug", page: "quiz-dynamic-results" },
  { path: "/quiz-dynamic-results/:slug", page: "quiz-dynamic-results" },
  { path: "/subscription/:checkoutId?", page: "paywall" },
  { path: "/lead-checkout/:checkoutId", page: "sales-checkout" },
  { path: "/promo/:checkoutId", page: "sales-checkout" },
  { path: "/lp/:lp", page: "sales-checkout" },
  { path: "/success-transaction", page: "success-transaction" },
  { path: "/cancel-transaction", page: "cancel-transaction" },
  { path: "/thank-you", page: "thank-you" },
  { path: "/privacy-policy", page: "privacy-policy" },
  { path: "/terms-of-service", page: "terms-of-service" },
  { path: "/terms-conditions", page: "terms-conditions" },
  { path: "/faq", page: "faq" },
  { path: "/checkout/:checkoutId", page: "sales-checkout", ...member },
  { path: "/coming-soon/:key?", page: "coming-soon", ...member },

  // Members' area (spec 001)
  { path: "/home", page: "home", ...member },
  { path: "/personal-plan", page: "personal-plan", ...member },
  { path: "/meditation", page: "meditation", ...member },
  { path: "/sleep", page: "sleep", ...member },
  { path: "/therapy", page: "therapy", ...member },
  { path: "/sounds", page: "sounds", ...member },
  { path: "/collection/:id", page: "collection", ...member },
  { path: "/search-result", page: "search-result", ...member },
  { path: "/profile", redirectTo: "/profile/dashboard", ...member },
  { path: "/profile/dashboard", page: "profile-dashboard", ...member },
  { path: "/profile/library", page: "library", ...member },
  { path: "/profile/achievements", page: "profile-achievements", ...member },
  { path: "/profile/notes", page: "profile-notes", ...member },
  { path: "/profile/notes/create", page: "profile-note-create", ...member },
  { path: "/profile/notes/:id", page: "profile-note", ...member },
  { path: "/profile/notes/:id/edit", page: "profile-note-edit", ...member },
  { path: "/profile/worksheets", page: "worksheets", ...member },
  { path: "/profile/workbook/:id", page: "profile-workbook", ...member },
  { path: "/workbooks", page: "workbooks", ...member },
  { path: "/workbooks/workbook/:id", page: "workbook", ...member },
  { path: "/workbooks/workbook/:id/result", page: "workbook-result", ...member },
  { path: "/workbook/:id", redirectTo: "/workbooks/workbook/:id", ...member },
  { path: "/settings", page: "settings", ...member },
  { path: "/settings/subscription", page: "settings-subscription", ...member },
  { path: "/settings/subscription/receipts/:id", page: "settings-receipt", ...member },
  { path: "/settings/account", page: "settings-account", ...member },
  { path: "/settings/change-password", page: "settings-change-password", ...member },
  { path: "/settings/help-support", page: "settings-help-support", ...member },
  // Player and catch-all for content links /{model}/{id}
  { path: "/:section/:id", page: "player", ...member },
  { path: "*", page: "not-found" },
];
