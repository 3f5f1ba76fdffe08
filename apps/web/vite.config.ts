import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { THEME_BOOT_SCRIPT } from "../../packages/domain/src/themes";

/**
 * The chosen theme set on <html> before the first paint (packages/domain/src/themes.ts): the one
 * inline script, first in the head; the server's Content-Security-Policy allows it by its hash.
 */
function themeBeforeFirstPaint(): Plugin {
  return {
    name: "serene-theme-before-first-paint",
    transformIndexHtml: () => [{ tag: "script", children: THEME_BOOT_SCRIPT, injectTo: "head-prepend" }],
  };
}

/**
 * Shared pieces only members' pages use (and the tooltip, which brings Radix's popper, and the
 * shared server data of lib/server-data and lib/buying, which bring TanStack Query's hooks): left to
 * automatic splitting, so a page loads only the ones it uses.
 */
const MEMBERS_ONLY =
  /\/src\/(components\/(content|subscription)\/|components\/layout\/(member-shell|header-search)|components\/ui\/tooltip|lib\/(server-data|buying)\/)/;

export default defineConfig({
  plugins: [react(), themeBeforeFirstPaint()],
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
