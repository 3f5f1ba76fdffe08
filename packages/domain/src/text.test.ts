import { describe, expect, it } from "vitest";
import { interpolate, snakeCaseEventName } from "./text";
import { validationSummary } from "./validation-message";

describe("interpolate", () => {
  it("fills known placeholders and keeps unknown ones visible", () => {
    expect(interpolate("Unlock {product} at {email} {missing}", { product: "Serene", email: "a@b.c" })).toBe(
      "Unlock Serene at a@b.c {missing}",
    );
  });
});

describe("validationSummary", () => {
  it("gives the first message and counts the rest", () => {
    expect(validationSummary({ email: ["A.", "B."], name: ["C."] })).toBe("A. (and 2 more errors)");
    expect(validationSummary({ email: ["A.", "B."] })).toBe("A. (and 1 more error)");
    expect(validationSummary({ email: ["A."] })).toBe("A.");
    expect(validationSummary({})).toBe("The given data was invalid.");
  });
});

describe("snakeCaseEventName", () => {
  it("turns pixel-style names into first-party event names", () => {
    expect(snakeCaseEventName("StartTrial")).toBe("start_trial");
    expect(snakeCaseEventName("page_view")).toBe("page_view");
    expect(snakeCaseEventName("Checkout Start")).toBe("checkout_start");
  });
});
