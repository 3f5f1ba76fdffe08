import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../test/render";
import { SiteHeader } from "./site-header";

afterEach(() => window.localStorage.clear());

describe("the visitors' header", () => {
  it("forgets a stored quiz when Login is pressed, so the login goes home rather than to the quiz results", () => {
    window.localStorage.setItem("quiz", "1");
    renderPage(SiteHeader, { at: "/" });
    fireEvent.click(screen.getByRole("link", { name: "Login" }));
    expect(window.localStorage.getItem("quiz")).toBeNull();
  });
});
