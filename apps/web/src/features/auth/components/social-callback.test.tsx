import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { mockApi, renderPage } from "../../../test/render";
import { SOCIAL_STATE_KEY } from "../social/social-sign-in";
import { FACEBOOK_CANCELLED, SocialCallback } from "./social-callback";
import { useParams } from "react-router";
import type { SocialProvider } from "@serene/contracts";

function CallbackPage() {
  const { provider } = useParams();
  return <SocialCallback provider={provider as SocialProvider} />;
}

const save = (provider: SocialProvider, extra: Record<string, unknown> = {}) =>
  window.sessionStorage.setItem(
    SOCIAL_STATE_KEY,
    JSON.stringify({
      provider,
      state: "good-state",
      nonce: provider === "facebook" ? null : "the-nonce",
      from: "/login",
      search: "?redirect=%2Fsettings",
      ...extra,
    }),
  );

const location = () => screen.getByTestId("location").textContent;
const open = (at: string, strict = false) => renderPage(CallbackPage, { path: "/auth/callback/:provider", at, strict });

describe("sign-in callback", () => {
  it("exchanges Google's id token with the saved nonce, stores the token and follows the redirect", async () => {
    save("googleWeb");
    const api = mockApi({ "POST user/auth/googleWeb": [200, { token: "session-g" }] });
    open("/auth/callback/googleWeb#id_token=id-tok&state=good-state", true);
    await waitFor(() => expect(location()).toBe("/settings"));
    expect(window.localStorage.getItem("t")).toBe("session-g");
    expect(api.named("POST user/auth/googleWeb")).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ id_token: "id-tok", nonce: "the-nonce", platform: "web", device_name: "web" });
  });

  it("sends Apple's name and Facebook's access token", async () => {
    save("apple", { search: "" });
    const api = mockApi({
      "POST user/auth/apple": [200, { token: "session-a" }],
      "POST user/auth/facebook": [200, { token: "session-f" }],
    });
    const user = encodeURIComponent(JSON.stringify({ name: { firstName: "Maya" } }));
    const first = open(`/auth/callback/apple#id_token=id-a&state=good-state&user=${user}`);
    await waitFor(() => expect(location()).toBe("/home"));
    expect(api.calls[0]!.body).toMatchObject({ id_token: "id-a", nonce: "the-nonce", name: "Maya" });
    first.unmount();
    save("facebook");
    open("/auth/callback/facebook#access_token=fb-tok&state=good-state");
    await waitFor(() => expect(window.localStorage.getItem("t")).toBe("session-f"));
    expect(api.calls[1]!.body).toEqual({ access_token: "fb-tok", platform: "web", device_name: "web" });
  });

  it("refuses an answer whose state does not match and returns quietly to the starting page", async () => {
    save("googleWeb");
    const api = mockApi({ "POST user/auth/googleWeb": [200, { token: "session-g" }] });
    open("/auth/callback/googleWeb#id_token=forged&state=other-state");
    await waitFor(() => expect(location()).toBe("/login?redirect=%2Fsettings"));
    expect(api.calls).toHaveLength(0);
    expect(window.localStorage.getItem("t")).toBeNull();
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it("refuses an answer when no sign-in was started in this browser", async () => {
    const api = mockApi({ "POST user/auth/googleWeb": [200, { token: "session-g" }] });
    open("/auth/callback/googleWeb#id_token=x&state=good-state");
    await waitFor(() => expect(location()).toBe("/login"));
    expect(api.calls).toHaveLength(0);
  });

  it("says so when Facebook login was cancelled and goes back", async () => {
    save("facebook");
    const api = mockApi({});
    open("/auth/callback/facebook?error=access_denied&error_reason=user_denied&state=good-state");
    await waitFor(() => expect(location()).toBe("/login?redirect=%2Fsettings"));
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([FACEBOOK_CANCELLED]);
    expect(FACEBOOK_CANCELLED).toBe("User cancelled login or did not fully authorize.");
    expect(api.calls).toHaveLength(0);
  });

  it("only logs an Apple failure", async () => {
    save("apple");
    mockApi({ "POST user/auth/apple": [422, { message: "The id token is invalid." }] });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    open("/auth/callback/apple#id_token=bad&state=good-state");
    await waitFor(() => expect(location()).toBe("/login?redirect=%2Fsettings"));
    expect(log).toHaveBeenCalled();
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
