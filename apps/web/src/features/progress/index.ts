export { Dashboard, FirstSessionInvitation } from "./components/dashboard";
export { AchievementsView, formatReceived, NO_BADGES_YET } from "./components/achievements-view";
export { achievementsQuery, quoteQuery, statisticsQuery } from "./api/progress";
export * from "./model";
