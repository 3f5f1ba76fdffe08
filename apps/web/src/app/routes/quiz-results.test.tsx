import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PaywallPage } from "../../features/paywall";
import { mockApi, renderPage } from "../../test/render";
import QuizDynamicResultsRoute from "./quiz-dynamic-results";
import QuizResultsRoute from "./quiz-results";

const Paywall = () => <PaywallPage paymentDialog={() => null} />;
const routes = [
  { path: "/subscription/:checkoutId?", Component: Paywall },
  { path: "/", Component: () => <p>Landing</p> },
];
const BUILDER = {
  data: {
    id: 3,
    slug: "better-evenings",
    type: "Direct Sales",
    checkout_id: 3,
    goals: [],
    result: {
      bands: [
        { min: 0, max: 100, title: "Your evenings could use a softer landing", copy: "Start with ten minutes tonight.", checkout_id: 3 },
      ],
      fields: [{ key: "wind_down", kind: "select", options: [{ key: "screens", label: "Screens", score: 2 }] }],
    },
  },
};

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("from a result to the paywall", () => {
  it("a finished custom quiz's Get My Plan opens its checkout's paywall, which keeps the dynamic funnel", async () => {
    window.localStorage.setItem("quiz", "1");
    window.localStorage.setItem("quiz-form", JSON.stringify({ slug: "better-evenings", isCustomQuiz: true, isQuizCompleted: true }));
    window.localStorage.setItem("quiz-answers:better-evenings", JSON.stringify({ answers: { wind_down: "screens" }, step: 3 }));
    mockApi({
      "GET quiz-builder/better-evenings": [200, BUILDER],
      "GET checkout/3": [200, { data: { id: 3, type: "checkout", packages: [] } }],
    });
    const page = renderPage(QuizDynamicResultsRoute, {
      path: "/quiz-dynamic-results/:slug",
      at: "/quiz-dynamic-results/better-evenings",
      routes,
    });
    fireEvent.click(await screen.findByRole("link", { name: "Get My Plan" }));
    expect(page.router.state.location.pathname).toBe("/subscription/3");
    expect(page.router.state.location.search).toBe("?dynamic=1&action=quiz");
    expect(screen.queryByText("Landing")).toBeNull();
  });

  it("the dynamic paywall still goes to / once the quiz data is gone", () => {
    mockApi({});
    renderPage(Paywall, { path: "/subscription/:checkoutId?", at: "/subscription/3?dynamic=1&action=quiz", routes: routes.slice(1) });
    expect(screen.getByText("Landing")).toBeTruthy();
  });

  it("the plain result's Get My Plan opens the paywall with the quiz-finished action", async () => {
    window.localStorage.setItem("quiz-form", JSON.stringify({ slug: "onboarding", isQuizCompleted: true }));
    window.localStorage.setItem("quiz-answers:onboarding", JSON.stringify({ answers: { goal: "SLEEP_BETTER" }, step: 12 }));
    mockApi({ "GET package/web": [200, { data: [] }] });
    const page = renderPage(QuizResultsRoute, { path: "/quiz-results", at: "/quiz-results", routes });
    fireEvent.click((await screen.findAllByRole("link", { name: "Get My Plan" }))[0]!);
    expect(`${page.router.state.location.pathname}${page.router.state.location.search}`).toBe("/subscription?action=quiz");
    expect(await screen.findByText("Similar people")).toBeTruthy();
  });
});
