import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for PayPal's REST API over real HTTP: it issues OAuth tokens for one client,
 * keeps products, plans, subscriptions and orders in memory, answers PayPal-shaped JSON and
 * records every request. Tests move resources along (`subscriptions`, `orders`), revoke tokens,
 * or script one-off answers with `respondOnce`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, the raw text for form bodies, or undefined when empty. */
  body: unknown;
}

interface Answer {
  status: number;
  body?: unknown;
}

export interface PayPalEndpoint {
  url: string;
  requests: RecordedRequest[];
  /** Requests to a path (method and path, e.g. "POST /v1/billing/plans"). */
  requestsTo(route: string): RecordedRequest[];
  subscriptions: Map<string, { status: string; planId: string }>;
  orders: Map<string, { status: string; captureId: string | null }>;
  /** What verify-webhook-signature answers when the transmission signature is `validSignature`. */
  validSignature: string;
  /** Tokens issued so far stop being accepted (as when they expire). */
  revokeTokens(): void;
  /** The next request to this route gets this answer instead. */
  respondOnce(route: string, answer: Answer): void;
  close(): Promise<void>;
}

const WEB = "https://www.sandbox.paypal.com";

export async function startPayPalEndpoint(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  tokenLifetimeSeconds?: number;
}): Promise<PayPalEndpoint> {
  const requests: RecordedRequest[] = [];
  const validTokens = new Set<string>();
  const scripted = new Map<string, Answer[]>();
  const idempotent = new Map<string, Answer>();
  const subscriptions = new Map<string, { status: string; planId: string }>();
  const orders = new Map<string, { status: string; captureId: string | null }>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}${String(++counter).padStart(6, "0")}`;

  const error = (status: number, name: string, issue?: string): Answer => ({
    status,
    body: { name, message: `${name} from the test endpoint`, debug_id: "d3bu9", details: issue ? [{ issue, description: issue }] : [] },
  });

  const orderBody = (id: string) => {
    const order = orders.get(id)!;
    return {
      id,
      status: order.status,
      purchase_units: [
        { reference_id: "default", payments: order.captureId ? { captures: [{ id: order.captureId, status: "COMPLETED" }] } : {} },
      ],
      links: [{ href: `${WEB}/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" }],
    };
  };

  function route(method: string, path: string, req: RecordedRequest): Answer {
    if (method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected || req.body !== "grant_type=client_credentials") {
        return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
      }
      const token = next("A21AA-token-");
      validTokens.add(token);
      return {
        status: 200,
        body: {
          scope: "https://uri.paypal.com/services/subscriptions",
          access_token: token,
          token_type: "Bearer",
          expires_in: options.tokenLifetimeSeconds ?? 32400,
        },
      };
    }

    const bearer = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!validTokens.has(bearer))
      return { status: 401, body: { error: "invalid_token", error_description: "Token signature verification failed" } };
    const body = (req.body ?? {}) as Record<string, unknown>;

    if (method === "POST" && path === "/v1/catalogs/products") return { status: 201, body: { id: next("PROD-"), name: body.name } };
    if (method === "POST" && path === "/v1/billing/plans")
      return { status: 201, body: { id: next("P-"), product_id: body.product_id, status: "ACTIVE" } };
    if (method === "POST" && path === "/v1/billing/subscriptions") {
      const id = next("I-");
      subscriptions.set(id, { status: "APPROVAL_PENDING", planId: String(body.plan_id) });
      return {
        status: 201,
        body: {
          id,
          status: "APPROVAL_PENDING",
          links: [
            { href: `${WEB}/webapps/billing/subscriptions?ba_token=BA-${id}`, rel: "approve", method: "GET" },
            { href: `/v1/billing/subscriptions/${id}`, rel: "self", method: "GET" },
          ],
        },
      };
    }
    const subscription = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(cancel|revise))?$/.exec(path);
    if (subscription) {
      const [, id, action] = subscription as unknown as [string, string, string | undefined];
      const found = subscriptions.get(id);
      if (!found) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (method === "GET" && !action) return { status: 200, body: { id, status: found.status, plan_id: found.planId } };
      if (method === "POST" && action === "cancel") {
        if (found.status !== "ACTIVE" && found.status !== "SUSPENDED")
          return error(422, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID");
        found.status = "CANCELLED";
        return { status: 204 };
      }
      if (method === "POST" && action === "revise") {
        return {
          status: 200,
          body: {
            plan_id: body.plan_id,
            plan_overridden: false,
            links: [{ href: `${WEB}/webapps/billing/subscriptions/update?ba_token=BA-R-${id}`, rel: "approve", method: "GET" }],
          },
        };
      }
    }
    if (method === "POST" && path === "/v2/checkout/orders") {
      const id = next("ORDER-");
      orders.set(id, { status: "PAYER_ACTION_REQUIRED", captureId: null });
      return { status: 200, body: { id, status: "PAYER_ACTION_REQUIRED", links: orderBody(id).links } };
    }
    const order = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (order) {
      const [, id, capture] = order as unknown as [string, string, string | undefined];
      const found = orders.get(id);
      if (!found) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (method === "GET" && !capture) return { status: 200, body: orderBody(id) };
      if (method === "POST" && capture) {
        if (found.status === "COMPLETED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
        if (found.status !== "APPROVED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
        found.status = "COMPLETED";
        found.captureId = next("CAPTURE-");
        return { status: 201, body: orderBody(id) };
      }
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const verified = body.transmission_sig === endpoint.validSignature && body.webhook_id === options.webhookId;
      return { status: 200, body: { verification_status: verified ? "SUCCESS" : "FAILURE" } };
    }
    return error(404, "RESOURCE_NOT_FOUND");
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const method = req.method ?? "GET";
    let body: unknown = text || undefined;
    if (text && String(req.headers["content-type"]).startsWith("application/json")) body = JSON.parse(text);
    const recorded: RecordedRequest = { method, path, headers: { ...req.headers }, body };
    requests.push(recorded);

    const key = `${method} ${path}`;
    const requestId = req.headers["paypal-request-id"];
    let answer = scripted.get(key)?.shift();
    if (!answer && typeof requestId === "string" && idempotent.has(`${key} ${requestId}`)) answer = idempotent.get(`${key} ${requestId}`);
    if (!answer) {
      answer = route(method, path, recorded);
      if (typeof requestId === "string" && answer.status < 300) idempotent.set(`${key} ${requestId}`, answer);
    }
    res.writeHead(answer.status, answer.body === undefined ? {} : { "Content-Type": "application/json" });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((failure: unknown) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(failure) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const endpoint: PayPalEndpoint = {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
    subscriptions,
    orders,
    validSignature: "valid-transmission-signature",
    revokeTokens: () => validTokens.clear(),
    respondOnce(route, answer) {
      scripted.set(route, [...(scripted.get(route) ?? []), answer]);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((failure) => (failure ? reject(failure) : resolve()));
      }),
  };
  return endpoint;
}
