import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the Stripe SDK sent: its form body (POST) or query (GET) read as Stripe encodes it. */
export interface StripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface StripeReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Responder = (request: StripeRequest) => StripeReply;

/**
 * A loopback HTTP server that stands in for api.stripe.com: it answers what a test registered
 * for "METHOD /v1/path" (Stripe-shaped JSON) and records every request, so a test can read what
 * the adapter really sent over the wire. Unregistered routes answer Stripe's 404 error.
 */
export async function startStripeEndpoint() {
  const requests: StripeRequest[] = [];
  const routes = new Map<string, Responder>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const body = Buffer.concat(chunks).toString("utf8");
      const request: StripeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        params: new URLSearchParams(req.method === "GET" ? url.search : body),
        headers: req.headers,
      };
      requests.push(request);
      const responder = routes.get(`${request.method} ${request.path}`);
      const reply: StripeReply = responder
        ? responder(request)
        : {
            status: 404,
            body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${request.path}).` } },
          };
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", "request-id": `req_${requests.length}`, ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers `route` ("POST /v1/customers") with a fixed reply, or one computed from the request. */
    on(route: string, reply: StripeReply | Responder) {
      routes.set(route, typeof reply === "function" ? reply : () => reply);
    },
    /** The requests sent to one route, oldest first. */
    sent(route: string) {
      return requests.filter((request) => `${request.method} ${request.path}` === route);
    },
    reset() {
      requests.length = 0;
      routes.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type StripeEndpoint = Awaited<ReturnType<typeof startStripeEndpoint>>;
