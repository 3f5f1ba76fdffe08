import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import NotFoundPage from "./not-found";

const renderAt = () =>
  render(<RouterProvider router={createMemoryRouter([{ path: "*", Component: NotFoundPage }], { initialEntries: ["/nowhere"] })} />);

describe("not-found page", () => {
  it("guides a visitor back to the start", () => {
    renderAt();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This path leads somewhere quiet");
    expect(screen.getByRole("link", { name: "Back to the start" }).getAttribute("href")).toBe("/");
  });

  it("guides a member back home", () => {
    window.localStorage.setItem("t", "token");
    renderAt();
    expect(screen.getByRole("link", { name: "Go to home" }).getAttribute("href")).toBe("/home");
  });
});
