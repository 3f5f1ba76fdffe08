import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { leadKeys } from "../../../lib/server-data/lead";
import { leadStatisticKeys } from "./lead-statistic";

describe("a pre-registered lead's name and e-mail", () => {
  it("are cached apart from the lead's detail with the same id, whichever is read first", () => {
    const client = new QueryClient();
    const id = "7f1c2a9e-3b4d-4c5e-8f6a-1b2c3d4e5f60";
    client.setQueryData(leadKeys.detail(id), { id, goal: "sleep" });
    client.setQueryData(leadStatisticKeys.detail(id), { name: "Ada", email: "ada@example.com" });
    expect(client.getQueryData(leadKeys.detail(id))).toEqual({ id, goal: "sleep" });
    expect(client.getQueryData(leadStatisticKeys.detail(id))).toEqual({ name: "Ada", email: "ada@example.com" });
    expect(client.getQueryCache().findAll({ queryKey: leadKeys.all })).toHaveLength(1);
  });
});
