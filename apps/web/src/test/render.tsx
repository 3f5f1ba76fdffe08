import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { StrictMode, type ComponentType } from "react";
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from "react-router";
import { vi } from "vitest";

/** Shows where the app went: the path and query of the current location. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface RenderPageOptions {
  /** The route pattern of the page, e.g. "/confirm-remove/:code". */
  path?: string;
  /** The address the test opens, e.g. "/login?redirect=%2Fsettings". */
  at: string;
  /** Render inside <StrictMode>, which mounts effects twice. */
  strict?: boolean;
  routes?: RouteObject[];
}

/** Renders a page in a memory router with a fresh query client; any other address shows WhereAmI. */
export function renderPage(Page: ComponentType, { path, at, strict = false, routes = [] }: RenderPageOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: path ?? new URL(at, "http://x").pathname, Component: Page }, ...routes, { path: "*", Component: WhereAmI }],
    { initialEntries: [at] },
  );
  const tree = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  return { ...render(strict ? <StrictMode>{tree}</StrictMode> : tree), router, queryClient };
}

export interface RecordedCall {
  method: string;
  /** Path below /api/v1/, without the query. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON body, or the form data's entries as an object. */
  body: Record<string, unknown> | null;
}

type Reply = [status: number, body?: unknown, headers?: Record<string, string>];
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/**
 * Replaces fetch with answers per "METHOD path" (path below /api/v1/). Unknown calls answer 404.
 * Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v1\//, ""));
    let body: Record<string, unknown> | null = null;
    if (init.body instanceof FormData) body = Object.fromEntries(init.body.entries());
    else if (typeof init.body === "string") body = JSON.parse(init.body) as Record<string, unknown>;
    const call: RecordedCall = {
      method: init.method ?? "GET",
      path,
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${path}`];
    const [status, reply, headers = {}] = handler
      ? typeof handler === "function"
        ? await handler(call)
        : handler
      : [404, { message: "Not found." }];
    // A string with a content type of its own is sent as it is (a captions file); anything else as JSON.
    const raw = typeof reply === "string" && "content-type" in headers;
    return new Response(reply === undefined ? null : raw ? reply : JSON.stringify(reply), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock, named: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

/** A 429 answer: the server's message, and the Retry-After header when a wait in seconds is given. */
export const tooManyRequests = (message: string, retryAfter?: number): Reply => [
  429,
  { message },
  retryAfter === undefined ? undefined : { "retry-after": String(retryAfter) },
];

export const validation = (errors: Record<string, string[]>): Reply => [422, { message: "The given data was invalid.", errors }];
