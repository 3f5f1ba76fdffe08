import { useSyncExternalStore } from "react";

/** True while a media query matches; false where there is no window (prerender) or no matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** The spec's one breakpoint: widths up to 991 px are "small". */
export const SMALL_SCREEN = "(max-width: 991px)";
