import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../components/ui/toast-store";
import { printer } from "../../features/settings/components/receipt-view";
import { pageLocation } from "../../features/settings/lib/page-reload";
import { useErrorStore } from "../../lib/error-store";
import { ANNUAL_STATUS as ANNUAL, canceled } from "../../test/account-status";
import { mockApi, renderPage } from "../../test/render";
import SettingsReceiptPage from "./settings-receipt";
import SettingsSubscriptionPage from "./settings-subscription";

/** /settings/subscription's money: price, next charge, what pays, receipts, resume; and one receipt's page. */

const BILLING = {
  plan: "Annual",
  status: "active",
  provider: "stripe",
  price: "$59.99",
  billing_period: "year",
  next_charge_at: "2027-03-03T12:00:00Z",
  next_charge_amount: "$59.99",
  access_until: "2027-03-03T12:00:00Z",
  payment_method: "Visa •••• 4242",
  can_resume: false,
};
const CANCELED = canceled(ANNUAL);
const CANCELED_BILLING = { ...BILLING, status: "canceled", next_charge_at: null, next_charge_amount: null, can_resume: true };
const RECEIPT = {
  id: "3f2a9c1d-0b7e-4c55-9a11-2b3c4d5e6f70",
  reference: "SR-20260303-3F2A9C1D",
  item: "Annual plan",
  amount_cents: 5999,
  amount: "$59.99",
  credit_cents: 0,
  credit: null,
  price: null,
  currency: "USD",
  paid_at: "2026-03-03T12:00:00Z",
  status: "paid",
  period_start: "2026-03-03T12:00:00Z",
  period_end: "2027-03-03T12:00:00Z",
  paid_with: "Visa •••• 4242",
};

const detailsOf = (region: HTMLElement) =>
  Object.fromEntries(
    [...region.querySelectorAll("dl > div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
  );

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  window.localStorage.setItem("t", "token");
  reload = vi.fn<() => void>();
  vi.spyOn(pageLocation, "reload").mockImplementation(reload);
});
afterEach(() => window.sessionStorage.clear());

