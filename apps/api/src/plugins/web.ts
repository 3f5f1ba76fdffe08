import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ClientConfig } from "@serene/contracts";
import { isAppRoute } from "@serene/domain";
import type { Config } from "../config.ts";
import { signInProviders } from "../modules/identity/sign-in-providers.ts";
import { sendError } from "./errors.ts";
import { contentSecurityPolicy, contentSecurityPolicyHeader } from "./security.ts";

/** Files of the build the browser asks again on every visit (decision 047): the service worker, the manifest, the offline page. */
const ALWAYS_REVALIDATED = new Set(["sw.js", "manifest.webmanifest", "offline.html"]);

/** Paths that never fall back to the web app: unknown addresses there are plain 404s. */
const NON_APP_PREFIXES = ["/api/", "/media/", "/sandbox/", "/health/", "/dev/"];

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The words and theme a sales page's painted top shows: a visitor's view of the checkout's copy. */
export interface SalesFrameWords {
  theme: string;
  seenOn: readonly string[];
  warning: string;
  title: string;
  subtitle: string;
  participants: string;
  participantsLabel: string;
  startLabel: string;
}

/** Finds the words of the sales page at /promo/{id} or /lp/{lp}; null for an unknown or removed one. */
export type SalesFrameSource = (kind: "promo" | "lp", key: string) => Promise<SalesFrameWords | null>;

/**
 * The top of a sales page painted at build time with slots (`%SP_…%`), filled with its words, each
 * escaped for the place it goes (text or attribute; the same escaping serves both).
 */
export function fillSalesFrame(html: string, words: SalesFrameWords): string {
  const text = (value: string) => () => escapeAttribute(value);
  return html
    .replaceAll("%SP_THEME%", text(words.theme))
    .replace("<li>%SP_SEEN_ON%</li>", () => words.seenOn.map((outlet) => `<li>${escapeAttribute(outlet)}</li>`).join(""))
    .replaceAll("%SP_WARNING%", text(words.warning))
    .replaceAll("%SP_TITLE%", text(words.title))
    .replaceAll("%SP_SUBTITLE%", text(words.subtitle))
    .replaceAll("%SP_PARTICIPANTS_LABEL%", text(words.participantsLabel))
    .replaceAll("%SP_PARTICIPANTS%", text(words.participants))
    .replaceAll("%SP_START%", text(words.startLabel));
}

export function clientConfig(config: Config): ClientConfig {
  return {
    appName: config.appName,
    supportEmail: config.supportEmail,
    ga4MeasurementId: config.ga4MeasurementId,
    metaPixelId: config.metaPixelId,
    signIn: signInProviders(config),
  };
}

/** index.html with the public configuration and the product name filled in. */
function renderIndexHtml(template: string, config: Config): string {
  const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(clientConfig(config)))}">`;
  return template
    .replace("<!--app-config-->", meta)
    .replaceAll("%APP_NAME%", escapeAttribute(config.appName))
    .replaceAll("%SUPPORT_EMAIL%", escapeAttribute(config.supportEmail));
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The manifest of the web build, or null before a build. */
function readManifest(webDistDir: string): Record<string, ManifestChunk> | null {
  const manifestFile = path.join(webDistDir, ".vite", "manifest.json");
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>) : null;
}

/**
 * index.html with one route's styles and code linked up front (stylesheets and modulepreload), so
 * the browser fetches them beside the entry instead of after it. Null when the build lacks the route.
 */
function withRoutePreloads(manifest: Record<string, ManifestChunk> | null, indexHtml: string, routeFile: string): string | null {
  const pageKey = manifest && Object.keys(manifest).find((key) => key.endsWith(`app/routes/${routeFile}`));
  if (!manifest || !pageKey) return null;
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(pageKey);
  const linked = (file: string) => indexHtml.includes(`/${file}"`);
  const links = [
    ...[...css].filter((file) => !linked(file)).map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...[...js].filter((file) => !linked(file)).map((file) => `<link rel="modulepreload" href="/${file}">`),
  ].join("");
  return indexHtml.replace("</head>", `${links}</head>`);
}

/**
 * index.html with a page prerendered at build time (dist/prerendered/{name}.html) inside #root and
 * its route's styles and code linked up front, so the first paint needs no script. Null when the
 * build has no such prerender.
 */
function renderPrerenderedHtml(webDistDir: string, indexHtml: string, name: string, routeFile: string): string | null {
  const prerendered = path.join(webDistDir, "prerendered", `${name}.html`);
  if (!existsSync(prerendered)) return null;
  const withLinks = withRoutePreloads(readManifest(webDistDir), indexHtml, routeFile);
  const filled = withLinks?.replace('<div id="root"></div>', `<div id="root">${readFileSync(prerendered, "utf8")}</div>`);
  return filled ? withInlineStylesheets(webDistDir, filled) : null;
}

