import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../components/ui/toast-store";
import { pageLocation } from "../../features/settings/lib/page-reload";
import { useErrorStore } from "../../lib/error-store";
import { ANNUAL_STATUS as ANNUAL, canceled, FREE_STATUS as FREE, MONTHLY_STATUS as MONTHLY } from "../../test/account-status";
import { pkg } from "../../test/packages";
import { mockApi, renderPage } from "../../test/render";
import SettingsSubscriptionPage from "./settings-subscription";

/** USD only, so the region's currency falls back to USD wherever the test runs. */
const PACKAGES = [
  pkg(1, 1, 14.99),
  pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] }),
  pkg(5, 0, 149.99, { is_lifetime: true, tags: ["Best Value"] }),
  pkg(11, 1, 14.99, { provider: "paypal" }),
  pkg(14, 12, 59.99, { provider: "paypal", is_free_trial: true, trial_days: 7 }),
];

const CANCELED = canceled(MONTHLY);

/** GET stripe/subscription/preview ten days into a 31-day month of 14.99. */
const PREVIEW = {
  package_id: 4,
  plan: "Annual plan",
  currency: "USD",
  price_cents: 5999,
  price: "$59.99",
  credit_cents: 1016,
  credit: "$10.16",
  credit_until: "2026-06-03T12:00:00Z",
  due_today_cents: 4983,
  due_today: "$49.83",
  renews_at: "2027-05-13T09:30:00Z",
  quoted_at: "2026-05-13T09:30:00Z",
};

/** The confirmation's "Yes, upgrade", once what is due today has arrived. */
async function enabledConfirm() {
  const confirm = screen.getByRole("button", { name: "Yes, upgrade" }) as HTMLButtonElement;
  await waitFor(() => expect(confirm.disabled).toBe(false));
  return confirm;
}

const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);
const details = () => {
  const list = document.querySelector("dl")!;
  return Object.fromEntries(
    [...list.querySelectorAll("div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
  );
};

let reload: ReturnType<typeof vi.fn<() => void>>;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  window.localStorage.setItem("t", "token");
  reload = vi.fn<() => void>();
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(pageLocation, "reload").mockImplementation(reload);
  vi.spyOn(pageLocation, "assign").mockImplementation(assign);
});
afterEach(() => window.sessionStorage.clear());

