import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const firstWeekKeys = {
  all: ["first-week"] as const,
  goal: (goal: string) => [...firstWeekKeys.all, goal] as const,
};

/** GET /quiz/first-week?goal=…: the recommended first week for a goal (seven days of catalogue items). */
export const getFirstWeek = (goal: string, signal?: AbortSignal) => api.get("quiz/first-week", { signal, silent: true, query: { goal } });

export const firstWeekQueryOptions = (goal: string) =>
  queryOptions({
    queryKey: firstWeekKeys.goal(goal),
    queryFn: ({ signal }) => getFirstWeek(goal, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** A failed load only hides the week: the result stands without it. */
export const useFirstWeek = (goal: string | null) => useQuery({ ...firstWeekQueryOptions(goal ?? ""), enabled: Boolean(goal) });
