import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { localOnly } from "../../plugins/local-only.ts";
import type { Mailer } from "./mailer.ts";
import { presentOutboxMessage } from "./outbox.presenter.ts";

const STYLES = `body{margin:0;background:#f4f1ec;font-family:system-ui,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937}
main{max-width:860px;margin:0 auto;padding:24px 16px}h1{font-size:24px}p.lead{color:#4b5563}
article{background:#fff;border-radius:14px;padding:18px 20px;margin:14px 0;box-shadow:0 4px 14px rgba(31,41,55,.08)}
h2{font-size:17px;margin:0 0 6px}.meta{font-size:13px;color:#6b7280;margin:0 0 10px}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,Menlo,monospace;background:#f8fafc;border-radius:10px;padding:12px;margin:0}
a{color:#3b5bdb}`;

const escape = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
/** Plain text with its addresses turned into links. */
const linkify = (text: string) => escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * /dev/outbox: the e-mails this installation wrote, newest first (never in production). They hold
 * sign-in and reset links, so only a browser on this machine sees them: to everyone else, and to
 * anything a proxy passes on, the pages do not exist.
 */
export function outboxRoutes(mailer: Mailer): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", localOnly);
    app.get("/dev/outbox.css", { schema: { hide: true } }, (_request, reply) => reply.type("text/css").send(STYLES));

    app.get("/dev/outbox.json", { schema: { hide: true } }, async () => (await mailer.recent()).map(presentOutboxMessage));

    app.get("/dev/outbox", { schema: { hide: true } }, async (_request, reply) => {
      const messages = await mailer.recent();
      const items = messages
        .map(
          (message) => `<article><h2>${escape(message.subject)}</h2>
<p class="meta">To ${escape(message.toAddress)} · ${message.createdAt.toISOString()} · ${message.status} · <a href="/dev/outbox/${message.id}">View as HTML</a></p>
<pre>${linkify(message.text)}</pre></article>`,
        )
        .join("\n");
      return reply
        .type("text/html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/dev/outbox.css"></head><body><main><h1>Outbox</h1><p class="lead">E-mails written by this installation, newest first. Set SMTP_URL to deliver them.</p>${items || "<p>No e-mails yet.</p>"}</main></body></html>`,
        );
    });

    app.get("/dev/outbox/:id", { schema: { hide: true } }, async (request, reply) => {
      const id = z.uuid().safeParse((request.params as { id: string }).id);
      const message = id.success ? await mailer.find(id.data) : null;
      if (!message) return reply.code(404).type("text/html").send("<p>No such e-mail.</p>");
      // E-mail HTML carries inline styles; this page alone allows them, and nothing else.
      return reply
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .type("text/html")
        .send(message.html);
    });
  };
}