describe("/settings/subscription", () => {
  it("has a back link to /settings and shows a free member the unlock-monthly offer", async () => {
    const api = mockApi({ "GET user/account-status": [200, FREE], "GET package/web": [200, { data: PACKAGES }] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    expect(
      within(screen.getByRole("main"))
        .getByRole("link", { name: /Settings/ })
        .getAttribute("href"),
    ).toBe("/settings");
    expect(await screen.findByRole("heading", { name: "Free" })).toBeTruthy();
    expect(details()).toEqual({ "Subscription type": "Free", "Member since": "—", "Subscription via": "—" });

    const offer = screen.getByRole("region", { name: "Unlock Serene" });
    expect(await within(offer).findByText("$14.99")).toBeTruthy();
    expect(within(offer).getByText("Billed every 1 month")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Go Annual" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    expect(api.named("GET user/account-status")[0]!.headers.Authorization).toBe("Bearer token");
  });

  it("opens the payment dialog for the card's monthly package", async () => {
    mockApi({ "GET user/account-status": [200, FREE], "GET package/web": [200, { data: PACKAGES }] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const start = await screen.findByRole("button", { name: "Start Monthly Plan" });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup().click(start);
    const dialog = await screen.findByRole("dialog", { name: "Select payment method" });
    expect(within(dialog).getByText("1-Month Plan · Billed every 1 month")).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Select payment method" })).toBeNull());
  });

  it("reloads the page once the payment dialog reports the purchase done", async () => {
    const api = mockApi({
      "GET user/account-status": [200, FREE],
      "GET package/web": [200, { data: PACKAGES }],
      "GET stripe/setup-intent": [200, { api_key: "pk_sandbox", client_secret: "seti_1_secret_2", mode: "sandbox" }],
      "POST sandbox/card/confirm": [200, { status: "succeeded", payment_method: "pm_1", setup_intent: "seti_1" }],
      "POST stripe/payment-method": [200, { message: "Successfully subscribed!", redirect_url: null, subscription_type: "Monthly" }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    const start = await screen.findByRole("button", { name: "Start Monthly Plan" });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await user.click(start);
    const dialog = await screen.findByRole("dialog", { name: "Select payment method" });
    await user.click(within(dialog).getByRole("radio", { name: /Credit card/ }));
    await user.type(await within(dialog).findByLabelText("Card number"), "4242424242424242");
    await user.type(within(dialog).getByLabelText("Expiry"), "1234");
    await user.type(within(dialog).getByLabelText("CVC"), "123");
    await user.click(within(dialog).getByRole("button", { name: "Try Serene now" }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.named("POST stripe/payment-method")[0]!.body).toMatchObject({ package_id: 1 });
    expect(window.sessionStorage.getItem("settings-notice")).toBe("Successfully subscribed!");
    // The dialog said it once; the reloaded page says it again.
    expect(toasts()).toEqual(["Successfully subscribed!"]);
  });

  it("says 'There is no package for a month' when there is no monthly card package", async () => {
    mockApi({ "GET user/account-status": [200, FREE], "GET package/web": [200, { data: PACKAGES.filter((p) => p.id !== 1) }] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const start = await screen.findByRole("button", { name: "Start Monthly Plan" });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup().click(start);
    expect(toasts()).toEqual(["There is no package for a month"]);
    expect(useToastStore.getState().toasts[0]!.kind).toBe("error");
    expect(screen.queryByRole("dialog", { name: "Select payment method" })).toBeNull();
  });

  it("shows a monthly card member the plan, the renewal, the upgrade to annual and cancel", async () => {
    mockApi({ "GET user/account-status": [200, MONTHLY], "GET package/web": [200, { data: PACKAGES }] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    expect(await screen.findByRole("heading", { name: "Monthly" })).toBeTruthy();
    expect(details()).toEqual({
      "Subscription type": "Monthly",
      "Member since": "March 3, 2026",
      "Subscription via": "Card",
      "Renews on": "June 3, 2026",
    });
    expect(screen.getByText("Active")).toBeTruthy();
    const upgrade = screen.getByRole("region", { name: "Go Annual" });
    expect(await within(upgrade).findByText("$59.99")).toBeTruthy();
    // A year of monthly costs 179.88: the annual plan saves 119.89, and is 5.00 a month.
    expect(within(upgrade).getByText("$119.89")).toBeTruthy();
    expect(within(upgrade).getByText("That is $5.00 a month")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upgrade to Annual" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel subscription" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Unlock Serene" })).toBeNull();
  });

  it("upgrades after a confirmation: PUT with the annual package and an Idempotency-Key, then 'Successfully subscribed!' and a reload", async () => {
    const api = mockApi({
      "GET user/account-status": [200, MONTHLY],
      "GET package/web": [200, { data: PACKAGES }],
      "GET stripe/subscription/preview": [200, PREVIEW],
      "PUT stripe/subscription": [200, { message: "Successfully subscribed!", redirect_url: null, subscription_type: "Annual" }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Upgrade to Annual" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Upgrade to Annual?" });
    expect(await within(dialog).findByText("$59.99")).toBeTruthy();
    expect(api.named("PUT stripe/subscription")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Yes, upgrade" }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const [put] = api.named("PUT stripe/subscription");
    // With the preview's moment: the member is charged what they were shown.
    expect(put!.body).toEqual({ package_id: 4, quoted_at: PREVIEW.quoted_at });
    expect(put!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(put!.headers.Authorization).toBe("Bearer token");
    expect(toasts()).toEqual(["Successfully subscribed!"]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows what is due today before the member confirms: the annual price, the credit for the unused month, 'Due today'", async () => {
    let answer: [number, unknown] = [500, { message: "Server Error" }];
    const api = mockApi({
      "GET user/account-status": [200, MONTHLY],
      "GET package/web": [200, { data: PACKAGES }],
      "GET stripe/subscription/preview": () => answer as [number, Record<string, unknown>],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Upgrade to Annual" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Upgrade to Annual?" });
    const confirm = within(dialog).getByRole("button", { name: "Yes, upgrade" }) as HTMLButtonElement;
    // Nothing can be confirmed until the figures are in; a failure says so calmly, without the error toast.
    expect(confirm.disabled).toBe(true);
    expect(await within(dialog).findByRole("alert", {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText(/What is due today could not be worked out just now/)).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    expect(useErrorStore.getState().message).toBeNull();

    answer = [200, PREVIEW];
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await within(dialog).findByText("Due today", {}, { timeout: 5000 });
    const terms = Object.fromEntries(
      [...dialog.querySelectorAll("dl > div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
    );
    expect(terms).toEqual({
      "Annual plan": "$59.99",
      "Credit for the unused part of your Monthly plan (until June 3, 2026)": "−$10.16",
      "Due today": "$49.83",
    });
    expect(within(dialog).getByText("Your Monthly plan becomes the Annual plan, renewing on May 13, 2027.")).toBeTruthy();
    await waitFor(() => expect(confirm.disabled).toBe(false));
    const [call] = api.named("GET stripe/subscription/preview");
    expect(call!.query.get("package_id")).toBe("4");
    expect(api.named("PUT stripe/subscription")).toHaveLength(0);
  });

  it("says when a wallet bills the new plan itself instead of naming a figure for today", async () => {
    mockApi({
      "GET user/account-status": [200, { ...MONTHLY, subscription_via: "paypal" }],
      "GET package/web": [200, { data: PACKAGES }],
      "GET paypal/subscription/preview": [
        200,
        { ...PREVIEW, package_id: 14, credit_cents: 0, credit: null, credit_until: null, due_today_cents: null, due_today: null },
      ],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Upgrade to Annual" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Upgrade to Annual?" });
    expect(
      await within(dialog).findByText("PayPal charges $59.99 for the year on its own billing date.", {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(dialog).queryByText("Due today")).toBeNull();
  });

  it("uses a new Idempotency-Key for each attempt, and shows the server's message when the upgrade fails", async () => {
    let attempt = 0;
    const api = mockApi({
      "GET user/account-status": [200, MONTHLY],
      "GET package/web": [200, { data: PACKAGES }],
      "GET stripe/subscription/preview": [200, PREVIEW],
      "PUT stripe/subscription": () =>
        ++attempt === 1
          ? [402, { message: "Your card was declined." }]
          : [200, { message: "Successfully subscribed!", redirect_url: null, subscription_type: "Annual" }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Upgrade to Annual" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await user.click(await enabledConfirm());
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upgrade to Annual?" })).toBeNull());
    expect(useErrorStore.getState().message).toBe("Your card was declined.");
    expect(reload).not.toHaveBeenCalled();

    await user.click(button);
    await user.click(await enabledConfirm());
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const keys = api.named("PUT stripe/subscription").map((call) => call.headers["Idempotency-Key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("goes to the bank's approval page when the upgrade needs it", async () => {
    mockApi({
      "GET user/account-status": [200, MONTHLY],
      "GET package/web": [200, { data: PACKAGES }],
      "GET stripe/subscription/preview": [200, PREVIEW],
      "PUT stripe/subscription": [
        200,
        { message: "need approve", redirect_url: "https://bank.example/approve?id=1", subscription_type: null },
      ],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Upgrade to Annual" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await user.click(await enabledConfirm());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(String(assign.mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe("https://bank.example/approve");
    expect(url.searchParams.get("redirect")).toBe(window.location.pathname);
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows an annual member only cancel", async () => {
    mockApi({ "GET user/account-status": [200, ANNUAL], "GET package/web": [200, { data: PACKAGES }] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    expect(await screen.findByRole("heading", { name: "Annual" })).toBeTruthy();
    expect(details()["Renews on"]).toBe("March 3, 2027");
    expect(screen.getByRole("button", { name: "Cancel subscription" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade to Annual" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Unlock Serene" })).toBeNull();
  });

  it("cancels after 'Are you sure?' and Yes: DELETE to the provider, 'Successfully canceled!' and a reload", async () => {
    const api = mockApi({
      "GET user/account-status": [200, { ...ANNUAL, subscription_via: "PayPal" }],
      "DELETE subscription/web/cancel/paypal": [200, { message: "Successfully canceled!" }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    const dialog = screen.getByRole("dialog", { name: "Are you sure?" });
    expect(within(dialog).getByText(/You keep access until March 3, 2027/)).toBeTruthy();
    expect(api.named("DELETE subscription/web/cancel/paypal")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.named("DELETE subscription/web/cancel/paypal")).toHaveLength(1);
    expect(toasts()).toEqual(["Successfully canceled!"]);
  });

  it("keeps the subscription when the member says no", async () => {
    const api = mockApi({ "GET user/account-status": [200, ANNUAL] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    await user.click(screen.getByRole("button", { name: "No, keep it" }));
    expect(screen.queryByRole("dialog", { name: "Are you sure?" })).toBeNull();
    expect(api.calls.filter((call) => call.method === "DELETE")).toHaveLength(0);
  });

  it("ignores a failed cancellation: no toast, no reload", async () => {
    mockApi({ "GET user/account-status": [200, ANNUAL], "DELETE subscription/web/cancel/stripe": [500, { message: "Server Error" }] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    await user.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Are you sure?" })).toBeNull());
    expect(toasts()).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows a canceled subscription's last day and no cancel", async () => {
    mockApi({ "GET user/account-status": [200, CANCELED], "GET package/web": [200, { data: PACKAGES }] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    expect(await screen.findByRole("heading", { name: "Monthly" })).toBeTruthy();
    expect(details()["Access until"]).toBe("June 3, 2026");
    expect(details()["Renews on"]).toBeUndefined();
    expect(screen.getByText("Canceled")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
  });

  it("shows the toast a reload carried over", async () => {
    window.sessionStorage.setItem("settings-notice", "Successfully canceled!");
    mockApi({ "GET user/account-status": [200, CANCELED] });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    await waitFor(() => expect(toasts()).toEqual(["Successfully canceled!"]));
    expect(window.sessionStorage.getItem("settings-notice")).toBeNull();
  });
});
