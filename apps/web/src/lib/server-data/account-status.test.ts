import { describe, expect, it } from "vitest";
import { isSubscriber } from "./account-status";

describe("isSubscriber", () => {
  it("is true for a member with a subscription type", () => {
    expect(isSubscriber({ subscription_type: "Annual" })).toBe(true);
    expect(isSubscriber({ subscription_type: "Monthly" })).toBe(true);
  });

  it("is false when the subscription type is null or an empty string (a free member)", () => {
    expect(isSubscriber({ subscription_type: null })).toBe(false);
    expect(isSubscriber({ subscription_type: "" })).toBe(false);
  });

  it("is false while the status is unknown", () => {
    expect(isSubscriber(undefined)).toBe(false);
    expect(isSubscriber(null)).toBe(false);
  });
});
