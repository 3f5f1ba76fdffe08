import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ComingSoonFunnelDefinitions, ComingSoonLeadBody } from "./coming-soon.ts";

const shipped = ComingSoonFunnelDefinitions.parse(
  JSON.parse(readFileSync(new URL("../../../content/demo/coming-soon.json", import.meta.url), "utf8")),
);

describe("the shipped coming-soon funnels (content/demo/coming-soon.json)", () => {
  it("parse, with unique keys, one default, both themes and images the web app ships", () => {
    expect(shipped.length).toBeGreaterThanOrEqual(2);
    expect(shipped.filter((funnel) => funnel.default)).toHaveLength(1);
    expect(new Set(shipped.map((funnel) => funnel.color_theme))).toEqual(new Set(["white", "green"]));
    for (const funnel of shipped) {
      const image = new URL(`../../../apps/web/public${funnel.material_image}`, import.meta.url);
      expect(readFileSync(image, "utf8"), funnel.key).toMatch(/^<svg /);
      if (funnel.store_links) expect(funnel.app_store_icon, funnel.key).toBe("other");
    }
  });

  it("refuse a file without a default or with a repeated key", () => {
    const [first] = shipped;
    expect(ComingSoonFunnelDefinitions.safeParse([{ ...first, default: false }]).success).toBe(false);
    expect(ComingSoonFunnelDefinitions.safeParse([first, { ...first, default: false }]).success).toBe(false);
  });
});

describe("the coming-soon lead body", () => {
  it("names each broken field with the spec's wording", () => {
    const result = ComingSoonLeadBody.safeParse({ first_name: " ", last_name: "x".repeat(101), email: "nope" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      first_name: "The first name field is required.",
      last_name: "The last name field must not be greater than 100 characters.",
      email: "The email field must be a valid email address.",
      user_id: "The user id field is required.",
    });
  });
});
