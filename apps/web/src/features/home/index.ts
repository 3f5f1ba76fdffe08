export { usePersonalPlan } from "./api/plan";
export { DailyMeditation } from "./components/daily-meditation";
export { Greeting } from "./components/greeting";
export { HomeLayout } from "./components/home-layout";
export { HomeSection } from "./components/home-section";
export { PlanDays } from "./components/plan-days";
export { PLAN_SCROLL_STEP, PLAN_SMALL_SCREEN_CARDS, PlanStrip } from "./components/plan-strip";
export { useHomeQueryNotes } from "./hooks/use-home-query-notes";
export { REGISTER_NOTE, useRegisterNote } from "./hooks/use-register-note";
