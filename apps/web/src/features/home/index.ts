export { usePersonalPlan } from "./api/plan";
export { DailyMeditation } from "./components/daily-meditation";
export { Greeting } from "./components/greeting";
export { HomeLayout } from "./components/home-layout";
export { PlanDays } from "./components/plan-days";
export { PlanStrip } from "./components/plan-strip";
export { useHomeQueryNotes } from "./hooks/use-home-query-notes";
export { useRegisterNote } from "./hooks/use-register-note";
