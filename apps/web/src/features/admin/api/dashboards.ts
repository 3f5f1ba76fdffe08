import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { staffKeys } from "./staff-session";
import { asStaff } from "./staff-token";

/** The analyst's room (decision 069): the business at a glance over a range of UTC days. */
export const dashboardKeys = {
  all: [...staffKeys.all, "dashboard"] as const,
  money: (from: string, to: string) => [...dashboardKeys.all, "money", from, to] as const,
};

/** GET /admin/dashboard/money: empty `from`/`to` leave the server's range (the 30 days to today); the last figures stay while the next arrive. */
export const useDashboardMoney = (from: string, to: string) =>
  useQuery({
    queryKey: dashboardKeys.money(from, to),
    queryFn: ({ signal }) =>
      api.get("admin/dashboard/money", { query: { ...(from ? { from } : {}), ...(to ? { to } : {}) }, signal, ...asStaff() }),
    placeholderData: keepPreviousData,
    retry: false,
  });
