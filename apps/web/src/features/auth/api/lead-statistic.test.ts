import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { leadKeys } from "../../../lib/server-data/lead";
import { leadStatisticKeys } from "./lead-statistic";

const id = "7f1c2a9e-3b4d-4c5e-8f6a-1b2c3d4e5f60";
const detail = { id, goal: "sleep" };
const statistic = { name: "Ada", email: "ada@example.com" };

describe("a pre-registered lead's name and e-mail", () => {
  it.each([
    { order: "the lead's detail first", statisticFirst: false },
    { order: "the name and e-mail first", statisticFirst: true },
  ])("are cached apart from the lead's detail with the same id, $order", ({ statisticFirst }) => {
    const client = new QueryClient();
    const writes = [
      () => client.setQueryData(leadKeys.detail(id), detail),
      () => client.setQueryData(leadStatisticKeys.detail(id), statistic),
    ];
    for (const write of statisticFirst ? writes.reverse() : writes) write();
    expect(client.getQueryData(leadKeys.detail(id))).toEqual(detail);
    expect(client.getQueryData(leadStatisticKeys.detail(id))).toEqual(statistic);
    expect(client.getQueryCache().findAll({ queryKey: leadKeys.all })).toHaveLength(1);
  });
});