describe("/settings/subscription: how you pay and receipts", () => {
  it("shows the price, the next charge and the card, and lists the receipts with a link to each", async () => {
    mockApi({
      "GET user/account-status": [200, ANNUAL],
      "GET user/billing": [200, BILLING],
      "GET user/receipts": [200, { data: [RECEIPT] }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const pay = await screen.findByRole("region", { name: "How you pay" }, { timeout: 5000 });
    expect(detailsOf(pay)).toEqual({
      Price: "$59.99 a year",
      "Next charge": "$59.99 on March 3, 2027",
      "Payment method": "Visa •••• 4242",
    });
    const receipts = screen.getByRole("region", { name: "Receipts" });
    expect(await within(receipts).findByText("Annual plan", {}, { timeout: 5000 })).toBeTruthy();
    expect(within(receipts).getByText("$59.99")).toBeTruthy();
    expect(within(receipts).getByText("March 3, 2026 · SR-20260303-3F2A9C1D")).toBeTruthy();
    expect(within(receipts).getByRole("link", { name: "View receipt SR-20260303-3F2A9C1D" }).getAttribute("href")).toBe(
      `/settings/subscription/receipts/${RECEIPT.id}`,
    );
    expect(screen.queryByRole("region", { name: "Changed your mind?" })).toBeNull();
  });

  it("says so when there are no receipts yet, and prices a quarterly plan per three months", async () => {
    mockApi({
      "GET user/account-status": [200, { ...ANNUAL, subscription_type: "3 Months" }],
      "GET user/billing": [
        200,
        { ...BILLING, plan: "3 Months", price: "$39.99", billing_period: "3 months", next_charge_amount: "$39.99" },
      ],
      "GET user/receipts": [200, { data: [] }],
      "GET package/web": [200, { data: [] }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const pay = await screen.findByRole("region", { name: "How you pay" }, { timeout: 5000 });
    expect(detailsOf(pay).Price).toBe("$39.99 every 3 months");
    expect(await screen.findByText(/No receipts yet/, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("offers 'Resume' for a cancelled subscription in its period: POST to the provider, the notice and a reload", async () => {
    const api = mockApi({
      "GET user/account-status": [200, CANCELED],
      "GET user/billing": [200, CANCELED_BILLING],
      "GET user/receipts": [200, { data: [RECEIPT] }],
      "POST subscription/web/resume/stripe": [200, { message: "Your subscription is running again." }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const resume = await screen.findByRole("region", { name: "Changed your mind?" }, { timeout: 5000 });
    expect(resume.textContent).toContain("Your subscription is canceled and ends on March 3, 2027.");
    expect(detailsOf(screen.getByRole("region", { name: "How you pay" }))["Next charge"]).toBe("None, your plan will not renew");
    await userEvent.setup().click(within(resume).getByRole("button", { name: "Resume subscription" }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.named("POST subscription/web/resume/stripe")).toHaveLength(1);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain("Your subscription is running again.");
  });

  it("shows the server's message when resuming is refused, and does not reload", async () => {
    mockApi({
      "GET user/account-status": [200, CANCELED],
      "GET user/billing": [200, CANCELED_BILLING],
      "GET user/receipts": [200, { data: [] }],
      "POST subscription/web/resume/stripe": [
        409,
        { message: "This subscription has already ended. You are welcome to choose a plan again." },
      ],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Resume subscription" }, { timeout: 5000 }));
    await waitFor(() =>
      expect(useErrorStore.getState().message).toBe("This subscription has already ended. You are welcome to choose a plan again."),
    );
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("/settings/subscription/receipts/:id", () => {
  it("shows the receipt with every detail and prints it", async () => {
    const print = vi.spyOn(printer, "print").mockImplementation(() => {});
    const api = mockApi({ [`GET user/receipts/${RECEIPT.id}`]: [200, RECEIPT] });
    renderPage(SettingsReceiptPage, { path: "/settings/subscription/receipts/:id", at: `/settings/subscription/receipts/${RECEIPT.id}` });
    const sheet = await screen.findByRole("article", { name: "Receipt" }, { timeout: 5000 });
    expect(detailsOf(sheet)).toEqual({
      Reference: "SR-20260303-3F2A9C1D",
      Date: "March 3, 2026",
      Plan: "Serene Annual plan",
      Period: "March 3, 2026 to March 3, 2027",
      "Paid with": "Visa •••• 4242",
      Currency: "USD",
      Status: "Paid",
    });
    expect(within(sheet).getByText("$59.99")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Subscription/ }).getAttribute("href")).toBe("/settings/subscription");
    await userEvent.setup().click(within(sheet).getByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(api.named(`GET user/receipts/${RECEIPT.id}`)[0]!.headers.Authorization).toBe("Bearer token");
  });

  it("shows an upgrade's price and its credit for the unused month above the total charged, in the list too", async () => {
    const upgraded = {
      ...RECEIPT,
      amount_cents: 4983,
      amount: "$49.83",
      credit_cents: 1016,
      credit: "$10.16",
      price: "$59.99",
      period_start: null,
      period_end: null,
    };
    mockApi({ [`GET user/receipts/${RECEIPT.id}`]: [200, upgraded] });
    renderPage(SettingsReceiptPage, { path: "/settings/subscription/receipts/:id", at: `/settings/subscription/receipts/${RECEIPT.id}` });
    const sheet = await screen.findByRole("article", { name: "Receipt" }, { timeout: 5000 });
    expect(detailsOf(sheet)).toMatchObject({ Price: "$59.99", "Credit for unused time": "−$10.16" });
    expect(within(sheet).getByText("Total").parentElement!.textContent).toBe("Total$49.83");

    cleanup();
    mockApi({
      "GET user/account-status": [200, ANNUAL],
      "GET user/billing": [200, BILLING],
      "GET user/receipts": [200, { data: [upgraded] }],
    });
    renderPage(SettingsSubscriptionPage, { at: "/settings/subscription" });
    const receipts = await screen.findByRole("region", { name: "Receipts" }, { timeout: 5000 });
    expect(await within(receipts).findByText("March 3, 2026 · SR-20260303-3F2A9C1D · $10.16 credit", {}, { timeout: 5000 })).toBeTruthy();
    expect(within(receipts).getByText("$49.83")).toBeTruthy();
  });

  it("says calmly that a receipt that is not the member's was not found", async () => {
    mockApi({ "GET user/receipts/nope": [404, { message: "This receipt was not found." }] });
    renderPage(SettingsReceiptPage, { path: "/settings/subscription/receipts/:id", at: "/settings/subscription/receipts/nope" });
    expect(await screen.findByText(/This receipt was not found/, {}, { timeout: 5000 })).toBeTruthy();
    expect(useErrorStore.getState().message).toBeFalsy();
  });
});
