// The player's figures for `npm run bench` (decision 043: one audio engine, a mini-player, places):
//   1. JavaScript, gzip KiB: the player route (entry + route) alone, with the mini-player's lazy chunk, and with
//      hls.js (imported only when a stream loads); and the mini-player's chunk alone, what a signed-in member
//      downloads after any members' page (beyond the shared entry, and beyond /home's own code);
//   2. Play to `playing`: from the click on Play to the engine's media element firing `playing`, p50/p95 on
//      loopback in Chromium (budget: p95 300 ms);
//   3. Continue to the place: from the click on "Continue from m:ss" to the media element playing within 5 s of
//      the place saved with PUT /user/positions/{id}, p50/p95 for a registered member.
// Run alone after `npm run build`: `npx tsx scripts/bench-player.ts [js|play|continue]` (all three by default).
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { loadCatalogue } from "@serene/content";
import { repoRoot, startServer } from "../e2e/server";
import { percentile, round, token } from "./bench-content";
import { ensureChromium } from "./ensure-chromium.mjs";

/** The budget of Play to `playing`, p95 on loopback (issue 16). */
export const PLAY_BUDGET_MS = 300;
/** Sound "at the place": the media element's time within this much of the saved place. */
const AT_PLACE_SECONDS = 5;
/** The saved place: 20 s into an item at least 60 s long (the player continues 3 s earlier). */
const SAVED_PLACE_SECONDS = 20;

const BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--autoplay-policy=no-user-gesture-required", "--mute-audio"];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = path.join(repoRoot, "apps/web/dist");
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The player route's JavaScript, gzip level 9 as the server's static files would be, from the build's manifest. */
export function playerJavaScript() {
  const manifestPath = path.join(dist, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error("No build found: run `npm run build` first.");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const keyOf = (suffix: string) => {
    const key = Object.keys(manifest).find((name) => name.endsWith(suffix));
    if (!key) throw new Error(`The build has no chunk for ${suffix}`);
    return key;
  };
  /** A chunk and everything it imports statically (what the browser fetches with it). */
  const closure = (keys: string[], seen = new Set<string>()) => {
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const child of manifest[key]?.imports ?? []) visit(child);
    };
    keys.forEach(visit);
    return seen;
  };
  const minus = (keys: Set<string>, without: Set<string>) => new Set([...keys].filter((key) => !without.has(key)));
  const gzip = (keys: Set<string>) =>
    kib([...keys].reduce((sum, key) => sum + gzipSync(readFileSync(path.join(dist, manifest[key]!.file)), { level: 9 }).length, 0));

  const entry = closure(["index.html"]);
  const player = closure([keyOf("app/routes/player.tsx")], new Set(entry));
  const home = closure([keyOf("app/routes/home.tsx")], new Set(entry));
  const mini = closure([keyOf("features/player/components/mini-player.tsx")]);
  const hls = new Set<string>();
  for (const key of player) for (const lazy of manifest[key]?.dynamicImports ?? []) if (lazy.includes("hls.js")) closure([lazy], hls);
  const playerWithMini = new Set([...player, ...mini]);
  return {
    playerRouteKiB: gzip(player),
    playerWithMiniPlayerKiB: gzip(playerWithMini),
    playerWithMiniPlayerAndHlsKiB: gzip(new Set([...playerWithMini, ...hls])),
    playerWithHlsKiB: gzip(new Set([...player, ...hls])),
    /** The mini-player's lazy chunk and its imports beyond the shared entry: after any members' page. */
    miniPlayerKiB: gzip(minus(mini, entry)),
    /** The same beyond /home's own code (what comes after home has loaded). */
    miniPlayerAfterHomeKiB: gzip(minus(mini, home)),
    /** The mini-player's code the player route does not already have (0 when the route carries it all). */
    miniPlayerBeyondPlayerKiB: gzip(minus(mini, player)),
    chunks: { miniPlayer: [...minus(mini, entry)].map((key) => manifest[key]!.file).sort() },
  };
}

