import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { aboutOffText, formatCount, heroTitle, roughSavingUnits } from "./sales-page.ts";

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

describe("the price reveal's saving", () => {
  it("says the spec's '(about $1700 off)' for $14.95 against a stated value of $1714.95", () => {
    expect(aboutOffText("USD", 171495, 1495)).toBe("(about $1700 off)");
    expect(aboutOffText("EUR", 171495, 1495)).toBe("(about €1700 off)");
  });

  it("rounds down, as people say it, and names no saving when there is none", () => {
    expect(aboutOffText("USD", 171495, 14999)).toBe("(about $1560 off)");
    expect(aboutOffText("USD", 171495, 1999)).toBe("(about $1690 off)");
    expect(roughSavingUnits(4599)).toBe(45);
    expect(roughSavingUnits(25999)).toBe(250);
    expect(aboutOffText("USD", 1495, 1495)).toBeNull();
    expect(aboutOffText("USD", 1550, 1495)).toBeNull();
    expect(aboutOffText("USD", 1000, 1495)).toBeNull();
  });

  it("never says more than the stated value less the price (generated)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (value, price) => {
        const words = aboutOffText("USD", value, price);
        if (words === null) {
          expect(value - price).toBeLessThan(100);
          return;
        }
        const said = Number(/\$(\d+) off/.exec(words)![1]) * 100;
        expect(said).toBeLessThanOrEqual(value - price);
        // And close to it: less than a ten below (a unit below, under a hundred).
        expect(value - price - said).toBeLessThan(value - price >= 10_000 ? 1000 : 100);
      }),
    );
  });
});
