import { parseThemeChoice, resolveTheme, THEME_STORAGE_KEY, type ThemeChoice, type ThemeId } from "@serene/domain";
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS, storage } from "../../lib/storage";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The device's colour-scheme setting, or null where the browser cannot tell (tests, old browsers). */
function darkScheme(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
}

/** The choice kept on this device. */
export const readThemeChoice = (): ThemeChoice => parseThemeChoice(storage.get(STORAGE_KEYS.theme));

/** The theme a choice shows on this device now. */
export const currentTheme = (choice: ThemeChoice = readThemeChoice()): ThemeId => resolveTheme(choice, darkScheme()?.matches ?? false);

/** Sets the theme on <html>, the way the boot script does before the first paint. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()) {
  document.documentElement.setAttribute("data-theme", currentTheme(choice));
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Keeps a choice on this device and shows it at once. */
export function saveThemeChoice(choice: ThemeChoice) {
  storage.set(STORAGE_KEYS.theme, choice);
  applyTheme(choice);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice kept on this device, kept current when it changes here or in another tab. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, readThemeChoice);
}

/**
 * Keeps the page's theme current while it is open: 'follow the system' changes with the device's
 * light or dark setting, and a choice made in another tab shows here too. Returns a stop function.
 */
export function followThemeChanges(): () => void {
  const scheme = darkScheme();
  const onScheme = () => {
    if (readThemeChoice() === "system") applyTheme("system");
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== THEME_STORAGE_KEY) return;
    applyTheme();
    notify();
  };
  scheme?.addEventListener("change", onScheme);
  window.addEventListener("storage", onStorage);
  applyTheme();
  return () => {
    scheme?.removeEventListener("change", onScheme);
    window.removeEventListener("storage", onStorage);
  };
}
