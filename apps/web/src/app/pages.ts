import type { ComponentType } from "react";
import type { PageId } from "./route-table";

/** How long a page's code may take to arrive before the error screen shows (spec 000 section 9). */
export const CHUNK_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

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
  "privacy-policy": withTimeout(() => import("./routes/privacy-policy")),
  "terms-of-service": withTimeout(() => import("./routes/terms-of-service")),
  "terms-conditions": withTimeout(() => import("./routes/terms-conditions")),
  faq: withTimeout(() => import("./routes/faq")),
  "not-found": withTimeout(() => import("./routes/not-found")),
};
