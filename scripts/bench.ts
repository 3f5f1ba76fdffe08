// npm run bench: the performance budgets of docs/architecture.md that a person can re-measure.
//   1. the landing route's JavaScript (entry + the landing page module), gzip KiB, budget 150
//   2. Lighthouse mobile (simulated throttling) for `/`, the median of three runs: performance ≥ 95, accessibility ≥ 95, CLS ≤ 0.05;
//      the paywall route (/subscription): its JavaScript and Lighthouse mobile performance ≥ 95
//   3. login latency p50/p95 at 20 logins per second (argon2id on every login)
//   4. p99 of GET /api/v1/faq alone and during a rate-limited login flood: within 2x;
//      the medians of a recovery and a removal request for a registered and an unknown address: alike
//   4b. the quiz: /quiz and /quiz-results route JavaScript, Lighthouse mobile for both (target ≥ 98), and the
//      time from an answer to the next question painted in Chromium (budget under 100 ms)
//   4c. the sales page: /promo route JavaScript and Lighthouse mobile of /promo/3 with its ticking countdown
//      (performance ≥ 95, LCP under 2.5 s, CLS 0)
//   5. the player route's JavaScript alone, with the mini-player's lazy chunk and with hls.js (loaded only when a
//      stream plays); the mini-player's chunk alone (what a signed-in member downloads on every members' page)
//   6. Play to `playing` in Chromium, p95 on loopback, budget 300 ms (issue 16; it was 1 s before the one engine);
//      and "Continue from m:ss" to sound at the saved place, p50/p95 (scripts/bench-player.ts, runnable alone)
//   7. GET /screen/home, a content detail and POST /user/sessions at 50 connections, each as a
//      ratio to a bare Fastify + pg endpoint in the same run (budget ≥ 0.5, p99 ≤ 25 ms), and
//      signed-cookie media serving throughput
//   7b. GET /user/sessions and GET /user/achievements p99 for a new member and one with 50,000 sessions (within 2x)
//   7c. Lighthouse mobile of /profile/dashboard signed in, for a member with a week of practice (performance ≥ 95)
//   8. a database that stops answering: how long requests wait before their 503 with the default limits
//   8b. the production topology (scripts/bench-cluster.ts, runnable alone): one worker's jobs a second for the reset-link
//      queue (writing the outbox) and the e-mail queue (to a local SMTP sink), budget ≥ 50 each; an owner's reset e-mail
//      during a 10,000-job flood on another queue and 2,000 e-mails waiting on its own, budget under 5 s; the most
//      requests a second at p99 under 100 ms for a member mix on one API node and on three behind HAProxy
//   8c. the operator console's member search at 100,000 members on PostgreSQL (scripts/bench-support.ts), p99 < 50 ms
//   8e. the editor's room: a 10-minute recording from the end of its upload to playable (scripts/bench-upload.ts), figure only
//   8d. the analyst's dashboard (money, subscriptions, funnels) at 100,000 members and 1,000,000 analytics events on
//       PostgreSQL (scripts/bench-dashboard.ts), p99 < 200 ms each over the default range (the 30 days to today)
//   9. npm run fuzz: generated bad input, 1,000 requests per operation of the API document on PGlite and
//      PostgreSQL (BENCH_DATABASE_URL, else the local server): operations, cases, answers by status, 0 answers ≥ 500
// It is a benchmark, not a test: it prints figures and writes bench-results/latest.json.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { createDatabase } from "@serene/db";
import { freePort, pollUntil, startServer, repoRoot } from "../e2e/server";
import { measureAccountLinkTiming, measureLoginLatency, measureReadUnderLoginFlood } from "./bench-auth";
import { measureContentApi } from "./bench-content";
import { measureContinueToPlace, measurePlayToPlaying, playerJavaScript, playerRows } from "./bench-player";
import { measureProgressApi } from "./bench-progress";
import { measureDatabaseOutage } from "./bench-outage";
import { measureAnswerToNextQuestion } from "./bench-quiz";
import { measureCapacity, measureJobs, membersOnline, type CapacityStep } from "./bench-cluster.ts";
import { measureDashboard } from "./bench-dashboard.ts";
import { measureUploadToPlayable } from "./bench-upload.ts";
import { measureMemberSearch } from "./bench-support.ts";
import { ensureChromium } from "./ensure-chromium.mjs";
import { describeFuzz, runFuzz } from "./fuzz";

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = path.join(repoRoot, "apps/web/dist");
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function routeJavaScript() {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const collect = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) collect(child, seen);
  };
  const entry = new Set<string>();
  collect("index.html", entry);
  const landing = new Set(entry);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith("app/routes/landing.tsx"))!;
  collect(landingKey, landing);
  const gzip = (keys: Set<string>) =>
    [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(path.join(dist, manifest[key]!.file)), { level: 9 }).length, 0);
  const home = new Set(entry);
  collect(
    Object.keys(manifest).find((key) => key.endsWith("app/routes/home.tsx"))!,
    home,
  );
  const paywall = new Set(entry);
  collect(
    Object.keys(manifest).find((key) => key.endsWith("app/routes/paywall.tsx"))!,
    paywall,
  );
  const quiz = new Set(entry);
  collect(
    Object.keys(manifest).find((key) => key.endsWith("app/routes/quiz.tsx"))!,
    quiz,
  );
  const quizResults = new Set(entry);
  collect(
    Object.keys(manifest).find((key) => key.endsWith("app/routes/quiz-results.tsx"))!,
    quizResults,
  );
  const promo = new Set(entry);
  collect(
    Object.keys(manifest).find((key) => key.endsWith("app/routes/sales-checkout.tsx"))!,
    promo,
  );
  return {
    entryKiB: kib(gzip(entry)),
    landingRouteKiB: kib(gzip(landing)),
    homeRouteKiB: kib(gzip(home)),
    paywallRouteKiB: kib(gzip(paywall)),
    quizRouteKiB: kib(gzip(quiz)),
    quizResultsRouteKiB: kib(gzip(quizResults)),
    promoRouteKiB: kib(gzip(promo)),
  };
}

