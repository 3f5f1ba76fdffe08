import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { mockApi, renderPage } from "../../../test/render";
import { TokenExchange } from "./token-exchange";

const location = () => screen.getByTestId("location").textContent;

describe("/authorization", () => {
  it("exchanges the e-mail and one-time token once for a session and goes to the quiz results", async () => {
    const api = mockApi({ "POST authorization-by-tmp-token/maya@example.com": [200, { token: "session-1" }] });
    renderPage(TokenExchange, { path: "/authorization", at: "/authorization?email=maya%40example.com&token=tmp-1", strict: true });
    await waitFor(() => expect(location()).toBe("/quiz-results"));
    expect(window.localStorage.getItem("t")).toBe("session-1");
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ email: "maya@example.com", tmp_token: "tmp-1", device_name: "web" });
  });

  it("follows a same-site redirect parameter", async () => {
    mockApi({ "POST authorization-by-tmp-token/maya@example.com": [200, { token: "session-1" }] });
    renderPage(TokenExchange, {
      path: "/authorization",
      at: "/authorization?email=maya%40example.com&token=t&redirect=%2Fsubscription%2F3",
    });
    await waitFor(() => expect(location()).toBe("/subscription/3"));
  });

  it("says 'Something went wrong!' once and goes to /registration without an e-mail", async () => {
    const api = mockApi({});
    renderPage(TokenExchange, { path: "/authorization", at: "/authorization?token=tmp-1", strict: true });
    await waitFor(() => expect(location()).toBe("/registration"));
    expect(useToastStore.getState().toasts.map((toast) => [toast.kind, toast.message])).toEqual([["error", "Something went wrong!"]]);
    expect(api.calls).toHaveLength(0);
  });
});
