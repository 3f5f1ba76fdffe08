import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { analytics } from "../../../lib/analytics";
import { useErrorStore } from "../../../lib/error-store";
import { mockApi, renderPage, tooManyRequests, validation } from "../../../test/render";
import { RegisterForm } from "./register-form";

const location = () => screen.getByTestId("location").textContent;
const registered = [200, { token: "new-token", status: 200, message: "Registered." }] as [number, unknown];

async function signUp({ name = "Maya", email = "maya@example.com", password = "a calm password" } = {}) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText("First Name"), name);
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
}

describe("registration form", () => {
  it("sends name, e-mail, password, an empty phone and platform web as form data", async () => {
    const api = mockApi({ "POST user": registered });
    renderPage(RegisterForm, { at: "/create-account?statistic_id=st-9" });
    await signUp();
    await waitFor(() => expect(api.named("POST user")).toHaveLength(1));
    expect(api.calls[0]!.body).toEqual({
      name: "Maya",
      email: "maya@example.com",
      password: "a calm password",
      phone: "",
      platform: "web",
      statistic_id: "st-9",
    });
  });

  it("shows every server message under each field", async () => {
    mockApi({
      "POST user": validation({
        name: ["The name field is required."],
        email: ["The email field is required."],
        password: [
          "The password field must be at least 8 characters.",
          "This password is too common. Please choose a less common password.",
        ],
      }),
    });
    renderPage(RegisterForm, { at: "/create-account" });
    await signUp({ name: "", email: "", password: "abc" });
    expect(await screen.findByText("The password field must be at least 8 characters.")).toBeTruthy();
    expect(screen.getByText("This password is too common. Please choose a less common password.")).toBeTruthy();
    expect(screen.getByText("The name field is required.")).toBeTruthy();
    expect(screen.getByText("The email field is required.")).toBeTruthy();
    expect(window.localStorage.getItem("t")).toBeNull();
  });

  it("stops with the server's message as an error notice when the address already has an account (208)", async () => {
    mockApi({ "POST user": [208, { token: null, status: 208, message: "This email is already registered." }] });
    const track = vi.spyOn(analytics, "track");
    renderPage(RegisterForm, { at: "/create-account" });
    await signUp();
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("This email is already registered.");
    expect(window.localStorage.getItem("t")).toBeNull();
    expect(track).not.toHaveBeenCalled();
    expect(screen.queryByTestId("location")).toBeNull();
  });

  it("shows the server's message above the fields when asked too often (429), with the Retry-After wait, and no toast", async () => {
    mockApi({ "POST user": tooManyRequests("Too many requests. Please wait a moment and try again.", 120) });
    renderPage(RegisterForm, { at: "/create-account" });
    await signUp();
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toBe("Too many requests. Please wait a moment and try again. You can try again in 2 minutes.");
    expect(useErrorStore.getState().flag).toBe(false);
    expect(window.localStorage.getItem("t")).toBeNull();
  });

  it("keeps the server's own wait when its 429 message already names one", async () => {
    mockApi({ "POST user": tooManyRequests("Too many attempts. Please try again in 45 seconds.", 45) });
    renderPage(RegisterForm, { at: "/create-account" });
    await signUp();
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please try again in 45 seconds.");
  });

  it("stores the token, records the registration with the vsl id and goes home", async () => {
    mockApi({ "POST user": registered });
    const track = vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    renderPage(RegisterForm, { at: "/create-account?vsl_id=vsl-7" });
    await signUp();
    await waitFor(() => expect(location()).toBe("/home"));
    expect(window.localStorage.getItem("t")).toBe("new-token");
    expect(track).toHaveBeenCalledWith("CompleteRegistration", { vsl_id: "vsl-7" });
    // A plain registration: /home offers the after_registration packages once.
    expect(window.localStorage.getItem("offer-after-registration")).toBe("1");
  });

  it("goes to the redirect path with the redirect parameters merged in", async () => {
    mockApi({ "POST user": registered });
    renderPage(RegisterForm, {
      at: `/create-account?redirect=${encodeURIComponent("/checkout/5?a=1")}&redirectParams=${encodeURIComponent('{"plan":"yearly"}')}`,
    });
    await signUp();
    await waitFor(() => expect(location()).toBe("/checkout/5?a=1&plan=yearly"));
    expect(window.localStorage.getItem("offer-after-registration")).toBeNull();
  });

  it("goes to the quiz results when a quiz is in progress", async () => {
    window.localStorage.setItem("quiz", "1");
    mockApi({ "POST user": registered });
    renderPage(RegisterForm, { at: "/create-account" });
    await signUp();
    await waitFor(() => expect(location()).toBe("/quiz-results"));
    expect(window.localStorage.getItem("offer-after-registration")).toBeNull();
  });

  it("marks a custom quiz completed and goes to its dynamic results", async () => {
    window.localStorage.setItem("quiz", "1");
    window.localStorage.setItem(
      "quiz-form",
      JSON.stringify({ email: "maya@example.com", isQuizCompleted: false, slug: "calm-sleep", isCustomQuiz: true }),
    );
    mockApi({ "POST user": registered });
    renderPage(RegisterForm, { at: "/create-account" });
    await signUp();
    await waitFor(() => expect(location()).toBe("/quiz-dynamic-results/calm-sleep"));
    expect(JSON.parse(window.localStorage.getItem("quiz-form")!)).toEqual({
      email: "maya@example.com",
      isQuizCompleted: true,
      slug: "calm-sleep",
      isCustomQuiz: true,
    });
  });

  it("links to log in with the same query string, and to the terms and privacy policy", () => {
    renderPage(RegisterForm, { at: "/create-account?redirect=%2Fcheckout%2F1" });
    expect(screen.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/login?redirect=%2Fcheckout%2F1");
    expect(screen.getByRole("link", { name: "Terms & Conditions" }).getAttribute("href")).toBe("/terms-conditions");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
  });
});

describe("registration of a lead (u=lead)", () => {
  it("fills in name and e-mail read-only and sends only the password, the statistic id and the link's own token", async () => {
    const api = mockApi({
      "GET lead/statistic/st-1": [200, { name: "Lena", email: "lena@example.com" }],
      "POST user": registered,
    });
    renderPage(RegisterForm, { at: "/registration?u=lead&statistic_id=st-1&token=inbox-token" });
    const name = screen.getByLabelText<HTMLInputElement>("First Name");
    const email = screen.getByLabelText<HTMLInputElement>("Email");
    await waitFor(() => expect(name.value).toBe("Lena"));
    expect(email.value).toBe("lena@example.com");
    expect(name.readOnly).toBe(true);
    expect(email.readOnly).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Password"), "a calm password");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    await waitFor(() => expect(api.named("POST user")).toHaveLength(1));
    expect(api.named("POST user")[0]!.body).toEqual({
      password: "a calm password",
      statistic_id: "st-1",
      token: "inbox-token",
      platform: "web",
    });
  });

  it("falls back to the ordinary form when the lead is unknown", async () => {
    const api = mockApi({ "GET lead/statistic/gone": [404, { message: "Not found." }], "POST user": registered });
    renderPage(RegisterForm, { at: "/registration?u=lead&statistic_id=gone" });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("First Name").readOnly).toBe(false));
    await signUp();
    await waitFor(() => expect(api.named("POST user")).toHaveLength(1));
    expect(api.named("POST user")[0]!.body).toMatchObject({ name: "Maya", email: "maya@example.com", statistic_id: "gone" });
  });

  it("is an ordinary registration without a statistic id", () => {
    mockApi({});
    renderPage(RegisterForm, { at: "/registration?u=lead" });
    expect(screen.getByLabelText<HTMLInputElement>("First Name").readOnly).toBe(false);
  });
});