/**
 * A prerendered page with its stylesheets written into it (each <link rel="stylesheet"> of a built
 * file becomes a <style> with the same rules), so the first paint waits for no other request: on a
 * phone network each stylesheet fetched before painting costs a round trip. A file the build lacks
 * stays linked. The app's own code later finds the rules already applied.
 */
function withInlineStylesheets(webDistDir: string, html: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const cssFile = path.join(webDistDir, file);
    if (!existsSync(cssFile)) return link;
    return `<style>${readFileSync(cssFile, "utf8").replaceAll("</style", "<\\/style")}</style>`;
  });
}

/** The Content-Security-Policy for a prerendered page: its style attributes and inlined stylesheets allowed by hash. */
function prerenderedPolicy(config: Config, html: string | null): string | null {
  const attributes = [...(html ?? "").matchAll(/ style="([^"]*)"/g)].map((match) =>
    match[1]!.replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
  );
  const sheets = [...(html ?? "").matchAll(/<style>([^]*?)<\/style>/g)].map((match) => match[1]!);
  const styleHashes = [...new Set([...attributes, ...sheets])].map(
    (value) => `'sha256-${createHash("sha256").update(value).digest("base64")}'`,
  );
  return styleHashes.length > 0 ? contentSecurityPolicyHeader(contentSecurityPolicy(config, styleHashes)) : null;
}

/** The paywall's addresses: /subscription and /subscription/{checkoutId}. */
const PAYWALL_PATH = /^\/subscription(\/[^/]*)?\/?$/;

/** The onboarding quiz's address. */
const QUIZ_PATH = /^\/quiz\/?$/;

/**
 * The quiz results' addresses and their route modules. The result comes from answers kept in the
 * browser, so only its frame is prerendered; the route's code is linked up front, beside the entry.
 */
const RESULTS_PAGES: [RegExp, string][] = [
  [/^\/(quiz-results|lead-quiz-result)\/?$/, "quiz-results.tsx"],
  [/^\/(quiz-dynamic-results|lead-dynamic-result)\/[^/]+\/?$/, "quiz-dynamic-results.tsx"],
];

/**
 * The checkout sales pages (/promo, /checkout, /lead-checkout, /lp): pages people arrive at from ads
 * and e-mails, their code linked with the entry so it loads beside it rather than after it.
 */
const SALES_PATH = /^\/(?:promo|checkout|lead-checkout|lp)\/[^/]+\/?$/;
/** The sales pages whose top the server paints (a visitor's view): /promo/{id} and /lp/{lp}. */
const SALES_FRAME_PATH = /^\/(promo|lp)\/([^/]+)\/?$/;

/**
 * Query parameters that change the paywall's first screen (a hidden close button, the dynamic
 * funnel's redirect home): those visits get the paywall's code up front but no prerendered page.
 */
const PAYWALL_VARIANTS = ["hideClose", "dynamic"];

/**
 * index.html with the body font (its Latin subset, the one every page paints with) fetched at
 * once instead of after the stylesheets: text appears in its own face on the first paint rather
 * than repainting when the font arrives. Unchanged when the build has no such font.
 */
function withFontPreload(manifest: Record<string, ManifestChunk> | null, indexHtml: string): string {
  const font = manifest && Object.values(manifest).find((chunk) => /\/nunito-latin-wght-normal-[^/]*\.woff2$/.test(chunk.file));
  if (!font) return indexHtml;
  return indexHtml.replace("</head>", `<link rel="preload" href="/${font.file}" as="font" type="font/woff2" crossorigin></head>`);
}

function wantsApp(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0]!;
  if (NON_APP_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === "/api") return false;
  // A missing file with an extension (a stale asset, a favicon) is a real 404, not the app.
  return path.extname(pathname) === "";
}

/**
 * Serves the built web app: hashed assets cached for a year, every other app route answered with
 * index.html (history fallback); an address none of the app's routes (@serene/domain APP_ROUTES) matches gets
 * index.html too, with status 404. Everything outside the app answers 404 in the error envelope.
 */
