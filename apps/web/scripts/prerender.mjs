// After `vite build`: renders the landing page to static HTML (dist/prerendered/landing.html).
// Product name and support address stay placeholders that the server fills in from its config.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const web = fileURLToPath(new URL("..", import.meta.url));
globalThis.__APP_CONFIG__ = { appName: "%APP_NAME%", supportEmail: "%SUPPORT_EMAIL%" };
const entry = path.join(web, "dist-ssr", "prerender.js");
const { renderLanding } = await import(pathToFileURL(entry).href);
const html = renderLanding();
mkdirSync(path.join(web, "dist", "prerendered"), { recursive: true });
writeFileSync(path.join(web, "dist", "prerendered", "landing.html"), html);
rmSync(path.join(web, "dist-ssr"), { recursive: true, force: true });
console.log(`prerendered / (${(html.length / 1024).toFixed(1)} KiB of HTML)`);
