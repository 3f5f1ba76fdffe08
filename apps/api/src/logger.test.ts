import { describe, expect, it } from "vitest";
import { redactUrl } from "./logger";

describe("redactUrl", () => {
  it("hides the values of secret query parameters", () => {
    expect(redactUrl("/api/v1/user/recovery-password?email=a%40b.c&token=abc123&t=1700")).toBe(
      "/api/v1/user/recovery-password?email=a%40b.c&token=%5Bredacted%5D&t=1700",
    );
    expect(redactUrl("/x?tmp_token=zzz")).not.toContain("zzz");
  });

  it("leaves other addresses alone", () => {
    expect(redactUrl("/api/v1/faq?page=2")).toBe("/api/v1/faq?page=2");
    expect(redactUrl("/api/v1/ping")).toBe("/api/v1/ping");
  });
});
