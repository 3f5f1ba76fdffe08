import { createHash } from "node:crypto";
import helmet from "helmet";
import { THEME_BOOT_SCRIPT } from "@serene/domain";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/** Origins that third-party measurement needs, added only when that measurement is configured. */
function measurementOrigins(config: Config) {
  const scripts: string[] = [];
  const connects: string[] = [];
  const images: string[] = [];
  if (config.ga4MeasurementId) {
    scripts.push("https://www.googletagmanager.com");
    connects.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com");
    images.push("https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  if (config.metaPixelId) {
    scripts.push("https://connect.facebook.net");
    connects.push("https://www.facebook.com");
    images.push("https://www.facebook.com");
  }
  return { scripts, connects, images };
}

/** The media origin when streams come from elsewhere (a CloudFront distribution), else nothing. */
function mediaOrigins(config: Config): string[] {
  const origin = new URL(config.media.baseUrl).origin;
  return origin === new URL(config.appUrl).origin ? [] : [origin];
}

/** Stripe Elements, only when live Stripe keys are configured (the sandbox card form is our own). */
function stripeOrigins(config: Config) {
  return config.payments.card?.adapter === "stripe"
    ? {
        scripts: ["https://js.stripe.com"],
        frames: ["https://js.stripe.com", "https://hooks.stripe.com"],
        connects: ["https://api.stripe.com"],
      }
    : { scripts: [], frames: [], connects: [] };
}

/** The one inline script of index.html (the theme set before the first paint), allowed by its hash. */
export const THEME_BOOT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64")}'`;

export function contentSecurityPolicy(config: Config, styleHashes: string[] = []): Record<string, string[] | null> {
  const extra = measurementOrigins(config);
  const media = mediaOrigins(config);
  const stripe = stripeOrigins(config);
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", THEME_BOOT_SCRIPT_HASH, ...extra.scripts, ...stripe.scripts],
    "frame-src": ["'self'", ...stripe.frames],
    // Hashes allow only the exact style attributes of the prerendered landing page.
    "style-src": ["'self'", ...(styleHashes.length > 0 ? ["'unsafe-hashes'", ...styleHashes] : [])],
    "img-src": ["'self'", "data:", "blob:", ...media, ...extra.images],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...media, ...extra.connects, ...stripe.connects],
    "media-src": ["'self'", "blob:", ...media],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "upgrade-insecure-requests": config.isProduction ? [] : null,
  };
}

/**
 * Helmet's headers on every answer, routes and errors alike. The middleware is built once: the
 * Fastify wrapper builds it again for every request, a twentieth of a small API call's time.
 * A route that needs another policy (the prerendered pages, the outbox) sets its own header,
 * which takes precedence.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.raw.setHeader("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/** The policy as a header value. */
export function contentSecurityPolicyHeader(directives: Record<string, string[] | null>): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";");
}
