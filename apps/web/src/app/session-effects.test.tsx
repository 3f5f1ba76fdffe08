import { screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { api } from "../lib/api-client";
import { mockApi, renderPage } from "../test/render";
import { untilIdle } from "../test/settle";
import { SessionEffects } from "./root-layout";

function MemberPage() {
  useEffect(() => {
    api.get("user").catch(() => undefined);
  }, []);
  return (
    <>
      <SessionEffects />
      <h1>Settings</h1>
    </>
  );
}

describe("a 401 during a member's visit", () => {
  it("forgets the token and goes to /login, which brings the member back afterwards", async () => {
    window.localStorage.setItem("t", "revoked");
    mockApi({ "GET user": [401, { message: "Unauthenticated." }] });
    renderPage(MemberPage, { at: "/settings/account?tab=1" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login?redirect=%2Fsettings%2Faccount%3Ftab%3D1"));
    expect(window.localStorage.getItem("t")).toBeNull();
  });

  it("stays on the page when the call sent no token", async () => {
    mockApi({ "GET user": [401, { message: "Unauthenticated." }] });
    const { queryClient } = renderPage(MemberPage, { at: "/settings" });
    await untilIdle(queryClient);
    expect(screen.getByRole("heading", { name: "Settings" })).toBeTruthy();
  });
});
