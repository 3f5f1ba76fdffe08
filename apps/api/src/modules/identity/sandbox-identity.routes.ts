import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { escape, hidden, page } from "../../plugins/sandbox-page.ts";
import type { SandboxIdentity, SandboxProvider } from "./sandbox-identity.ts";

const LABEL: Record<SandboxProvider, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };
const DEMO: Record<SandboxProvider, { name: string; email: string }> = {
  google: { name: "Maya Green", email: "maya.green@sandbox.serene.example" },
  apple: { name: "Theo Apple", email: "theo.apple@sandbox.serene.example" },
  facebook: { name: "Lena Brooks", email: "lena.brooks@sandbox.serene.example" },
};

const STYLES = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef1f6;font-family:system-ui,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937;padding:16px}
main{width:100%;max-width:420px;background:#fff;border-radius:18px;padding:28px;box-shadow:0 10px 30px rgba(31,41,55,.12)}
.badge{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px}
h1{font-size:22px;margin:14px 0 6px}p{margin:0 0 18px;line-height:1.5;color:#4b5563;font-size:15px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 6px}input{width:100%;font:inherit;padding:11px 12px;border:1px solid #cbd5e1;border-radius:10px}
.actions{display:flex;gap:10px;margin-top:22px}button{flex:1;font:inherit;font-weight:700;padding:12px;border-radius:999px;border:1px solid #cbd5e1;background:#fff;cursor:pointer}
button.primary{background:#1f2937;color:#fff;border-color:#1f2937}button:focus-visible,input:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}`;

/** Submits the form_post page on load (Apple answers the redirect URI with a POST). */
const AUTOPOST = `document.getElementById("post")?.submit();`;

const AuthorizeQuery = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(2048),
  state: z.string().max(512).optional(),
  nonce: z.string().max(512).optional(),
  response_type: z.string().max(64).optional(),
  response_mode: z.string().max(32).optional(),
  scope: z.string().max(200).optional(),
});
type AuthorizeQuery = z.infer<typeof AuthorizeQuery>;
const AuthorizeForm = AuthorizeQuery.extend({
  action: z.enum(["continue", "cancel"]),
  name: z.string().trim().min(1).max(100).optional(),
  email: z.email().max(254).optional(),
});

/** Only this site's own callback may receive a token. */
function allowedRedirect(request: FastifyRequest, appUrl: string, redirectUri: string): URL | null {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return null;
  }
  const origins = new Set([new URL(appUrl).origin, `${request.protocol}://${request.host}`]);
  return origins.has(target.origin) && target.pathname.startsWith("/auth/callback/") ? target : null;
}

/** The sandbox's pages and endpoints under /sandbox/identity (never mounted in production unless allowed). */
export function sandboxIdentityRoutes(sandbox: SandboxIdentity, appUrl: string): FastifyPluginAsync {
  return async (app) => {
    app.get("/sandbox/identity/sandbox.css", { schema: { hide: true } }, (_request, reply) => reply.type("text/css").send(STYLES));
    app.get("/sandbox/identity/autopost.js", { schema: { hide: true } }, (_request, reply) => reply.type("text/javascript").send(AUTOPOST));
    app.get("/sandbox/identity/jwks.json", { schema: { hide: true } }, () => sandbox.jwks());

    const providerParams = z.object({ provider: z.enum(["google", "apple", "facebook"]) });

    app.get("/sandbox/identity/:provider/authorize", { schema: { hide: true } }, async (request, reply) => {
      const params = providerParams.safeParse(request.params);
      const query = AuthorizeQuery.safeParse(request.query);
      if (!params.success || !query.success || !allowedRedirect(request, appUrl, query.data.redirect_uri)) {
        return reply.code(400).type("text/html").send(page("Sandbox sign-in", "<h1>This sign-in request is not valid.</h1>"));
      }
      const provider = params.data.provider;
      const person = DEMO[provider];
      const body = `<span class="badge">Sandbox</span>
<h1>Sign in with ${LABEL[provider]}</h1>
<p>This offline stand-in for ${LABEL[provider]} signs you in with the name and e-mail below. Nothing leaves this machine.</p>
<form method="post">
${hidden(query.data)}
<label for="name">Name</label><input id="name" name="name" value="${escape(person.name)}" autocomplete="off" required>
<label for="email">E-mail</label><input id="email" name="email" type="email" value="${escape(person.email)}" autocomplete="off" required>
<div class="actions"><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button><button class="primary" type="submit" name="action" value="continue">Continue</button></div>
</form>`;
      return reply.type("text/html").send(page(`Sign in with ${LABEL[provider]} (sandbox)`, body));
    });

    app.post("/sandbox/identity/:provider/authorize", { schema: { hide: true } }, async (request, reply) => {
      const params = providerParams.safeParse(request.params);
      const form = AuthorizeForm.safeParse(request.body);
      const target = form.success ? allowedRedirect(request, appUrl, form.data.redirect_uri) : null;
      if (!params.success || !form.success || !target) {
        return reply.code(400).type("text/html").send(page("Sandbox sign-in", "<h1>This sign-in request is not valid.</h1>"));
      }
      const provider = params.data.provider;
      const input = form.data;
      const person = { name: input.name ?? DEMO[provider].name, email: input.email ?? DEMO[provider].email };
      return answer(reply, provider, input, target, person);
    });

    async function answer(
      reply: FastifyReply,
      provider: SandboxProvider,
      input: z.infer<typeof AuthorizeForm>,
      target: URL,
      person: { name: string; email: string },
    ) {
      const cancelled = input.action === "cancel";
      if (provider === "facebook") {
        if (cancelled) {
          const query = new URLSearchParams({
            error: "access_denied",
            error_code: "200",
            error_description: "Permissions error",
            error_reason: "user_denied",
          });
          if (input.state) query.set("state", input.state);
          return reply.redirect(`${target.origin}${target.pathname}?${query}`, 303);
        }
        const fragment = new URLSearchParams({
          access_token: sandbox.facebookAccessToken(person),
          token_type: "bearer",
          expires_in: "3600",
        });
        if (input.state) fragment.set("state", input.state);
        return reply.redirect(`${target.origin}${target.pathname}#${fragment}`, 303);
      }
      if (provider === "google") {
        const fragment = new URLSearchParams(
          cancelled
            ? { error: "access_denied" }
            : { id_token: await sandbox.idToken("google", person, input.client_id, input.nonce), token_type: "Bearer" },
        );
        if (input.state) fragment.set("state", input.state);
        return reply.redirect(`${target.origin}${target.pathname}#${fragment}`, 303);
      }
      // Apple answers with a POST to the redirect URI (response_mode=form_post).
      const [firstName, ...rest] = person.name.split(" ");
      const fields = cancelled
        ? { error: "user_cancelled_authorize", state: input.state }
        : {
            id_token: await sandbox.idToken("apple", person, input.client_id, input.nonce),
            state: input.state,
            user: JSON.stringify({ name: { firstName, lastName: rest.join(" ") }, email: person.email }),
          };
      const body = `<span class="badge">Sandbox</span><h1>Returning to the app…</h1>
<form id="post" method="post" action="${escape(`${target.origin}${target.pathname}`)}">${hidden(fields)}<div class="actions"><button class="primary" type="submit">Continue</button></div></form>`;
      return reply.type("text/html").send(page("Sign in with Apple (sandbox)", body, true));
    }

    // Facebook Graph API: token inspection and the profile, as graph.facebook.com answers them.
    app.get("/sandbox/identity/facebook/graph/debug_token", { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      if (!query.access_token || !sandbox.isAppToken(query.access_token)) {
        return reply.code(400).send({ error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
      }
      const person = sandbox.readFacebookToken(query.input_token ?? "");
      return {
        data: person
          ? {
              app_id: sandbox.facebookAppId,
              type: "USER",
              application: "Serene sandbox",
              is_valid: true,
              user_id: person.sub,
              expires_at: person.exp,
              scopes: ["email", "public_profile"],
            }
          : { app_id: sandbox.facebookAppId, type: "USER", is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } },
      };
    });
    app.get("/sandbox/identity/facebook/graph/me", { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const person = sandbox.readFacebookToken(query.access_token ?? "");
      if (!person) return reply.code(400).send({ error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
      return { id: person.sub, name: person.name, email: person.email };
    });
  };
}

/** Apple posts its answer to the redirect URI; the web app reads it from the fragment instead. */
export const appleCallbackRoute: FastifyPluginAsync = async (app) => {
  app.post("/auth/callback/apple", { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fragment = new URLSearchParams();
    for (const key of ["id_token", "state", "user", "error"]) {
      const value = body[key];
      if (typeof value === "string" && value.length <= 8192) fragment.set(key, value);
    }
    return reply.redirect(`/auth/callback/apple#${fragment}`, 303);
  });
};
