import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { useErrorStore } from "../../../lib/error-store";
import { mockApi, renderPage, validation } from "../../../test/render";
import { untilIdle } from "../../../test/settle";
import { ACCOUNT_UPDATED, AccountForm } from "./account-form";
import { ChangePasswordForm, PASSWORD_UPDATED } from "./change-password-form";

const member = {
  id: "u1",
  name: "Maya",
  email: "maya@example.com",
  pending_email: null,
  goal: null,
  has_password: true,
  created_at: "2026-01-01T00:00:00Z",
};

describe("account form", () => {
  it("fills in name and e-mail, saves them as form data and says 'Successfully updated!'", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({
      "GET user": [200, member],
      "PUT user": (call) => [200, { ...member, name: String(call.body!.name) }],
    });
    renderPage(AccountForm, { at: "/settings/account" });
    const name = await screen.findByLabelText<HTMLInputElement>("Name");
    await waitFor(() => expect(name.value).toBe("Maya"));
    const email = screen.getByLabelText<HTMLInputElement>("Email");
    expect(email.type).toBe("email");
    expect(name.required && email.required).toBe(true);
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, "Maya Stone");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([ACCOUNT_UPDATED]));
    expect(ACCOUNT_UPDATED).toBe("Successfully updated!");
    expect(api.named("PUT user")[0]!.body).toEqual({ name: "Maya Stone", email: "maya@example.com", platform: "web" });
  });

  it("says where the confirmation link for a new address went", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "GET user": [200, { ...member, pending_email: "maya@new.example" }] });
    renderPage(AccountForm, { at: "/settings/account" });
    expect(await screen.findByText("maya@new.example")).toBeTruthy();
    expect(screen.getByText(/We sent a confirmation link to/)).toBeTruthy();
  });

  it("requires a name and an e-mail before saving", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({ "GET user": [200, member] });
    renderPage(AccountForm, { at: "/settings/account" });
    const name = await screen.findByLabelText<HTMLInputElement>("Name");
    await waitFor(() => expect(name.value).toBe("Maya"));
    const user = userEvent.setup();
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("The name field is required.")).toBeTruthy();
    expect(api.named("PUT user")).toHaveLength(0);
  });

  it("fails without a toast", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({ "GET user": [200, member], "PUT user": [500, { message: "Server Error" }] });
    const { queryClient } = renderPage(AccountForm, { at: "/settings/account" });
    const name = await screen.findByLabelText<HTMLInputElement>("Name");
    await waitFor(() => expect(name.value).toBe("Maya"));
    const user = userEvent.setup();
    await user.type(name, " S");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(api.named("PUT user")).toHaveLength(1));
    await untilIdle(queryClient);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    expect(useErrorStore.getState().flag).toBe(false);
  });
});

describe("change password form", () => {
  it("sends both passwords and answers with the spec's browser alert", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({ "PATCH user/password": [200, { message: "Password updated." }] });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    renderPage(ChangePasswordForm, { at: "/settings/change-password" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Current password"), "old calm password");
    await user.type(screen.getByLabelText("New password"), "new calm password");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(PASSWORD_UPDATED));
    expect(PASSWORD_UPDATED).toBe("Success update password!");
    expect(api.calls[0]!.body).toEqual({ current_password: "old calm password", password: "new calm password" });
    expect(screen.getByLabelText<HTMLInputElement>("Current password").value).toBe("");
  });

  it("shows the first server message under each field", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({
      "PATCH user/password": validation({
        current_password: ["The password is incorrect.", "Second."],
        password: ["The password field must be at least 8 characters.", "Third."],
      }),
    });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    renderPage(ChangePasswordForm, { at: "/settings/change-password" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("The password is incorrect.")).toBeTruthy();
    expect(screen.getByText("The password field must be at least 8 characters.")).toBeTruthy();
    expect(screen.queryByText("Second.")).toBeNull();
    expect(screen.queryByText("Third.")).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });
});
