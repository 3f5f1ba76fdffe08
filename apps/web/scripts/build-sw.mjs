// The last step of the web build: bundles sw/service-worker.ts into dist/sw.js and writes the list
// of files to precache into it (Workbox's injectManifest). Prints the precache's size and file count.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { injectManifest } from "workbox-build";

const web = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(web, "dist");

await build({
  configFile: false,
  logLevel: "warn",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: dist,
    emptyOutDir: false,
    target: "es2022",
    minify: true,
    copyPublicDir: false,
    lib: { entry: path.join(web, "sw", "service-worker.ts"), formats: ["iife"], name: "sereneServiceWorker", fileName: () => "sw.js" },
  },
});

// The page every members' address opens with is index.html as the server renders it: it changes when index.html does.
const shellRevision = createHash("sha256")
  .update(readFileSync(path.join(dist, "index.html")))
  .digest("hex")
  .slice(0, 16);

const { count, size, warnings } = await injectManifest({
  swSrc: path.join(dist, "sw.js"),
  swDest: path.join(dist, "sw.js"),
  globDirectory: dist,
  // The app's code, styles and fonts, the icons and the offline page; not the images of public pages.
  globPatterns: ["assets/**/*.{js,css,woff2}", "icons/*.png", "favicon.svg", "manifest.webmanifest", "offline.html", "offline.css"],
  globIgnores: ["sw.js", "prerendered/**", ".vite/**"],
  // Built files carry their content hash in their names: no cache-busting query needed.
  dontCacheBustURLsMatching: /^assets\//,
  additionalManifestEntries: [{ url: "/home", revision: shellRevision }],
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(1)} KiB`);
