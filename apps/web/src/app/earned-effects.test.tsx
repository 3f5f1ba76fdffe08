import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Toaster } from "../components/ui/toast";
import { api, earnedIn } from "../lib/api-client";
import { progressKeys } from "../lib/progress-keys";
import { mockApi } from "../test/render";
import { EarnedEffects } from "./root-layout";

const earned = [
  { name: "First Favourite", machine_name: "add_a_favorite", description: "Saved a first session to your favourites." },
  { name: "The Basics", machine_name: "the_basics", description: "Completed three sessions, saved a favourite and wrote a note." },
];

function renderApp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(progressKeys.achievements(), []);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <EarnedEffects />
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: "/meditation-sleep/7", element: <p>Player</p> },
          { path: "/profile/achievements", element: <p>Achievements page</p> },
        ],
      },
    ],
    { initialEntries: ["/meditation-sleep/7"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

describe("earned badges", () => {
  it("shows a toast per badge a write earned, with its medal and a link to the achievements, and reloads them", async () => {
    mockApi({ "POST user/favorite": [200, { data: { id: 7, model: "meditation-sleep", favorite: true }, earned }] });
    const { queryClient, router } = renderApp();
    await act(() => api.post("user/favorite", { body: { id: 7, model: "meditation-sleep" } }));
    const links = await screen.findAllByRole("link", { name: /^Badge earned: / });
    expect(links.map((link) => link.textContent)).toEqual(["Badge earned: First Favourite", "Badge earned: The Basics"]);
    expect(links[0]!.getAttribute("href")).toBe("/profile/achievements");
    expect(links[0]!.closest("[role=status]")!.querySelector("svg[data-received=true]")).not.toBeNull();
    expect(queryClient.getQueryState(progressKeys.achievements())!.isInvalidated).toBe(true);

    await userEvent.setup().click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/achievements"));
  });

  it("stays quiet for writes that earned nothing, and for reads", async () => {
    mockApi({
      "POST user/notes": [201, { data: { id: "n1" }, earned: [] }],
      "POST user/views": [200, { data: {} }],
      "GET user/achievements": [200, { data: [], earned }],
    });
    renderApp();
    await act(async () => {
      await api.post("user/notes", { body: {} as never });
      await api.post("user/views", { body: {} as never });
      await api.get("user/achievements");
    });
    expect(screen.queryByRole("link", { name: /^Badge earned/ })).toBeNull();
  });

  it("reads only well-formed badges from an answer", () => {
    expect(earnedIn(null)).toEqual([]);
    expect(earnedIn({ data: 1 })).toEqual([]);
    expect(earnedIn({ earned: "no" })).toEqual([]);
    expect(earnedIn({ earned: [null, { name: 3 }, earned[0]] })).toEqual([earned[0]]);
  });
});
