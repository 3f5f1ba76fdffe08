import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AnalyticsEventBody, RecommendationQuery, SessionReportBody, WalletReturnBody } from "./index.ts";

/** The messages a request schema gives for a body, by field: what the API answers in its 422. */
function problemsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  expect(result.success, "the schema accepted the input").toBe(false);
  const problems: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (problems[issue.path.join(".")] ??= []).push(issue.message);
  return problems;
}

describe("listening session reports (spec 001 section 3)", () => {
  const valid = { start_session: "2026-01-31T08:30:00Z", end_session: "2026-01-31T08:40:00Z" };

  it("accepts UTC times to the second", () => {
    expect(SessionReportBody.parse(valid)).toEqual(valid);
  });

  it("names a missing time, a time not to the second in UTC, and an impossible date", () => {
    expect(problemsOf(SessionReportBody, { end_session: valid.end_session })).toEqual({
      start_session: ["The start session field is required."],
    });
    expect(problemsOf(SessionReportBody, { ...valid, end_session: "2026-01-31T08:40:00.000Z" })).toEqual({
      end_session: ["The end session must be a UTC time to the second, like 2026-01-31T08:30:00Z.", "The end session is not a valid date."],
    });
    expect(problemsOf(SessionReportBody, { ...valid, start_session: "2026-02-30T08:30:00Z" })).toEqual({
      start_session: ["The start session is not a valid date."],
    });
  });

  it("refuses a model that is not a content section", () => {
    expect(problemsOf(SessionReportBody, { ...valid, id: 1, model: "podcast" })).toEqual({ model: ["The selected model is invalid."] });
  });
});

describe("tag filters", () => {
  it("reads comma-separated slugs, trimmed and lower-cased", () => {
    expect(RecommendationQuery.parse({ tags: " Anxiety,sleep ,", is_tags_inclusive: "1" })).toMatchObject({
      tags: ["anxiety", "sleep"],
      is_tags_inclusive: true,
    });
  });

  it("refuses what is not a slug, more than 20 tags, and a flag that is not true or false", () => {
    expect(problemsOf(RecommendationQuery, { tags: "anxiety,<script>" })).toEqual({ tags: ["Each tag must be a tag slug."] });
    expect(problemsOf(RecommendationQuery, { tags: Array.from({ length: 21 }, (_, i) => `tag-${i}`).join(",") })).toEqual({
      tags: ["No more than 20 tags may be given."],
    });
    expect(problemsOf(RecommendationQuery, { is_tags_inclusive: "maybe" })).toEqual({
      is_tags_inclusive: ["The is_tags_inclusive field must be true or false."],
    });
  });
});

describe("the wallet's return", () => {
  it("needs the order token or the subscription id", () => {
    expect(WalletReturnBody.parse({ subscription_id: "I-1", ba_token: "BA-1" })).toEqual({ subscription_id: "I-1", ba_token: "BA-1" });
    expect(problemsOf(WalletReturnBody, { ba_token: "BA-1" })).toEqual({ token: ["The token field is required."] });
    const crowded = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`field_${i}`, "x"]));
    expect(problemsOf(WalletReturnBody, { ...crowded, token: "EC-1" })).toEqual({ "": ["Too many fields."] });
  });
});

describe("first-party analytics events", () => {
  it("refuses an event name that is not snake case and more than 20 properties", () => {
    expect(problemsOf(AnalyticsEventBody, { name: "Page View", path: "/" })).toEqual({
      name: ["The name may only contain lower-case letters, digits and underscores."],
    });
    const properties = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    expect(problemsOf(AnalyticsEventBody, { name: "page_view", path: "/", properties })).toEqual({
      properties: ["At most 20 properties are allowed."],
    });
  });
});
