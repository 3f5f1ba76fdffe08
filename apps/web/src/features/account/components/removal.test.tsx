import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { useErrorStore } from "../../../lib/error-store";
import { mockApi, renderPage, tooManyRequests, validation } from "../../../test/render";
import { REMOVAL_CONFIRMED, REMOVAL_FAILED, RemovalConfirmation } from "./removal-confirmation";
import { REMOVAL_REQUESTED, RemovalRequestForm } from "./removal-request-form";

function ConfirmPage() {
  const { code = "" } = useParams();
  return <RemovalConfirmation code={code} />;
}

describe("removal request", () => {
  it("sends the e-mail with device name web and shows the spec's confirmation", async () => {
    const api = mockApi({ "POST user/request-remove": [200, { message: "Sent." }] });
    renderPage(RemovalRequestForm, { at: "/data-removal" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "maya@example.com");
    await user.click(screen.getByRole("button", { name: "Submit removal request" }));
    expect(await screen.findByText(REMOVAL_REQUESTED)).toBeTruthy();
    expect(REMOVAL_REQUESTED).toBe(
      "We have sent you an email. Please click on the link in the email to confirm your account removal request.",
    );
    expect(api.calls[0]!.body).toEqual({ email: "maya@example.com", device_name: "web" });
  });

  it("shows the first e-mail message only", async () => {
    mockApi({ "POST user/request-remove": validation({ email: ["The email field is required.", "Second message."] }) });
    renderPage(RemovalRequestForm, { at: "/data-removal" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Submit removal request" }));
    expect(await screen.findByText("The email field is required.")).toBeTruthy();
    expect(screen.queryByText("Second message.")).toBeNull();
  });
});

describe("removal request when asked too often", () => {
  it("shows the server's message (429) above the field, without a toast", async () => {
    mockApi({ "POST user/request-remove": tooManyRequests("Too many attempts. Please try again in 15 minutes.", 900) });
    renderPage(RemovalRequestForm, { at: "/data-removal" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "maya@example.com");
    await user.click(screen.getByRole("button", { name: "Submit removal request" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please try again in 15 minutes.");
    expect(screen.queryByText(REMOVAL_REQUESTED)).toBeNull();
    expect(useErrorStore.getState().flag).toBe(false);
  });
});

describe("removal request when signed in", () => {
  it("fills in the member's e-mail, which can still be changed", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({
      "GET user": [200, { id: "u1", name: "Maya", email: "maya@example.com", pending_email: null, goal: null, has_password: true }],
      "POST user/request-remove": [200, { message: "Sent." }],
    });
    renderPage(RemovalRequestForm, { at: "/data-removal" });
    await waitFor(() => expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("maya@example.com"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Submit removal request" }));
    expect(await screen.findByText(REMOVAL_REQUESTED)).toBeTruthy();
    expect(api.named("POST user/request-remove")[0]!.body).toEqual({ email: "maya@example.com", device_name: "web" });
  });

  it("leaves the field empty, and the person on the page, when the token no longer works", async () => {
    window.localStorage.setItem("t", "stale");
    const api = mockApi({ "GET user": [401, { message: "Unauthenticated." }] });
    const { router } = renderPage(RemovalRequestForm, { at: "/data-removal" });
    await waitFor(() => expect(api.named("GET user")).toHaveLength(1));
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
    expect(router.state.location.pathname).toBe("/data-removal");
  });
});

describe("removal confirmation", () => {
  it("confirms once on load, even when mounted twice, and ends the session on this device", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({ "POST user/confirm-remove/code-1": [200, { message: "Confirmed." }] });
    renderPage(ConfirmPage, { path: "/confirm-remove/:code", at: "/confirm-remove/code-1", strict: true });
    expect(await screen.findByText(REMOVAL_CONFIRMED)).toBeTruthy();
    expect(screen.getByText("Your account and all related data will be deleted within 5 days.")).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ device_name: "web" });
    await waitFor(() => expect(window.localStorage.getItem("t")).toBeNull());
  });

  it("says when the confirmation failed and keeps the session", async () => {
    window.localStorage.setItem("t", "token");
    mockApi({ "POST user/confirm-remove/old": [404, { message: "This link is not valid." }] });
    renderPage(ConfirmPage, { path: "/confirm-remove/:code", at: "/confirm-remove/old" });
    expect(await screen.findByText(REMOVAL_FAILED)).toBeTruthy();
    expect(REMOVAL_FAILED).toBe("An error occurred while confirming your request");
    expect(window.localStorage.getItem("t")).toBe("token");
  });
});
