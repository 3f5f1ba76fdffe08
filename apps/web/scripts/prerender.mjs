// After `vite build`: renders the landing page, the paywall and the quiz results' frame to static HTML (dist/prerendered/).
// Product name and support address stay placeholders that the server fills in from its config.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const web = fileURLToPath(new URL("..", import.meta.url));
globalThis.__APP_CONFIG__ = { appName: "%APP_NAME%", supportEmail: "%SUPPORT_EMAIL%" };
const entry = path.join(web, "dist-ssr", "prerender.js");
const { renderLanding, renderPaywall, renderQuizResultsFrame } = await import(pathToFileURL(entry).href);
mkdirSync(path.join(web, "dist", "prerendered"), { recursive: true });
for (const [route, name, render] of [
  ["/", "landing", renderLanding],
  ["/subscription", "paywall", renderPaywall],
  ["/quiz-results", "quiz-results", renderQuizResultsFrame],
]) {
  const html = render();
  writeFileSync(path.join(web, "dist", "prerendered", `${name}.html`), html);
  console.log(`prerendered ${route} (${(html.length / 1024).toFixed(1)} KiB of HTML)`);
}
rmSync(path.join(web, "dist-ssr"), { recursive: true, force: true });
