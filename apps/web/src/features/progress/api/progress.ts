import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { progressKeys } from "../../../lib/progress-keys";
import { browserTimeZone, refusedTimeZone } from "../../../lib/time-zone";

/** GET /quote?rand=true: a quote at random with its author; it stays the same while the member moves between tabs. */
export const quoteQuery = () =>
  queryOptions({
    queryKey: progressKeys.quote(),
    queryFn: ({ signal }) => api.get("quote", { query: { rand: "true" }, signal, silent: true }),
    staleTime: Infinity,
  });

/** GET /user/sessions?tz=: the figures and pictures, counted in the member's own days. */
export const statisticsQuery = (timeZone = browserTimeZone()) =>
  queryOptions({
    queryKey: progressKeys.statistics(timeZone),
    queryFn: ({ signal }) =>
      api
        .get("user/sessions", { query: { tz: timeZone }, signal, silent: "validation" })
        // A zone the server does not know: the figures in the member's last zone rather than none.
        .catch((error: unknown) => {
          if (refusedTimeZone(error)) return api.get("user/sessions", { signal });
          throw error;
        }),
  });

/** GET /user/achievements: all fourteen badges, received or not. */
export const achievementsQuery = () =>
  queryOptions({
    queryKey: progressKeys.achievements(),
    queryFn: ({ signal }) => api.get("user/achievements", { signal }),
  });

export const useQuote = () => useQuery(quoteQuery());
export const useStatistics = () => useQuery(statisticsQuery());
export const useAchievements = () => useQuery(achievementsQuery());
