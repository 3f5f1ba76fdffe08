import type { ComponentType } from "react";
import type { Params } from "react-router";
import type { PageId } from "./route-table";

/** How long a page's code may take to arrive before the error screen shows (spec 000 section 9). */
const CHUNK_TIMEOUT_MS = 120_000;

type PageModule = {
  default: ComponentType;
  /** Starts fetching what the page shows first, as soon as the page is chosen (before it renders). */
  prefetch?: (params: Params, url?: URL) => void | Promise<unknown>;
};

function withTimeout(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return () =>
    new Promise<PageModule>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new Error("The page took too long to load.")), CHUNK_TIMEOUT_MS);
      load().then(
        (module) => {
          window.clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          window.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** One lazily loaded module per page, so each route ships only its own code. */
export const pages: Record<PageId, () => Promise<PageModule>> = {
  landing: withTimeout(() => import("./routes/landing")),
  // The operator console (decision 067): a member never loads it.
  admin: withTimeout(() => import("./routes/admin")),
  "privacy-policy": withTimeout(() => import("./routes/privacy-policy")),
  "terms-of-service": withTimeout(() => import("./routes/terms-of-service")),
  "terms-conditions": withTimeout(() => import("./routes/terms-conditions")),
  faq: withTimeout(() => import("./routes/faq")),
  login: withTimeout(() => import("./routes/login")),
  registration: withTimeout(() => import("./routes/registration")),
  "create-email-account": withTimeout(() => import("./routes/create-email-account")),
  "forgot-password": withTimeout(() => import("./routes/forgot-password")),
  "reset-password": withTimeout(() => import("./routes/reset-password")),
  "data-removal": withTimeout(() => import("./routes/data-removal")),
  "confirm-remove": withTimeout(() => import("./routes/confirm-remove")),
  "confirm-email": withTimeout(() => import("./routes/confirm-email")),
  authorization: withTimeout(() => import("./routes/authorization")),
  "auth-callback": withTimeout(() => import("./routes/auth-callback")),
  home: withTimeout(() => import("./routes/home")),
  settings: withTimeout(() => import("./routes/settings")),
  "settings-subscription": withTimeout(() => import("./routes/settings-subscription")),
  "settings-receipt": withTimeout(() => import("./routes/settings-receipt")),
  "settings-account": withTimeout(() => import("./routes/settings-account")),
  "settings-change-password": withTimeout(() => import("./routes/settings-change-password")),
  "settings-help-support": withTimeout(() => import("./routes/settings-help-support")),
  "settings-appearance": withTimeout(() => import("./routes/settings-appearance")),
  "personal-plan": withTimeout(() => import("./routes/personal-plan")),
  meditation: withTimeout(() => import("./routes/meditation")),
  sleep: withTimeout(() => import("./routes/sleep")),
  therapy: withTimeout(() => import("./routes/therapy")),
  sounds: withTimeout(() => import("./routes/sounds")),
  collection: withTimeout(() => import("./routes/collection")),
  "search-result": withTimeout(() => import("./routes/search-result")),
  library: withTimeout(() => import("./routes/library")),
  "profile-dashboard": withTimeout(() => import("./routes/profile-dashboard")),
  "profile-achievements": withTimeout(() => import("./routes/profile-achievements")),
  "profile-notes": withTimeout(() => import("./routes/profile-notes")),
  "profile-downloads": withTimeout(() => import("./routes/profile-downloads")),
  "profile-note-create": withTimeout(() => import("./routes/profile-note-create")),
  "profile-note": withTimeout(() => import("./routes/profile-note")),
  "profile-note-edit": withTimeout(() => import("./routes/profile-note-edit")),
  player: withTimeout(() => import("./routes/player")),
  paywall: withTimeout(() => import("./routes/paywall")),
  "quiz-results": withTimeout(() => import("./routes/quiz-results")),
  "quiz-dynamic-results": withTimeout(() => import("./routes/quiz-dynamic-results")),
  "success-transaction": withTimeout(() => import("./routes/success-transaction")),
  "cancel-transaction": withTimeout(() => import("./routes/cancel-transaction")),
  "thank-you": withTimeout(() => import("./routes/thank-you")),
  "coming-soon": withTimeout(() => import("./routes/coming-soon")),
  quiz: withTimeout(() => import("./routes/quiz")),
  "custom-quiz": withTimeout(() => import("./routes/custom-quiz")),
  vsl: withTimeout(() => import("./routes/vsl")),
  "sales-checkout": withTimeout(() => import("./routes/sales-checkout")),
  workbooks: withTimeout(() => import("./routes/workbooks")),
  workbook: withTimeout(() => import("./routes/workbook")),
  "workbook-result": withTimeout(() => import("./routes/workbook-result")),
  worksheets: withTimeout(() => import("./routes/worksheets")),
  "profile-workbook": withTimeout(() => import("./routes/profile-workbook")),
  "not-found": withTimeout(() => import("./routes/not-found")),
};
