import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { useErrorStore } from "../../../lib/error-store";
import { mockApi, renderPage, tooManyRequests, validation } from "../../../test/render";
import { ForgotPasswordForm } from "./forgot-password-form";
import { ResetPasswordForm } from "./reset-password-form";

function ResetPage() {
  const [params] = useSearchParams();
  return <ResetPasswordForm email={params.get("email")} token={params.get("token")} />;
}

describe("forgot password", () => {
  it("shows the server's answer as a confirmation", async () => {
    const api = mockApi({ "GET user/recovery-password": [200, { message: "If the address has an account, a link is on its way." }] });
    renderPage(ForgotPasswordForm, { at: "/forgot-password" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "maya@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("If the address has an account, a link is on its way.")).toBeTruthy();
    expect(api.calls[0]!.query.get("email")).toBe("maya@example.com");
    expect(screen.getByRole("link", { name: "Back to log in" }).getAttribute("href")).toBe("/login");
  });

  it("shows the e-mail field's message under it", async () => {
    mockApi({ "GET user/recovery-password": validation({ email: ["The email field must be a valid email address.", "Second."] }) });
    renderPage(ForgotPasswordForm, { at: "/forgot-password" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "maya");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("The email field must be a valid email address.")).toBeTruthy();
    expect(screen.queryByText("Second.")).toBeNull();
  });

  it("shows the server's message when asked too often (429), with the wait, and no toast", async () => {
    mockApi({ "GET user/recovery-password": tooManyRequests("Too many requests. Please wait a moment and try again.", 600) });
    renderPage(ForgotPasswordForm, { at: "/forgot-password" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "maya@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many requests. Please wait a moment and try again. You can try again in 10 minutes.",
    );
    expect(useErrorStore.getState().flag).toBe(false);
  });
});

describe("password reset", () => {
  it("shows a 429's message as it is, not as a problem with the link", async () => {
    mockApi({ "POST user/recovery-password": tooManyRequests("Too many attempts. Please try again in 20 seconds.", 20) });
    renderPage(ResetPage, { path: "/password/reset", at: "/password/reset?token=tok&email=maya%40example.com" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "a calm new password");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText("Too many attempts. Please try again in 20 seconds.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Request a new reset link" })).toBeNull();
    expect(useErrorStore.getState().flag).toBe(false);
  });

  it("explains an incomplete link and offers a new one", () => {
    mockApi({});
    renderPage(ResetPage, { path: "/password/reset", at: "/password/reset?email=maya%40example.com" });
    expect(screen.getByText("This reset link is incomplete.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new reset link" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("sets the new password, logs in with the returned token and goes home", async () => {
    const api = mockApi({ "POST user/recovery-password": [200, { message: "Your password has been reset.", token: "session-r" }] });
    renderPage(ResetPage, { path: "/password/reset", at: "/password/reset?token=tok-1&email=maya%40example.com" });
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>("New password");
    expect(input.type).toBe("password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(input.type).toBe("text");
    await user.type(input, "a new calm password");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/home"));
    expect(api.calls[0]!.body).toEqual({ email: "maya@example.com", token: "tok-1", password: "a new calm password", device_name: "web" });
    expect(window.localStorage.getItem("t")).toBe("session-r");
    expect(useToastStore.getState().toasts.map((toast) => [toast.kind, toast.message])).toEqual([
      ["success", "Your password has been reset."],
    ]);
  });

  it("shows the password's messages under it and a bad link above", async () => {
    mockApi({
      "POST user/recovery-password": validation({
        password: ["The password field must be at least 8 characters."],
        token: ["This password reset link is invalid or has expired."],
      }),
    });
    renderPage(ResetPage, { path: "/password/reset", at: "/password/reset?token=old&email=maya%40example.com" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText("The password field must be at least 8 characters.")).toBeTruthy();
    expect(screen.getByText("This password reset link is invalid or has expired.")).toBeTruthy();
    expect(window.localStorage.getItem("t")).toBeNull();
  });
});
