import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { contentKeys, libraryKeys } from "./catalogue-keys";
import { packageKeys } from "./buying/api/packages";

describe("shared query keys", () => {
  it("a favourite's invalidation reaches every content list, item and library list, and nothing else", async () => {
    const client = new QueryClient();
    const keys = [
      contentKeys.list("cbt", ["calm"]),
      contentKeys.item("cbt", "5"),
      contentKeys.recommendations("cbt", 5, "all"),
      libraryKeys.list("favorite"),
    ];
    for (const key of keys) client.setQueryData(key, {});
    client.setQueryData(packageKeys.web({}), []);
    await client.invalidateQueries({ queryKey: contentKeys.all, refetchType: "none" });
    await client.invalidateQueries({ queryKey: libraryKeys.all, refetchType: "none" });
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(packageKeys.web({}))?.isInvalidated).toBe(false);
  });

  it("the same package filters in any order are one cached answer", () => {
    const client = new QueryClient();
    client.setQueryData(packageKeys.web({ place: "after_locked_content", currency: "EUR" }), ["cached"]);
    expect(client.getQueryData(packageKeys.web({ currency: "EUR", place: "after_locked_content" }))).toEqual(["cached"]);
    expect(client.getQueryData(packageKeys.web({ currency: "USD", place: "after_locked_content" }))).toBeUndefined();
  });
});
