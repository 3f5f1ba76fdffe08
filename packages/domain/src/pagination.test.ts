import { describe, expect, it } from "vitest";
import { pageMeta, pageOffset } from "./pagination.ts";

describe("pagination", () => {
  it("computes the offset of a page", () => {
    expect(pageOffset({ page: 1, perPage: 20 })).toBe(0);
    expect(pageOffset({ page: 3, perPage: 20 })).toBe(40);
  });

  it("rounds the last page up and keeps one page for an empty list", () => {
    expect(pageMeta(41, { page: 2, perPage: 20 })).toEqual({ current_page: 2, per_page: 20, total: 41, last_page: 3 });
    expect(pageMeta(40, { page: 1, perPage: 20 }).last_page).toBe(2);
    expect(pageMeta(0, { page: 1, perPage: 20 }).last_page).toBe(1);
  });
});