export async function registerWebApp(app: FastifyInstance, config: Config, options: { salesFrame?: SalesFrameSource } = {}) {
  const indexPath = path.join(config.webDistDir, "index.html");
  const built = existsSync(indexPath);
  const manifest = built ? readManifest(config.webDistDir) : null;
  const template = built ? withFontPreload(manifest, readFileSync(indexPath, "utf8")) : null;
  const indexHtml = template ? renderIndexHtml(template, config) : null;
  const page = (html: string | null | undefined) => (html ? renderIndexHtml(html, config) : indexHtml);
  const landingPage = page(template && renderPrerenderedHtml(config.webDistDir, template, "landing", "landing.tsx"));
  // The paywall is a page people arrive at directly (ads, e-mails): prerendered, its code with the entry.
  const paywallPage = page(template && renderPrerenderedHtml(config.webDistDir, template, "paywall", "paywall.tsx"));
  const paywallCodePage = page(template && withRoutePreloads(manifest, template, "paywall.tsx"));
  const salesPage = page(template && withRoutePreloads(manifest, template, "sales-checkout.tsx"));
  // A promo or campaign page people arrive at from an ad: its top painted with its own words.
  const salesFramePage = page(template && renderPrerenderedHtml(config.webDistDir, template, "sales", "sales-checkout.tsx"));
  const salesFramePolicy = prerenderedPolicy(config, salesFramePage);
  // The onboarding quiz, where every 'Start my quiz' leads: its first question prerendered, its code with the entry.
  const quizPage = page(template && renderPrerenderedHtml(config.webDistDir, template, "quiz", "quiz.tsx"));
  const resultsPages = new Map(
    RESULTS_PAGES.map(([, file]) => [
      file,
      page(
        template &&
          (renderPrerenderedHtml(config.webDistDir, template, "quiz-results", file) ?? withRoutePreloads(manifest, template, file)),
      ),
    ]),
  );
  const resultsPolicies = new Map([...resultsPages].map(([file, html]) => [file, prerenderedPolicy(config, html)]));
  const landingPolicy = prerenderedPolicy(config, landingPage);
  const paywallPolicy = prerenderedPolicy(config, paywallPage);
  const quizPolicy = prerenderedPolicy(config, quizPage);

  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      index: false,
      wildcard: true,
      allowedPath: (pathname) => pathname !== "/index.html" && !pathname.startsWith("/.vite/") && !pathname.startsWith("/prerendered/"),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const name = path.basename(filePath);
        if (ALWAYS_REVALIDATED.has(name) && path.dirname(filePath) === path.resolve(config.webDistDir)) {
          // The service worker and the manifest are asked again on every visit, so a new release reaches everyone.
          res.header("cache-control", "no-cache");
          if (name === "sw.js") res.header("content-type", "text/javascript; charset=utf-8");
          if (name === "manifest.webmanifest") res.header("content-type", "application/manifest+json; charset=utf-8");
          return;
        }
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  const sendApp = (reply: FastifyReply, html = indexHtml, policy: string | null = null, status: 200 | 404 = 200) => {
    // A prerendered page carries a few style attributes (carousel sizes), allowed by hash.
    if (policy) reply.header("content-security-policy", policy);
    if (!html) {
      return sendError(reply, 503, { message: "The web app is not built yet. Run npm run build." });
    }
    return reply.code(status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
  };

  app.get("/", { schema: { hide: true } }, (_request, reply) => sendApp(reply, landingPage, landingPolicy));

  /** The page the server paints for /promo/{id} and /lp/{lp}; null when it has no words for it (the app says why). */
  async function paintedSalesPage(pathname: string): Promise<string | null> {
    const found = SALES_FRAME_PATH.exec(pathname);
    if (!found || !salesFramePage || salesFramePage === indexHtml || !options.salesFrame) return null;
    let key: string;
    try {
      key = decodeURIComponent(found[2]!);
    } catch {
      return null;
    }
    const words = await options.salesFrame(found[1] as "promo" | "lp", key).catch(() => null);
    return words ? fillSalesFrame(salesFramePage, words) : null;
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsApp(request)) return sendError(reply, 404, { message: "Not found." });
    const [pathname = "", query = ""] = request.url.split("?");
    // An address no page of the app answers: the app still comes (it shows its not-found page), with status 404.
    if (!isAppRoute(pathname)) return sendApp(reply, indexHtml, null, 404);
    if (QUIZ_PATH.test(pathname)) return sendApp(reply, quizPage, quizPolicy);
    const results = RESULTS_PAGES.find(([pattern]) => pattern.test(pathname));
    if (results) return sendApp(reply, resultsPages.get(results[1]), resultsPolicies.get(results[1]));
    if (SALES_PATH.test(pathname)) {
      const painted = await paintedSalesPage(pathname);
      return painted ? sendApp(reply, painted, salesFramePolicy) : sendApp(reply, salesPage);
    }
    if (!PAYWALL_PATH.test(pathname)) return sendApp(reply);
    const params = new URLSearchParams(query);
    if (PAYWALL_VARIANTS.some((name) => params.has(name))) return sendApp(reply, paywallCodePage);
    return sendApp(reply, paywallPage, paywallPolicy);
  });
}