const LIGHTHOUSE_RUNS = 3;

/** Lighthouse mobile scores of one page: the median run of three, as Lighthouse's own guidance on variance advises. */
function lighthouse(url: string, chrome: string, name = "landing", extra: string[] = []) {
  const runs = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) runs.push(lighthouseRun(url, chrome, `${name}-${run}`, extra));
  runs.sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error(`Lighthouse gave no result for ${url}`);
  return { ...median, allPerformance: runs.map((r) => r.performance) };
}

function lighthouseRun(url: string, chrome: string, name: string, extra: string[] = []) {
  const out = path.join(repoRoot, "bench-results", `lighthouse-${name}.json`);
  const flags = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ].join(" ");
  // Headless Chromium sometimes loses the trace of a load (NO_NAVSTART); such a run is repeated.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        path.join(repoRoot, "node_modules/.bin/lighthouse"),
        [
          url,
          "--quiet",
          "--only-categories=performance,accessibility",
          "--output=json",
          `--output-path=${out}`,
          `--chrome-flags=${flags}`,
          ...extra,
        ],
        { stdio: "inherit", env: { ...process.env, CHROME_PATH: chrome } },
      );
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`Lighthouse run ${attempt} failed; running it again.`);
    }
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    cls: Number(report.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    lcpMs: Math.round(report.audits["largest-contentful-paint"].numericValue),
    fcpMs: Math.round(report.audits["first-contentful-paint"].numericValue),
    tbtMs: Math.round(report.audits["total-blocking-time"].numericValue),
  };
}

/**
 * Lighthouse mobile of a members' page, signed in: the bench starts a Chromium, leaves the member's token in its
 * local storage, and Lighthouse audits in that browser keeping its storage (--port, --disable-storage-reset),
 * so the page renders for the member rather than sending Lighthouse to /login.
 */
