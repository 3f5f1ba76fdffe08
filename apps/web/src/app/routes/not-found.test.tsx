import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderPage } from "../../test/render";
import NotFoundPage from "./not-found";

const renderAt = () => renderPage(NotFoundPage, { path: "*", at: "/nowhere" });

describe("not-found page", () => {
  it("guides a visitor back to the start, in the visitors' frame", () => {
    mockApi({});
    renderAt();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This path leads somewhere quiet");
    expect(screen.getByRole("link", { name: "Back to the start" }).getAttribute("href")).toBe("/");
    expect(screen.getAllByRole("link", { name: /Start my quiz/ }).length).toBeGreaterThan(0);
  });

  it("keeps a member in the members' frame and offers the way home, not the quiz", () => {
    window.localStorage.setItem("t", "token");
    mockApi({});
    renderAt();
    expect(screen.getByRole("link", { name: "Go to home" }).getAttribute("href")).toBe("/home");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/home");
    expect(screen.queryByRole("link", { name: /Start my quiz/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Back to the start" })).toBeNull();
  });
});
