import react from "@vitejs/plugin-react";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { THEME_BOOT_SCRIPT } from "../../packages/domain/src/themes.ts";

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
 * shared server data of lib/server-data and lib/buying, one small module per resource): left to
 * automatic splitting, so a page loads only the ones it uses. Two small pure modules the funnel's
 * pages use too stay with the other shared pieces rather than travel as chunks of their own: a
 * card's length and link (components/content/format.ts) and when a read is retried
 * (lib/server-data/retry.ts).
 */
const MEMBERS_ONLY = [
  /\/src\/components\/content\/(?!format\.ts$)/,
  /\/src\/components\/subscription\//,
  /\/src\/components\/layout\/(member-shell|header-search)/,
  /\/src\/components\/ui\/tooltip/,
  /\/src\/lib\/server-data\/(?!retry\.ts$)/,
  /\/src\/lib\/buying\//,
];
const membersOnly = (id: string) => MEMBERS_ONLY.some((pattern) => pattern.test(id));

/** React Router's production build, beside its package.json. */
const ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

export default defineConfig(({ command }) => ({
  plugins: [react(), themeBeforeFirstPaint()],
  resolve: {
    // React Router's package exports point at its development build, with its warnings, whatever the mode
    // (remix-run/react-router#12532); the build takes its production build, the same code without them.
    alias: command === "build" ? [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] : [],
  },
  build: {
    target: "es2022",
    // Every browser the target reaches preloads modules itself (Safari from 17); the polyfill would only add weight.
    modulePreload: { polyfill: false },
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
              test: (id: string) => /\/src\/(components|lib)\//.test(id) && !membersOnly(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000", "/sandbox": "http://localhost:3000" },
  },
}));