async function lighthouseSignedIn(origin: string, pathname: string, chrome: string, token: string, name: string) {
  const port = await freePort();
  const browserProcess = spawn(
    chrome,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${mkdtempSync(path.join(tmpdir(), "serene-lighthouse-"))}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  try {
    const browser = await pollUntil(() => chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => undefined), {
      timeoutMs: 10_000,
      intervalMs: 250,
      what: "Chromium's debugging port",
    });
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/privacy-policy`);
    await page.evaluate((value) => window.localStorage.setItem("t", value), token);
    await page.close();
    await browser.close();
    return lighthouse(`${origin}${pathname}`, chrome, name, [`--port=${port}`, "--disable-storage-reset"]);
  } finally {
    browserProcess.kill();
  }
}

/**
 * The dashboard's member, registered on a server of `dataDir` that is then stopped, their account opened eight days
 * ago: a week of practice is believed only from an account that old (decision 054), and only the database can say so.
 */
async function memberOpenedAWeekAgo(dataDir: string): Promise<string> {
  const email = `dashboard.${Date.now()}@example.com`;
  const first = await startServer({ dataDir });
  let token: string;
  try {
    const registered = await fetch(`${first.url}/api/v1/user`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ name: "Bench", email, password: "quiet evening walk 42", phone: "", platform: "web" }),
    });
    token = ((await registered.json()) as { token: string }).token;
  } finally {
    await first.stop();
  }
  const database = await createDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    await database.executeSql("update users set created_at = now() - interval '8 days' where email = $1", [email]);
  } finally {
    await database.close();
  }
  return token;
}

/** A week of practice (a session a day, in UTC, of a soundscape the player repeats), for the dashboard's figures and pictures. */
async function practiseAWeek(origin: string, token: string): Promise<string> {
  const second = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
  for (let day = 7; day >= 1; day--) {
    const start = new Date(Date.now() - day * 86_400_000);
    const res = await fetch(`${origin}/api/v1/user/sessions?tz=UTC`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        id: 42,
        model: "music-soundscape",
        start_session: second(start),
        end_session: second(new Date(start.getTime() + (5 + day) * 60_000)),
      }),
    });
    if (res.status !== 201) throw new Error(`a week of practice: a report was answered ${res.status}: ${await res.text()}`);
  }
  return token;
}

async function main() {
  mkdirSync(path.join(repoRoot, "bench-results"), { recursive: true });
  execFileSync("npm", ["run", "--silent", "build"], { cwd: repoRoot, stdio: "inherit" });
  const chrome = ensureChromium();
  const js = routeJavaScript();
  const playerJs = playerJavaScript();
  const dataDir = mkdtempSync(path.join(tmpdir(), "serene-bench-"));
  const dashboardMember = await memberOpenedAWeekAgo(dataDir);
  const server = await startServer({ dataDir });
  let scores;
  let paywall;
  let quizScores;
  let resultsScores;
  let promoScores;
  let dashboardScores;
  try {
    scores = lighthouse(`${server.url}/`, chrome);
    paywall = lighthouse(`${server.url}/subscription`, chrome, "paywall");
    quizScores = lighthouse(`${server.url}/quiz`, chrome, "quiz");
    // The result as the e-mailed link opens it: a lead's answers, read by its id.
    const lead = await fetch(`${server.url}/api/v1/lead`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: "bench@example.com", quiz: "onboarding", answers: { goal: "SLEEP_BETTER" } }),
    });
    const leadId = ((await lead.json()) as { data: { id: string } }).data.id;
    resultsScores = lighthouse(`${server.url}/quiz-results?lead=${leadId}`, chrome, "quiz-results");
    promoScores = lighthouse(`${server.url}/promo/3`, chrome, "promo");
    dashboardScores = await lighthouseSignedIn(
      server.url,
      "/profile/dashboard",
      chrome,
      await practiseAWeek(server.url, dashboardMember),
      "dashboard",
    );
  } finally {
    await server.stop();
  }
  const play = await measurePlayToPlaying(chrome);
  const resume = await measureContinueToPlace(chrome);
  const answerToNext = await measureAnswerToNextQuestion(chrome);
  const api = await measureContentApi();
  const progress = await measureProgressApi();
  const loginLatency = await measureLoginLatency();
  const flood = await measureReadUnderLoginFlood();
  const links = await measureAccountLinkTiming();
  /** Equal work: the two medians within 10% of each other (or 0.3 ms, below the noise of loopback). */
  const alike = (pair: { existing: number; missing: number }) =>
    Math.abs(pair.existing - pair.missing) <= Math.max(0.3, 0.1 * Math.min(pair.existing, pair.missing));
  const outage = await measureDatabaseOutage();
  const outageAll503 = outage.statuses["503"] === outage.requests && outage.retryAfter === "5";
  const jobs = await measureJobs();
  const capacity = await measureCapacity();
  const memberSearch = await measureMemberSearch();
  const dashboard = await measureDashboard();
  const upload = await measureUploadToPlayable();
  const step = (found: CapacityStep | null) =>
    found ? `${found.requestsPerSecond} req/s (p99 ${found.p99} ms, ${found.connections} conn.)` : "none";
  const fuzz = runFuzz({ postgresUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
  const within2x = (ratio: number) => ratio <= 2;
  const rows = [
    [
      "GET /user/sessions p99: new member, 50,000 sessions",
      `${progress.sessionsNew.p99} ms, ${progress.sessions50k.p99} ms`,
      "within 2x",
      within2x(progress.ratios.sessions),
    ],
    [
      "GET /user/achievements p99: new member, 50,000 sessions",
      `${progress.achievementsNew.p99} ms, ${progress.achievements50k.p99} ms`,
      "within 2x",
      within2x(progress.ratios.achievements),
    ],
    ["  POST /user/sessions of the 50,000 member, p50 / p99", `${progress.report50k.p50} / ${progress.report50k.p99} ms`, "", true],
    [
      "Lighthouse mobile performance, /profile/dashboard signed in: median (runs)",
      `${dashboardScores.performance} (${dashboardScores.allPerformance.join(", ")})`,
      "≥ 95",
      dashboardScores.performance >= 95,
    ],
    [
      "  accessibility, CLS; FCP / LCP / TBT",
      `${dashboardScores.accessibility}, ${dashboardScores.cls}; ${dashboardScores.fcpMs} / ${dashboardScores.lcpMs} / ${dashboardScores.tbtMs} ms`,
      "",
      true,
    ],
    ["landing route JavaScript, gzip (entry + page)", `${js.landingRouteKiB} KiB`, "≤ 150 KiB", js.landingRouteKiB <= 150],
    ["  of which the shared entry", `${js.entryKiB} KiB`, "", true],
    ["home route JavaScript, gzip (entry + page)", `${js.homeRouteKiB} KiB`, "≤ 150 KiB", js.homeRouteKiB <= 150],
    [
      "Lighthouse mobile performance, /: median (runs)",
      `${scores.performance} (${scores.allPerformance.join(", ")})`,
      "≥ 95 (aim 100)",
      scores.performance >= 95,
    ],
    ["Lighthouse accessibility, /", String(scores.accessibility), "≥ 95", scores.accessibility >= 95],
    ["Cumulative Layout Shift, /", String(scores.cls), "≤ 0.05", scores.cls <= 0.05],
    ["  FCP / LCP / TBT", `${scores.fcpMs} / ${scores.lcpMs} / ${scores.tbtMs} ms`, "", true],
    ["paywall route JavaScript, gzip (entry + page)", `${js.paywallRouteKiB} KiB`, "≤ 150 KiB", js.paywallRouteKiB <= 150],
    [
      "Lighthouse mobile performance, /subscription: median (runs)",
      `${paywall.performance} (${paywall.allPerformance.join(", ")})`,
      "≥ 95",
      paywall.performance >= 95,
    ],
    [
      "  accessibility, CLS; FCP / LCP / TBT",
      `${paywall.accessibility}, ${paywall.cls}; ${paywall.fcpMs} / ${paywall.lcpMs} / ${paywall.tbtMs} ms`,
      "",
      paywall.accessibility >= 95,
    ],
    ["quiz route JavaScript, gzip (entry + page)", `${js.quizRouteKiB} KiB`, "≤ 150 KiB", js.quizRouteKiB <= 150],
    [
      "Lighthouse mobile performance, /quiz: median (runs)",
      `${quizScores.performance} (${quizScores.allPerformance.join(", ")})`,
      "≥ 98",
      quizScores.performance >= 98,
    ],
    [
      "  accessibility, CLS; FCP / LCP / TBT",
      `${quizScores.accessibility}, ${quizScores.cls}; ${quizScores.fcpMs} / ${quizScores.lcpMs} / ${quizScores.tbtMs} ms`,
      "",
      quizScores.accessibility >= 95,
    ],
    ["quiz results route JavaScript, gzip (entry + page)", `${js.quizResultsRouteKiB} KiB`, "≤ 150 KiB", js.quizResultsRouteKiB <= 150],
    [
      "Lighthouse mobile performance, /quiz-results: median (runs)",
      `${resultsScores.performance} (${resultsScores.allPerformance.join(", ")})`,
      "≥ 98",
      resultsScores.performance >= 98,
    ],
    [
      "  accessibility, CLS; FCP / LCP / TBT",
      `${resultsScores.accessibility}, ${resultsScores.cls}; ${resultsScores.fcpMs} / ${resultsScores.lcpMs} / ${resultsScores.tbtMs} ms`,
      "",
      resultsScores.accessibility >= 95,
    ],
    ["/promo route JavaScript, gzip (entry + page)", `${js.promoRouteKiB} KiB`, "≤ 150 KiB", js.promoRouteKiB <= 150],
    [
      "Lighthouse mobile performance, /promo/3 (ticking countdown): median (runs)",
      `${promoScores.performance} (${promoScores.allPerformance.join(", ")})`,
      "≥ 95, LCP < 2.5 s, CLS 0",
      promoScores.performance >= 95 && promoScores.lcpMs < 2500 && promoScores.cls === 0,
    ],
    [
      "  accessibility, CLS; FCP / LCP / TBT",
      `${promoScores.accessibility}, ${promoScores.cls}; ${promoScores.fcpMs} / ${promoScores.lcpMs} / ${promoScores.tbtMs} ms`,
      "",
      promoScores.accessibility >= 95,
    ],
    [
      "quiz: answer to next question painted, p50 / p95 (answers)",
      `${answerToNext.p50} / ${answerToNext.p95} ms (${answerToNext.answers})`,
      "p95 < 100 ms",
      answerToNext.p95 < 100,
    ],
    ["login at 20/s: p50 / p95", `${loginLatency.p50} / ${loginLatency.p95} ms`, "", loginLatency.failed === 0],
    ["  logins sent / failed", `${loginLatency.requests} / ${loginLatency.failed}`, "0 failed", loginLatency.failed === 0],
    ["GET /faq p99 alone / during login flood", `${flood.p99Alone} / ${flood.p99During} ms`, "≤ 2x", flood.ratio <= 2],
    ["  ratio; flood answers by status", `${flood.ratio}x; ${JSON.stringify(flood.floodStatuses)}`, "", true],
    [
      "recovery request median: registered / unknown address",
      `${links.recovery.existing} / ${links.recovery.missing} ms`,
      "alike (±10%)",
      alike(links.recovery) && links.recovery.failed === 0,
    ],
    [
      "removal request median: registered / unknown address",
      `${links.removal.existing} / ${links.removal.missing} ms`,
      "alike (±10%)",
      alike(links.removal) && links.removal.failed === 0,
    ],
    ...playerRows(playerJs, play, resume),
    ["bare Fastify + pg: req/s, p99", `${api.baseline.requestsPerSecond}, ${api.baseline.p99} ms`, "", true],
    ...(["home", "detail", "sessions"] as const).map(
      (name) =>
        [
          `${{ home: "GET /screen/home", detail: "GET content detail", sessions: "POST /user/sessions" }[name]}: req/s, p99, ratio`,
          `${api[name].requestsPerSecond}, ${api[name].p99} ms, ${api.ratios[name]}`,
          "ratio ≥ 0.5, p99 ≤ 25 ms",
          api.ratios[name] >= 0.5 && api[name].p99 <= 25 && api[name].errors + api[name].non2xx === 0,
        ] as const,
    ),
    [
      "signed-cookie media segment: req/s, MiB/s",
      `${api.media.requestsPerSecond}, ${api.media.throughputMiBs}`,
      "status 200",
      api.segmentStatus === 200 && api.media.non2xx === 0,
    ],
    [
      "database stops answering: wait for 503, min / p50 / max",
      `${outage.waitMs.min} / ${outage.waitMs.p50} / ${outage.waitMs.max} ms`,
      "≤ 12 s (10 s statement + 1 s)",
      outageAll503 && outage.waitMs.max <= 12_000,
    ],
    [
      "  answers; readiness 503 after; answering again after",
      `${JSON.stringify(outage.statuses)}; ${outage.readyMs} ms; ${outage.recoveredMs} ms`,
      "",
      outage.readyStatus === 503 && Number.isFinite(outage.recoveredMs),
    ],
    [
      "jobs a second, one worker: reset links (outbox) / SMTP delivery",
      `${jobs.resetLinks.perSecond} / ${jobs.smtp.perSecond}`,
      "≥ 50 each",
      jobs.resetLinks.perSecond >= 50 && jobs.smtp.perSecond >= 50 && jobs.resetLinks.failed === 0 && jobs.smtp.received === jobs.smtp.jobs,
    ],
    [
      "owner's reset e-mail at the SMTP sink, 10,000-job flood + 2,000 mails waiting",
      `${jobs.resetDuringFlood.latencyMs} ms (${jobs.resetDuringFlood.backlogLeft} mails still waiting)`,
      "< 5 s",
      jobs.resetDuringFlood.latencyMs < 5000,
    ],
    ["member mix, p99 < 100 ms: one API node", step(capacity.oneNode.best), "", capacity.oneNode.best !== null],
    ["  three API nodes behind HAProxy, same 2 cores", step(capacity.threeNodes.best), "", capacity.threeNodes.best !== null],
    [
      `  members online per node (${capacity.memberRequestsPerMinute} requests a minute each)`,
      `${membersOnline(capacity.oneNode)}`,
      "",
      true,
    ],
    [
      `console member search at ${memberSearch.members.toLocaleString("en")} members (PostgreSQL), p50 / p99`,
      `${memberSearch.p50} / ${memberSearch.p99} ms`,
      "p99 < 50 ms",
      memberSearch.p99 < 50,
    ],
    [
      `editor's upload of a ${upload.minutes}-minute recording (${upload.megabytes} MB WAV) to playable`,
      `${upload.seconds} s`,
      "figure only",
      upload.playable,
    ],
    ...Object.entries(dashboard.figures).map(
      ([name, figure]) =>
        [
          `console dashboard: ${name} at ${dashboard.members.toLocaleString("en")} members, ${dashboard.events.toLocaleString("en")} events (PostgreSQL), p50 / p99`,
          `${figure.p50} / ${figure.p99} ms`,
          "p99 < 200 ms",
          figure.p99 < 200,
        ] as [string, string, string, boolean],
    ),
    ...fuzz.map(
      (totals) =>
        [
          `bad input (npm run fuzz), ${totals.driver === "pglite" ? "PGlite" : "PostgreSQL"}: cases, answers ≥ 500`,
          `${totals.cases}, ${totals.fiveXx}`,
          "0 answers ≥ 500",
          totals.passed && totals.fiveXx === 0,
        ] as const,
    ),
    ...fuzz.map((totals) => [`  ${totals.driver}: ${describeFuzz(totals)}`, "", "", true] as const),
  ] as const;
  console.log("\nmeasure".padEnd(62) + "value".padEnd(22) + "budget");
  for (const [name, value, budget, ok] of rows)
    console.log(`${name.padEnd(61)}${value.padEnd(22)}${budget}${budget ? (ok ? "  ok" : "  OVER") : ""}`);
  writeFileSync(
    path.join(repoRoot, "bench-results", "latest.json"),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        js,
        playerJs,
        scores,
        paywall,
        quizScores,
        promoScores,
        resultsScores,
        answerToNext,
        loginLatency,
        flood,
        links,
        play,
        resume,
        api,
        progress,
        dashboardScores,
        outage,
        jobs,
        capacity,
        fuzz,
      },
      null,
      2,
    ),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
