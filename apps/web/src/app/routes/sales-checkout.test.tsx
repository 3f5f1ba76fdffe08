import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutFixture, landingFixture, SALES_PAGE } from "../../features/sales-page/test/fixture";
import { mockApi, renderPage } from "../../test/render";
import SalesCheckoutRoute from "./sales-checkout";

// The page's first load must not carry the stream library or the payment code: either is only imported when needed.
const loaded = vi.hoisted(() => ({ hls: false, payment: false }));
vi.mock("hls.js/light", () => {
  loaded.hls = true;
  return { default: class {} };
});
vi.mock("../../features/payment", () => {
  loaded.payment = true;
  return {};
});

const LEAD = "0b8f5f5e-8a4e-4a43-9d57-3a9a2b7a5c11";
const lead = {
  id: LEAD,
  statistic_id: "s1",
  email: "maya@example.com",
  name: "Maya Rivers",
  quiz_id: 1,
  quiz_slug: "calm-check-in",
  answers: {},
  goal: null,
  outcome_percentage: null,
  registered: false,
  created_at: "2026-11-25T09:00:00Z",
  updated_at: "2026-11-25T09:00:00Z",
};
const member = {
  id: "u1",
  name: "Sam Okafor",
  email: "sam@example.com",
  pending_email: null,
  goal: null,
  has_password: true,
  created_at: "2026-01-01T00:00:00Z",
};

beforeEach(() => window.localStorage.clear());

describe("checkout sales page routes", () => {
  it("loads without hls.js or the payment code", () => {
    expect(SalesCheckoutRoute).toBeTypeOf("function");
    expect(loaded).toEqual({ hls: false, payment: false });
  });

  it("/promo/{id} shows a visitor the checkout's sales page, greeting them with 'This'", async () => {
    const api = mockApi({ "GET checkout/7": [200, { data: checkoutFixture() }], "GET sales-page/calm-reset": [200, { data: SALES_PAGE }] });
    renderPage(SalesCheckoutRoute, { at: "/promo/7", path: "/promo/:checkoutId" });
    await screen.findByRole("heading", { level: 1, name: "This is your 5-minute reset" });
    expect(api.named("GET checkout/7")[0]!.query.get("lead")).toBeNull();
    expect(document.title).toBe("This is your 5-minute reset · Serene");
  });

  it("asks for a member's checkout on the server, carrying the clock this browser kept while they were a visitor", async () => {
    window.localStorage.setItem("t", "token");
    window.localStorage.setItem(
      "offer-deadlines",
      JSON.stringify({ 7: { started_at: "2026-11-25T09:00:00Z", ends_at: "2026-11-25T13:00:00.000Z" } }),
    );
    const offer = { hours: 4, started_at: "2026-11-25T09:00:00Z", ends_at: "2026-11-25T13:00:00Z", expired: false };
    const api = mockApi({
      "GET user/checkout/7": [200, { data: checkoutFixture({ offer }) }],
      "GET sales-page/calm-reset": [200, { data: SALES_PAGE }],
      "GET user": [200, member],
    });
    renderPage(SalesCheckoutRoute, { at: "/checkout/7", path: "/checkout/:checkoutId" });
    await screen.findByRole("heading", { level: 1, name: "Sam is your 5-minute reset" });
    expect(api.named("GET user/checkout/7")[0]!.query.get("started_at")).toBe("2026-11-25T09:00:00Z");
    expect(api.named("GET checkout/7")).toHaveLength(0);
  });

  it("/lead-checkout greets the lead by name and names the lead to the checkout", async () => {
    const api = mockApi({
      [`GET lead/${LEAD}`]: [200, { data: lead }],
      "GET checkout/7": [200, { data: checkoutFixture() }],
      "GET sales-page/calm-reset": [200, { data: SALES_PAGE }],
    });
    renderPage(SalesCheckoutRoute, { at: `/lead-checkout/7?lead=${LEAD}`, path: "/lead-checkout/:checkoutId" });
    await screen.findByRole("heading", { level: 1, name: "Maya is your 5-minute reset" });
    expect(api.named("GET checkout/7")[0]!.query.get("lead")).toBe(LEAD);
  });

  it("/lead-checkout with a claimed lead works as for a visitor", async () => {
    const api = mockApi({
      [`GET lead/${LEAD}`]: [404, { message: "Not found." }],
      "GET checkout/7": [200, { data: checkoutFixture() }],
      "GET sales-page/calm-reset": [200, { data: SALES_PAGE }],
    });
    renderPage(SalesCheckoutRoute, { at: `/lead-checkout/7?lead=${LEAD}`, path: "/lead-checkout/:checkoutId" });
    await screen.findByRole("heading", { level: 1, name: "This is your 5-minute reset" });
    expect(api.named("GET checkout/7")[0]!.query.get("lead")).toBeNull();
  });

  it("/lp/{lp} shows the campaign's copy in its theme, selling its checkout, under its title", async () => {
    const api = mockApi({ "GET lp/spring-calm": [200, { data: landingFixture() }], "GET checkout/7": [200, { data: checkoutFixture() }] });
    renderPage(SalesCheckoutRoute, { at: "/lp/spring-calm", path: "/lp/:lp" });
    await screen.findByRole("heading", { level: 1, name: "This spring can feel calmer" });
    expect(screen.getByTestId("sales-page").getAttribute("data-sales-theme")).toBe("green-main");
    expect(api.named("GET sales-page/calm-reset")).toHaveLength(0);
    expect(document.title).toBe("A calmer spring · Serene");
  });

  it("says kindly that an unknown checkout's offer is no longer available and leads to the regular plans", async () => {
    mockApi({ "GET checkout/99": [404, { message: "Not found." }] });
    renderPage(SalesCheckoutRoute, { at: "/promo/99", path: "/promo/:checkoutId" });
    expect(await screen.findByText("This offer is no longer available.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all plans" }).getAttribute("href")).toBe("/subscription");
  });

  it("says the same of an unknown landing page or a removed sales page", async () => {
    mockApi({ "GET checkout/7": [200, { data: checkoutFixture() }], "GET sales-page/calm-reset": [404, { message: "Not found." }] });
    const view = renderPage(SalesCheckoutRoute, { at: "/promo/7", path: "/promo/:checkoutId" });
    expect(await screen.findByText("This offer is no longer available.")).toBeTruthy();
    view.unmount();
    mockApi({ "GET lp/gone": [404, { message: "Not found." }] });
    renderPage(SalesCheckoutRoute, { at: "/lp/gone", path: "/lp/:lp" });
    expect(await screen.findByText("This offer is no longer available.")).toBeTruthy();
  });
});
