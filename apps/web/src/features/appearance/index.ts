export { AppearancePicker } from "./components/appearance-picker";
export { applyTheme, followThemeChanges, readThemeChoice, saveThemeChoice, useThemeChoice } from "./theme";
