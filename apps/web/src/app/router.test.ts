import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutKeys } from "../lib/buying/api/checkout";
import { queryClient } from "../lib/query-client";
import { pkg } from "../test/packages";
import { mockApi } from "../test/render";
import { untilIdle } from "../test/settle";
import { routeTable } from "./route-table";
import { toRouteObject } from "./router";

const paywall = routeTable.find((route) => route.page === "paywall")!;
const loaderArgs = (url: string, params: Record<string, string>) =>
  ({ request: new Request(`http://localhost${url}`), params, context: undefined, unstable_pattern: paywall.path }) as never;

afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe("the router", () => {
  it("asks for the paywall's plans as soon as the paywall is chosen, before the page renders", async () => {
    const packages = [pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7 })];
    const api = mockApi({ "GET checkout/3": [200, { data: { id: 3, type: "checkout", theme: "default", packages } }] });
    const route = toRouteObject(paywall);
    expect(await (route.loader as (args: never) => unknown)(loaderArgs("/subscription/3", { checkoutId: "3" }))).toBeNull();

    await vi.waitFor(() => expect(queryClient.getQueryData(checkoutKeys.detail("3"))).toBeDefined(), { timeout: 10_000 });
    expect(api.named("GET checkout/3")).toHaveLength(1);
    expect(api.named("GET package/web")).toHaveLength(0);
  });

  it("fetches nothing for a page that has nothing to prepare", async () => {
    const api = mockApi({});
    const faq = toRouteObject(routeTable.find((route) => route.page === "faq")!);
    await (faq.loader as (args: never) => unknown)(loaderArgs("/faq", {}));
    await untilIdle(queryClient);
    expect(api.calls).toHaveLength(0);
  });
});