/** A free item with a male voice that keeps a place (a session, 60 s or longer), and its real length. */
function freeVoicedItem() {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "content/media/manifest.json"), "utf8")) as Record<
    string,
    { duration: number }
  >;
  const item = loadCatalogue().items.find(
    (entry) =>
      entry.free &&
      entry.model === "meditation-sleep" &&
      entry.media?.audio_male &&
      (manifest[entry.media.audio_male]?.duration ?? 0) >= 60 &&
      (!entry.media.audio_female || (manifest[entry.media.audio_female]?.duration ?? 0) >= 60),
  );
  if (!item) throw new Error("the catalogue has no free voiced item of 60 s or more");
  return { ...item, durationSeconds: manifest[item.media!.audio_male!]!.duration };
}

interface Probe {
  clickedAt: number | null;
  readyAtClick: boolean;
  reachedAt: number | null;
  firstPlayingAt: number | null;
  firstPlayingTime: number | null;
}

/**
 * Installed before each page's own code (as source text, so the bundler's helpers never leak into it): it notes
 * the click on the button whose name (aria-label, else text) matches `button`, and the first moment after it that
 * the engine's media element (data-testid="player-media", in its hidden holder at the end of <body> or lent to
 * the player page) plays, with data to go on, within `tolerance` s of `target` (anywhere when null). Times are
 * the events' own time stamps, so Playwright's work around the click is not counted. Media events do not
 * bubble; listeners capturing on the document see them for every element in the document.
 */
const PROBE = `(options) => {
  const probe = { clickedAt: null, readyAtClick: false, reachedAt: null, firstPlayingAt: null, firstPlayingTime: null };
  window.__probe = probe;
  const matches = new RegExp(options.button);
  const engineMedia = (target) => target instanceof HTMLMediaElement && target.dataset.testid === "player-media";
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    const name = (button && (button.getAttribute("aria-label") || button.textContent)) || "";
    if (probe.clickedAt !== null || !button || !matches.test(name.trim())) return;
    probe.clickedAt = event.timeStamp;
    const media = document.querySelector('[data-testid="player-media"]');
    probe.readyAtClick = Boolean(media && media.readyState >= HTMLMediaElement.HAVE_METADATA);
  }, { capture: true });
  const check = (event) => {
    const media = event.target;
    if (!engineMedia(media) || probe.clickedAt === null || probe.reachedAt !== null || media.paused) return;
    if (event.type === "playing" && probe.firstPlayingAt === null) {
      probe.firstPlayingAt = event.timeStamp;
      probe.firstPlayingTime = media.currentTime;
    }
    if (probe.firstPlayingAt === null || media.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
    if (options.target === null || Math.abs(media.currentTime - options.target) <= options.tolerance) probe.reachedAt = event.timeStamp;
  };
  for (const type of ["playing", "timeupdate", "seeked"]) document.addEventListener(type, check, { capture: true });
}`;

const probeScript = (options: { button: string; target: number | null; tolerance: number }) => ({
  content: `(${PROBE})(${JSON.stringify(options)});`,
});

async function measureClick(page: Page, url: string, button: RegExp) {
  await page.goto(url);
  const control = page.getByRole("group", { name: "Player" }).getByRole("button", { name: button });
  await control.waitFor({ state: "visible", timeout: 30_000 });
  await control.click();
  await page.waitForFunction(() => (window as unknown as { __probe: Probe }).__probe.reachedAt !== null, undefined, { timeout: 30_000 });
  const probe = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
  return { ms: probe.reachedAt! - probe.clickedAt!, probe };
}

const summary = (timings: number[]) => ({
  p50: round(percentile(timings, 50)),
  p95: round(percentile(timings, 95)),
  max: round(Math.max(...timings)),
});

