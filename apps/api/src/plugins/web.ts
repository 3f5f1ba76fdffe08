import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ClientConfig } from "@serene/contracts";
import type { Config } from "../config";
import { sendError } from "./errors";

/** Paths that never fall back to the web app: unknown addresses there are plain 404s. */
const NON_APP_PREFIXES = ["/api/", "/media/", "/sandbox/", "/health/", "/dev/"];

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

export function clientConfig(config: Config): ClientConfig {
  return {
    appName: config.appName,
    supportEmail: config.supportEmail,
    ga4MeasurementId: config.ga4MeasurementId,
    metaPixelId: config.metaPixelId,
  };
}

/** index.html with the public configuration and the product name filled in. */
export function renderIndexHtml(template: string, config: Config): string {
  const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(clientConfig(config)))}">`;
  return template.replace("<!--app-config-->", meta).replaceAll("%APP_NAME%", escapeAttribute(config.appName));
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
 * index.html (history fallback). Everything outside the app answers 404 in the error envelope.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const indexPath = path.join(config.webDistDir, "index.html");
  const built = existsSync(indexPath);
  const indexHtml = built ? renderIndexHtml(readFileSync(indexPath, "utf8"), config) : null;

  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      index: false,
      wildcard: true,
      allowedPath: (pathname) => pathname !== "/index.html" && !pathname.startsWith("/.vite/"),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  const sendApp = (reply: FastifyReply) => {
    if (!indexHtml) {
      return sendError(reply, 503, { message: "The web app is not built yet. Run npm run build." });
    }
    return reply.code(200).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  };

  app.get("/", { schema: { hide: true } }, (_request, reply) => sendApp(reply));

  app.setNotFoundHandler((request, reply) => {
    if (wantsApp(request)) return sendApp(reply);
    return sendError(reply, 404, { message: "Not found." });
  });
}
