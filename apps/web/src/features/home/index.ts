export { Greeting } from "./components/greeting";
export { HomeLayout } from "./components/home-layout";
export { HomeSection } from "./components/home-section";
export { SmallSteps } from "./components/small-steps";
export { WelcomePanel } from "./components/welcome-panel";
export { REGISTER_NOTE, useRegisterNote } from "./hooks/use-register-note";