/**
 * Play to `playing`: a free member opens a free session's player and presses Play as soon as it shows (so the
 * stream may still be loading: the figure includes what is left of it). The first load warms caches.
 */
export async function measurePlayToPlaying(chromePath: string, runs = 20) {
  const server = await startServer({ env: { LOG_LEVEL: "warn" } });
  const browser = await chromium.launch({ executablePath: chromePath, args: BROWSER_ARGS });
  try {
    const t = await token(server.url);
    const item = freeVoicedItem();
    const context = await browser.newContext();
    await context.addInitScript((value) => window.localStorage.setItem("t", value), t);
    await context.addInitScript(probeScript({ button: "^Play$", target: null, tolerance: 0 }));
    const page = await context.newPage();
    const timings: number[] = [];
    let readyAtClick = 0;
    /** The times of the runs whose stream was still loading when Play was pressed. */
    const loadingAtClick: number[] = [];
    for (let run = 0; run < runs + 1; run++) {
      const { ms, probe } = await measureClick(page, `${server.url}/${item.model}/${item.id}`, /^Play$/);
      if (run === 0) continue; // the first run warms caches and compiles
      timings.push(ms);
      if (probe.readyAtClick) readyAtClick += 1;
      else loadingAtClick.push(round(ms));
    }
    return {
      runs,
      item: item.id,
      readyAtClick,
      ...summary(timings),
      timings: timings.map(round),
      loadingAtClick,
      budgetMs: PLAY_BUDGET_MS,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Saves the place, and again should a save sent by the page as it went arrive after it. Answers where Continue starts. */
async function savePlace(url: string, bearer: string, id: number, position: number, duration: number) {
  const headers = { authorization: `Bearer ${bearer}`, "content-type": "application/json", accept: "application/json" };
  for (let attempt = 1; ; attempt++) {
    const saved = await fetch(`${url}/api/v1/user/positions/${id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ position, duration }),
    });
    if (!saved.ok) throw new Error(`PUT /user/positions/${id} answered ${saved.status}: ${await saved.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const read = (await (await fetch(`${url}/api/v1/user/positions/${id}`, { headers })).json()) as {
      data: { position: number; resume_at: number | null } | null;
    };
    if (read.data?.position === position && read.data.resume_at !== null) return read.data.resume_at;
    if (attempt >= 5) throw new Error(`the place did not keep: ${JSON.stringify(read)}`);
  }
}

/**
 * Continue to the place: a registered (free) member has a place 20 s into a free session; on its player they
 * press "Continue from m:ss" as soon as it shows. Measured to the media element playing, with enough data to
 * go on, within 5 s of the saved place. Before each run the place is saved again (the last run's own save, on
 * pause and on leaving, would move it).
 */
export async function measureContinueToPlace(chromePath: string, runs = 20) {
  const server = await startServer({ env: { LOG_LEVEL: "warn" } });
  const browser = await chromium.launch({ executablePath: chromePath, args: BROWSER_ARGS });
  try {
    const item = freeVoicedItem();
    const email = `continue.${Date.now()}@example.com`;
    const registered = await fetch(`${server.url}/api/v1/user`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ name: "Bench", email, password: "quiet evening walk 42", phone: "", platform: "web" }),
    });
    if (!registered.ok) throw new Error(`registration answered ${registered.status}`);
    const t = ((await registered.json()) as { token: string }).token;
    const context = await browser.newContext();
    await context.addInitScript((value) => window.localStorage.setItem("t", value), t);
    await context.addInitScript(probeScript({ button: "^Continue from ", target: SAVED_PLACE_SECONDS, tolerance: AT_PLACE_SECONDS }));
    const page = await context.newPage();
    const timings: number[] = [];
    let readyAtClick = 0;
    /** Runs whose sound began away from the place (and reached it later). */
    const playedElsewhereFirst: { run: number; ms: number; firstPlayingAt: number }[] = [];
    let resumeAt = 0;
    for (let run = 0; run < runs + 1; run++) {
      // Leave the last run's page (its place is saved on pause and on leaving), then save the place again.
      await page.evaluate(() => document.querySelector<HTMLMediaElement>('[data-testid="player-media"]')?.pause()).catch(() => undefined);
      await page.goto("about:blank");
      resumeAt = await savePlace(server.url, t, item.id, SAVED_PLACE_SECONDS, item.durationSeconds);
      const { ms, probe } = await measureClick(page, `${server.url}/${item.model}/${item.id}`, /^Continue from \d+:\d\d$/);
      if (run === 0) continue; // the first run warms caches and compiles
      timings.push(ms);
      if (probe.readyAtClick) readyAtClick += 1;
      if (probe.firstPlayingTime !== null && Math.abs(probe.firstPlayingTime - SAVED_PLACE_SECONDS) > AT_PLACE_SECONDS)
        playedElsewhereFirst.push({ run, ms: round(ms), firstPlayingAt: round(probe.firstPlayingTime) });
    }
    return {
      runs,
      item: item.id,
      itemSeconds: item.durationSeconds,
      savedAt: SAVED_PLACE_SECONDS,
      resumeAt,
      readyAtClick,
      playedElsewhereFirst,
      ...summary(timings),
      timings: timings.map(round),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The figures as rows of `npm run bench`'s table: name, value, budget, within it. */
export function playerRows(
  js: ReturnType<typeof playerJavaScript> | null,
  play: Awaited<ReturnType<typeof measurePlayToPlaying>> | null,
  resume: Awaited<ReturnType<typeof measureContinueToPlace>> | null,
) {
  const rows: [string, string, string, boolean][] = [];
  if (js) {
    rows.push(
      [
        "player route JavaScript, gzip: alone / with mini-player chunk",
        `${js.playerRouteKiB} / ${js.playerWithMiniPlayerKiB} KiB`,
        "",
        true,
      ],
      ["  with hls.js: alone / with mini-player chunk", `${js.playerWithHlsKiB} / ${js.playerWithMiniPlayerAndHlsKiB} KiB`, "", true],
      ["mini-player chunk alone, gzip: beyond entry / beyond /home", `${js.miniPlayerKiB} / ${js.miniPlayerAfterHomeKiB} KiB`, "", true],
    );
  }
  if (play) {
    rows.push([
      `Play to playing: p50 / p95 (runs; stream ready at click)`,
      `${play.p50} / ${play.p95} ms (${play.runs}; ${play.readyAtClick})`,
      `p95 ≤ ${PLAY_BUDGET_MS} ms`,
      play.p95 <= PLAY_BUDGET_MS,
    ]);
  }
  if (resume) {
    rows.push([
      `Continue from m:ss to playing at the place (±${AT_PLACE_SECONDS} s): p50 / p95`,
      `${resume.p50} / ${resume.p95} ms (${resume.runs})`,
      "",
      true,
    ]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const part = process.argv[2] ?? "all";
  if (!["all", "js", "play", "continue"].includes(part)) {
    console.error("Usage: npx tsx scripts/bench-player.ts [js|play|continue]");
    process.exit(2);
  }
  const js = part === "all" || part === "js" ? playerJavaScript() : null;
  const chrome = part === "js" ? "" : ensureChromium();
  const play = part === "all" || part === "play" ? await measurePlayToPlaying(chrome) : null;
  const resume = part === "all" || part === "continue" ? await measureContinueToPlace(chrome) : null;
  const machine = { cores: cpus().length, loadAverage: loadavg().map((value) => round(value)) };
  console.log(JSON.stringify({ machine, js, play, resume }, null, 2));
  for (const [name, value, budget, ok] of playerRows(js, play, resume))
    console.log(`${name.padEnd(72)}${value.padEnd(28)}${budget}${budget ? (ok ? "  ok" : "  OVER") : ""}`);
}
