import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { staffKeys } from "./staff-session";
import { asStaff } from "./staff-token";

/** The analyst's room (decision 069): the business at a glance over a range of UTC days, from three endpoints. */
type Part = "money" | "subscriptions" | "funnels";
export const dashboardKeys = {
  all: [...staffKeys.all, "dashboard"] as const,
  part: (part: Part, from: string, to: string) => [...dashboardKeys.all, part, from, to] as const,
};

/** GET /admin/dashboard/{money,subscriptions,funnels}: empty `from`/`to` leave the server's range (the 30 days to today). */
const rangeOf = (from: string, to: string) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
/** The last figures stay while the next range's arrive; a refused range is shown, not retried. */
const held = { placeholderData: keepPreviousData, retry: false } as const;

export const useDashboardMoney = (from: string, to: string) =>
  useQuery({
    queryKey: dashboardKeys.part("money", from, to),
    queryFn: ({ signal }) => api.get("admin/dashboard/money", { query: rangeOf(from, to), signal, ...asStaff() }),
    ...held,
  });
export const useDashboardSubscriptions = (from: string, to: string) =>
  useQuery({
    queryKey: dashboardKeys.part("subscriptions", from, to),
    queryFn: ({ signal }) => api.get("admin/dashboard/subscriptions", { query: rangeOf(from, to), signal, ...asStaff() }),
    ...held,
  });
export const useDashboardFunnels = (from: string, to: string) =>
  useQuery({
    queryKey: dashboardKeys.part("funnels", from, to),
    queryFn: ({ signal }) => api.get("admin/dashboard/funnels", { query: rangeOf(from, to), signal, ...asStaff() }),
    ...held,
  });
