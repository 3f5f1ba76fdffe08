import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * Shared pieces only members' pages use (and the tooltip, which brings Radix's popper, and the
 * shared queries: account status, packages, tags, which bring TanStack Query's hooks): left to
 * automatic splitting, so public pages never load them.
 */
const MEMBERS_ONLY =
  /\/src\/(components\/(content|subscription)\/|components\/layout\/(member-shell|header-search)|components\/ui\/tooltip|lib\/(subscription-offer|account-status|packages|tags))/;

export default defineConfig({
  plugins: [react()],
  build: {
    target: "es2022",
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // The small shared pieces (design-system primitives, page frames, brand marks) travel as
        // one chunk with one stylesheet, instead of a request each on the first page load. What
        // only members see (their frame, content cards, the subscription offer) stays out of it.
        codeSplitting: {
          groups: [
            {
              name: "components",
              test: (id: string) => /\/src\/(components|lib)\//.test(id) && !MEMBERS_ONLY.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000", "/sandbox": "http://localhost:3000" },
  },
});
