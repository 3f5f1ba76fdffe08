import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { followThemeChanges } from "../../features/appearance/theme";
import { endSession } from "../../lib/session";
import { FREE_STATUS } from "../../test/account-status";
import { mockApi, renderPage } from "../../test/render";
import SettingsAppearancePage from "./settings-appearance";

const member = {
  id: "u1",
  name: "Maya",
  email: "maya@example.com",
  pending_email: null,
  goal: null,
  has_password: true,
  created_at: "2026-01-01T00:00:00Z",
};

/** A stand-in for the device's light or dark setting, which a test can change. */
function deviceScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", () => query);
  return {
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

const htmlTheme = () => document.documentElement.getAttribute("data-theme");

function openPage() {
  window.localStorage.setItem("t", "token");
  mockApi({ "GET user": [200, member], "GET user/account-status": [200, FREE_STATUS] });
  return renderPage(SettingsAppearancePage, { at: "/settings/appearance" });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute("data-theme");
});

describe("/settings/appearance", () => {
  it("offers the four themes, a dark one and following the device, with beige clouds chosen at first", () => {
    openPage();
    expect(screen.getByRole("heading", { level: 1, name: "Appearance" })).toBeTruthy();
    const group = screen.getByRole("group", { name: "Theme" });
    const labels = within(group)
      .getAllByRole("radio")
      .map((radio) => radio.closest("label")!.textContent);
    const names = ["Beige clouds", "Blue sea", "Green forest", "Purple sky", "Dark", "Follow the system"];
    expect(labels).toHaveLength(names.length);
    names.forEach((name, at) => expect(labels[at]).toMatch(new RegExp(`^${name}[A-Z]`)));
    expect((screen.getByRole("radio", { name: /Beige clouds/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("applies a theme at once, keeps it on the device and keeps it after logging out", async () => {
    openPage();
    await userEvent.setup().click(screen.getByRole("radio", { name: /Green forest/ }));
    expect(htmlTheme()).toBe("green-forest");
    expect(window.localStorage.getItem("theme")).toBe("green-forest");
    expect((screen.getByRole("radio", { name: /Green forest/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("Green forest is on.");
    endSession();
    expect(window.localStorage.getItem("theme")).toBe("green-forest");
  });

  it("follows the device's light or dark setting live when asked to", async () => {
    const device = deviceScheme(false);
    const stop = followThemeChanges();
    openPage();
    await userEvent.setup().click(screen.getByRole("radio", { name: /Follow the system/ }));
    expect(htmlTheme()).toBe("beige-clouds");
    act(() => device.set(true));
    expect(htmlTheme()).toBe("dark");
    act(() => device.set(false));
    expect(htmlTheme()).toBe("beige-clouds");
    // A fixed choice stays whatever the device says.
    await userEvent.setup().click(screen.getByRole("radio", { name: /Purple sky/ }));
    act(() => device.set(true));
    expect(htmlTheme()).toBe("purple-sky");
    stop();
  });

  it("shows a choice made in another tab", () => {
    deviceScheme(false);
    const stop = followThemeChanges();
    openPage();
    act(() => {
      window.localStorage.setItem("theme", "blue-sea");
      window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: "blue-sea" }));
    });
    expect(htmlTheme()).toBe("blue-sea");
    expect((screen.getByRole("radio", { name: /Blue sea/ }) as HTMLInputElement).checked).toBe(true);
    stop();
  });

  it("reads an unknown stored value as the default theme", () => {
    window.localStorage.setItem("theme", "neon");
    openPage();
    expect((screen.getByRole("radio", { name: /Beige clouds/ }) as HTMLInputElement).checked).toBe(true);
  });
});
