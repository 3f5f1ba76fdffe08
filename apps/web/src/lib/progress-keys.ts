/**
 * Query keys of the member's progress, which more than one place touches: the dashboard and the
 * achievements page read them; the player (a reported session) and every write that earns a badge
 * mark them stale.
 */
export const progressKeys = {
  all: ["progress"] as const,
  /** GET /quote?rand=true */
  quote: () => [...progressKeys.all, "quote"] as const,
  /** GET /user/sessions?tz= */
  statistics: (timeZone?: string) => [...progressKeys.all, "statistics", timeZone ?? "default"] as const,
  statisticsAll: () => [...progressKeys.all, "statistics"] as const,
  /** GET /user/achievements */
  achievements: () => [...progressKeys.all, "achievements"] as const,
};
