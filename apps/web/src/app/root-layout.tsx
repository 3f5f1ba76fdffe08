import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Toaster } from "../components/ui/toast";
import { toast } from "../components/ui/toast-store";
import { analytics } from "../lib/analytics";
import { useErrorStore } from "../lib/error-store";
import { ConsentBanner } from "./consent-banner";

/** After each navigation: back to the top of the page and one page view (spec 000 section 2). */
function NavigationEffects() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    analytics.pageView(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return null;
}

/** A failed call sets the global error; it shows as an error toast for 3 s, then clears. */
function GlobalErrorToast() {
  const { message, flag, clear } = useErrorStore();
  useEffect(() => {
    if (!flag || !message) return;
    toast.error(message);
    clear();
  }, [flag, message, clear]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <NavigationEffects />
      <GlobalErrorToast />
      <Outlet />
      <Toaster />
      <ConsentBanner />
    </>
  );
}
