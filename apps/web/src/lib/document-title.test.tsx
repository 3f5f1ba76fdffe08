import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DocumentTitle, useDocumentTitle } from "./document-title";

function Named() {
  useDocumentTitle("Evening Calm");
  return <Link to="/faq">FAQ</Link>;
}

const renderAt = (at: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            element: (
              <>
                <DocumentTitle />
                <Outlet />
              </>
            ),
            children: [
              { path: "/", element: <Link to="/login">Log in</Link> },
              { path: "/login", handle: { title: "Log in" }, element: <Link to="/meditation/1">Play</Link> },
              { path: "/faq", handle: { title: "FAQ" }, element: <p>FAQ</p> },
              { path: "/meditation/:id", handle: { title: "Now playing" }, element: <Named /> },
            ],
          },
        ],
        { initialEntries: [at] },
      )}
    />,
  );

describe("the browser tab's title", () => {
  it("is the site's own on the landing page, then each route's name as the visit moves on", async () => {
    renderAt("/");
    await waitFor(() => expect(document.title).toBe("Serene · Meditation, sleep and calm"));
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Log in" }));
    await waitFor(() => expect(document.title).toBe("Log in · Serene"));
  });

  it("is the name a page gives itself, and the next route's name after it", async () => {
    renderAt("/meditation/1");
    await waitFor(() => expect(document.title).toBe("Evening Calm · Serene"));
    await userEvent.setup().click(screen.getByRole("link", { name: "FAQ" }));
    await waitFor(() => expect(document.title).toBe("FAQ · Serene"));
  });
});
