// Makes sure Debian's Chromium is there for the browser journeys: installs it when this user may
// (root with apt-get), otherwise says in one line what to install.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (about a minute)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(CHROMIUM)) return CHROMIUM;
  }
  console.error("Chromium is missing: run `sudo apt-get install chromium` (Debian) or set CHROME_PATH to a Chromium binary.");
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
