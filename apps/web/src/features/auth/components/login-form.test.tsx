import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "../../../lib/env";
import { useErrorStore } from "../../../lib/error-store";
import { mockApi, renderPage, tooManyRequests, validation } from "../../../test/render";
import { LoginForm } from "./login-form";

const signInBefore = env.signIn;
afterEach(() => {
  env.signIn = signInBefore;
});

async function logIn(email = "maya@example.com", password = "a calm password") {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log In" }));
}

const location = () => screen.getByTestId("location").textContent;

describe("login form", () => {
  it("sends the e-mail as login with the password and device name web", async () => {
    const api = mockApi({ "POST user/token": [200, { token: "tok-1" }] });
    renderPage(LoginForm, { at: "/login" });
    await logIn();
    await waitFor(() => expect(api.named("POST user/token")).toHaveLength(1));
    expect(api.calls[0]!.body).toEqual({ login: "maya@example.com", password: "a calm password", device_name: "web" });
  });

  it("shows the server's message above the fields when asked too often (429), without a toast", async () => {
    mockApi({ "POST user/token": tooManyRequests("Too many attempts. Please try again in 30 seconds.", 30) });
    renderPage(LoginForm, { at: "/login" });
    await logIn();
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please try again in 30 seconds.");
    expect(useErrorStore.getState().flag).toBe(false);
    expect(window.localStorage.getItem("t")).toBeNull();
  });

  it("shows only the first server message under the e-mail and the password", async () => {
    mockApi({
      "POST user/token": validation({
        email: ["The email field must be a valid email address.", "The email field must not be greater than 254 characters."],
        password: ["The password field is required.", "Another password message."],
      }),
    });
    renderPage(LoginForm, { at: "/login" });
    await logIn("maya@", "");
    expect(await screen.findByText("The email field must be a valid email address.")).toBeTruthy();
    expect(screen.getByText("The password field is required.")).toBeTruthy();
    expect(screen.queryByText("The email field must not be greater than 254 characters.")).toBeNull();
    expect(screen.queryByText("Another password message.")).toBeNull();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(window.localStorage.getItem("t")).toBeNull();
    // The messages are under the inputs; no error toast repeats them.
    expect(useErrorStore.getState().flag).toBe(false);
  });

  it("stores the token and goes to /home without a redirect or quiz", async () => {
    mockApi({ "POST user/token": [200, { token: "tok-1" }] });
    renderPage(LoginForm, { at: "/login" });
    await logIn();
    await waitFor(() => expect(location()).toBe("/home"));
    expect(window.localStorage.getItem("t")).toBe("tok-1");
  });

  it("goes to the quiz results when a quiz flag is stored", async () => {
    window.localStorage.setItem("quiz", "1");
    mockApi({ "POST user/token": [200, { token: "tok-1" }] });
    renderPage(LoginForm, { at: "/login" });
    await logIn();
    await waitFor(() => expect(location()).toBe("/quiz-results"));
  });

  it("follows a same-site redirect parameter, and ignores one to another site", async () => {
    mockApi({ "POST user/token": [200, { token: "tok-1" }] });
    renderPage(LoginForm, { at: "/login?redirect=%2Fcheckout%2F42%3Fplan%3Dyearly&from=auth" });
    await logIn();
    await waitFor(() => expect(location()).toBe("/checkout/42?plan=yearly"));
  });

  it("does not follow a redirect to another site", async () => {
    mockApi({ "POST user/token": [200, { token: "tok-1" }] });
    renderPage(LoginForm, { at: "/login?redirect=%2F%2Fevil.example" });
    await logIn();
    await waitFor(() => expect(location()).toBe("/home"));
  });

  it("explains why a visitor sent from a members-only action is here", () => {
    mockApi({});
    const { unmount } = renderPage(LoginForm, { at: "/login?from=auth&redirect=%2Fcheckout%2F1" });
    expect(screen.getByText("Please log in or sign up to continue.")).toBeTruthy();
    unmount();
    renderPage(LoginForm, { at: "/login" });
    expect(screen.queryByText("Please log in or sign up to continue.")).toBeNull();
  });

  it("links to password recovery and to sign-up with the same query string", () => {
    renderPage(LoginForm, { at: "/login?redirect=%2Fcheckout%2F1&from=auth" });
    expect(screen.getByRole("link", { name: "Password forgotten?" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.getByRole("link", { name: "No Account? Sign Up" }).getAttribute("href")).toBe(
      "/create-account?redirect=%2Fcheckout%2F1&from=auth",
    );
  });

  it("shows a button for each configured sign-in provider only", () => {
    env.signIn = {
      googleWeb: { authorizeUrl: "/sandbox/identity/google/authorize", clientId: "g", sandbox: true },
      apple: null,
      facebook: null,
    };
    const { unmount } = renderPage(LoginForm, { at: "/login" });
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue with Apple" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Continue with Facebook" })).toBeNull();
    unmount();
    env.signIn = { googleWeb: null, apple: null, facebook: null };
    renderPage(LoginForm, { at: "/login" });
    expect(screen.queryByRole("button", { name: /Continue with/ })).toBeNull();
  });
});
