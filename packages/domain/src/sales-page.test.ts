import { describe, expect, it } from "vitest";
import { formatCount, heroTitle } from "./sales-page";

describe("sales page words", () => {
  it("greets by first name, or with 'This' when nobody is known", () => {
    expect(heroTitle("{name} is five minutes away", "Maya Rose")).toBe("Maya is five minutes away");
    expect(heroTitle("{name} is five minutes away", "  ")).toBe("This is five minutes away");
    expect(heroTitle("{name} is five minutes away", null)).toBe("This is five minutes away");
  });

  it("writes counts with thousands separators", () => {
    expect(formatCount(1249)).toBe("1,249");
    expect(formatCount(12)).toBe("12");
  });
});
