// Draws the installable app's icons once from the app's mark (public/favicon.svg) with Debian's
// Chromium: 192 and 512 (the rounded mark), a maskable 512 (full-bleed colour, the mark's wave and
// sun inside the central safe circle) and the 180 apple-touch icon (square: iOS rounds it itself).
// Run: node apps/web/scripts/draw-icons.mjs; commit the PNGs in public/icons/.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const web = fileURLToPath(new URL("..", import.meta.url));
const mark = readFileSync(path.join(web, "public", "favicon.svg"), "utf8");
const out = path.join(web, "public", "icons");
mkdirSync(out, { recursive: true });

/** The mark's drawing without its rounded square, scaled about the centre. */
const inner = (scale) =>
  mark
    .replace(/^<svg[^>]*>/, "")
    .replace("</svg>", "")
    .replace(/<rect[^>]*\/>/, "")
    .replace(/<defs>.*<\/defs>/, "")
    .replace(/^/, `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">`)
    .concat("</g>");
const gradient = mark.match(/<defs>.*<\/defs>/)[0];
const square = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/>${inner(scale)}</svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: mark, transparent: true },
  { file: "icon-512.png", size: 512, svg: mark, transparent: true },
  // The safe zone of a maskable icon is the central circle of 80 % of its width.
  { file: "icon-maskable-512.png", size: 512, svg: square(0.72), transparent: false },
  { file: "apple-touch-icon.png", size: 180, svg: square(0.86), transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox"],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: icon.transparent });
    await page.close();
    console.log(`drew ${icon.file}`);
  }
} finally {
  await browser.close();
}
