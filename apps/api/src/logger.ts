import type { FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = /^(token|tmp_token|password|current_password|code|signature|policy|key|secret|client_secret|id_token)$/i;

/** Strips the values of secret query parameters from a URL before it is logged. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.test(key)) params.set(key, "[redacted]");
  }
  const query = params.toString();
  return query ? `${url.slice(0, queryStart)}?${query}` : url.slice(0, queryStart);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.current_password",
        "*.token",
        "*.tmp_token",
        "*.id_token",
        "*.client_secret",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
