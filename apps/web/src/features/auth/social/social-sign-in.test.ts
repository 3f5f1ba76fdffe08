import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "../../../lib/env";
import { SOCIAL_STATE_KEY, browser, buildAuthorizeUrl, readProviderAnswer, startSocialSignIn, takeSavedSignIn } from "./social-sign-in";

const signInBefore = env.signIn;
afterEach(() => {
  env.signIn = signInBefore;
});

const config = (path: string) => ({ authorizeUrl: path, clientId: "client-1", sandbox: true });

describe("authorization addresses", () => {
  const common = { state: "st", nonce: "nn", redirectUri: "http://localhost:3000/auth/callback/x" };

  it("asks Google for an id token in the fragment", () => {
    const url = new URL(buildAuthorizeUrl("googleWeb", config("/sandbox/identity/google/authorize"), common));
    expect(url.pathname).toBe("/sandbox/identity/google/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "client-1",
      redirect_uri: common.redirectUri,
      state: "st",
      nonce: "nn",
      response_type: "id_token",
      scope: "openid email profile",
      response_mode: "fragment",
    });
  });

  it("asks Apple for a code and id token posted to the server", () => {
    const url = new URL(buildAuthorizeUrl("apple", config("https://appleid.example/auth/authorize?x=1"), common));
    expect(url.origin).toBe("https://appleid.example");
    expect(url.searchParams.get("x")).toBe("1");
    expect(url.searchParams.get("response_type")).toBe("code id_token");
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("scope")).toBe("name email");
    expect(url.searchParams.get("nonce")).toBe("nn");
  });

  it("asks Facebook for an access token with the e-mail scope and no nonce", () => {
    const url = new URL(buildAuthorizeUrl("facebook", config("/sandbox/identity/facebook/authorize"), { ...common, nonce: null }));
    expect(url.searchParams.get("response_type")).toBe("token");
    expect(url.searchParams.get("scope")).toBe("email");
    expect(url.searchParams.has("nonce")).toBe(false);
  });
});

describe("starting a sign-in", () => {
  it("keeps a random state, a nonce and the starting page, then leaves for the provider", () => {
    env.signIn = { googleWeb: config("/sandbox/identity/google/authorize"), apple: null, facebook: null };
    const leave = vi.spyOn(browser, "leaveFor").mockImplementation(() => undefined);
    expect(startSocialSignIn("googleWeb", { pathname: "/login", search: "?redirect=%2Fsettings" })).toBe(true);
    const saved = JSON.parse(window.sessionStorage.getItem(SOCIAL_STATE_KEY)!);
    expect(saved).toMatchObject({ provider: "googleWeb", from: "/login", search: "?redirect=%2Fsettings" });
    expect(saved.state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(saved.nonce).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const url = new URL(leave.mock.calls[0]![0]);
    expect(url.searchParams.get("state")).toBe(saved.state);
    expect(url.searchParams.get("nonce")).toBe(saved.nonce);
    expect(url.searchParams.get("redirect_uri")).toBe(`${window.location.origin}/auth/callback/googleWeb`);
  });

  it("does nothing for a provider that is not offered", () => {
    env.signIn = { googleWeb: null, apple: null, facebook: null };
    const leave = vi.spyOn(browser, "leaveFor").mockImplementation(() => undefined);
    expect(startSocialSignIn("apple", { pathname: "/login", search: "" })).toBe(false);
    expect(leave).not.toHaveBeenCalled();
  });

  it("uses a saved sign-in once", () => {
    window.sessionStorage.setItem(
      SOCIAL_STATE_KEY,
      JSON.stringify({ provider: "apple", state: "s", nonce: "n", from: "/login", search: "" }),
    );
    expect(takeSavedSignIn()).toMatchObject({ provider: "apple", state: "s" });
    expect(takeSavedSignIn()).toBeNull();
  });

  it.each(["//evil.example", "/.//evil.example", "/%2F%2Fevil.example", "/\\evil.example"])(
    "never returns to another site (%j)",
    (from) => {
      window.sessionStorage.setItem(SOCIAL_STATE_KEY, JSON.stringify({ provider: "apple", state: "s", nonce: "n", from, search: "" }));
      expect(takeSavedSignIn()?.from).toBe("/login");
    },
  );
});

describe("reading the provider's answer", () => {
  it("reads Apple's id token and the name sent once beside it", () => {
    const user = encodeURIComponent(JSON.stringify({ name: { firstName: "Maya", lastName: "Stone" }, email: "m@example.com" }));
    expect(readProviderAnswer("apple", `#id_token=abc&state=st&user=${user}`, "")).toEqual({
      kind: "token",
      state: "st",
      idToken: "abc",
      name: "Maya Stone",
    });
  });

  it("reads Facebook's cancel from the query", () => {
    expect(readProviderAnswer("facebook", "", "?error=access_denied&error_reason=user_denied&state=st")).toEqual({
      kind: "error",
      state: "st",
      error: "access_denied",
      reason: "user_denied",
    });
  });

  it("treats an answer without a token as an error", () => {
    expect(readProviderAnswer("googleWeb", "#state=st", "").kind).toBe("error");
  });
});
