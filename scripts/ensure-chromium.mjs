// Makes sure Debian's Chromium is there: the full browser (Lighthouse, the player benchmark, screenshots) and its
// headless shell, the same Chromium release without a window system, which the browser journeys drive (decision
// 064). Installs what is missing when this user may (root with apt-get), otherwise says in one line what to install.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The browser the journeys drive: CHROME_PATH when set, else the headless shell, else the full browser. */
export const journeyChromium = () => process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

const missing = () => [
  ...(existsSync(CHROMIUM) ? [] : ["chromium"]),
  ...(process.env.CHROME_PATH || existsSync(HEADLESS_SHELL) ? [] : ["chromium-headless-shell"]),
];

export function ensureChromium() {
  const packages = missing();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (packages.length > 0 && isRoot && hasApt) {
    console.log(`Installing Debian's ${packages.join(" and ")} (about a minute)…`);
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    } catch {
      // Without the headless shell the journeys drive the full browser, only slower.
    }
  }
  if (existsSync(CHROMIUM)) return CHROMIUM;
  console.error(
    "Chromium is missing: run `sudo apt-get install chromium chromium-headless-shell` (Debian) or set CHROME_PATH to a Chromium binary.",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
