import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderPage } from "../../test/render";
import SettingsPage from "./settings";

const member = {
  id: "u1",
  name: "Maya",
  email: "maya@example.com",
  pending_email: null,
  goal: null,
  has_password: true,
  created_at: "2026-01-01T00:00:00Z",
};

describe("/settings", () => {
  it("lists the settings links, who is logged in and the version", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "GET user": [200, member] });
    renderPage(SettingsPage, { at: "/settings" });
    const nav = screen.getByRole("navigation", { name: "Settings" });
    const links = [...nav.querySelectorAll("a")].map((link) => [link.textContent?.replace("›", "").trim(), link.getAttribute("href")]);
    expect(links).toEqual([
      ["Subscription", "/settings/subscription"],
      ["Account", "/settings/account"],
      ["Change Password", "/settings/change-password"],
      ["Appearance", "/settings/appearance"],
      ["Help & Support", "/settings/help-support"],
      ["Terms & Conditions", "/terms-conditions"],
      ["Privacy Policy", "/privacy-policy"],
    ]);
    expect(await screen.findByText("maya@example.com")).toBeTruthy();
    expect(screen.getByText("Logged in as")).toBeTruthy();
    expect(screen.getByText("Version 1.00 (2345)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Delete my account" }).getAttribute("href")).toBe("/data-removal");
  });

  it("logs out: revokes the token, clears local storage and goes to the start page", async () => {
    window.localStorage.setItem("t", "token");
    window.localStorage.setItem("quiz", "1");
    const api = mockApi({ "GET user": [200, member], "DELETE user/token": [204] });
    renderPage(SettingsPage, { at: "/settings", routes: [{ path: "/", Component: () => <h1>Start</h1> }] });
    await userEvent.setup().click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByRole("heading", { name: "Start" })).toBeTruthy();
    expect(api.named("DELETE user/token")[0]!.headers.Authorization).toBe("Bearer token");
    expect(window.localStorage.getItem("t")).toBeNull();
    expect(window.localStorage.getItem("quiz")).toBeNull();
  });

  it("logs out even when the server cannot revoke the token", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "GET user": [200, member], "DELETE user/token": [500, { message: "Server Error" }] });
    renderPage(SettingsPage, { at: "/settings", routes: [{ path: "/", Component: () => <h1>Start</h1> }] });
    await userEvent.setup().click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(window.localStorage.getItem("t")).toBeNull());
    expect(await screen.findByRole("heading", { name: "Start" })).toBeTruthy();
  });
});
