import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { BadgeIcon } from "../components/badges/badge-icon";
import { OfferPaymentDialog, type OfferPaymentDialogProps } from "../components/subscription/offer-payment";
import { Toaster } from "../components/ui/toast";
import { toast } from "../components/ui/toast-store";
import { analytics } from "../lib/analytics";
import { onEarned, onUnauthorized } from "../lib/api-client";
import { progressKeys } from "../lib/progress-keys";
import { forgetMemberData, startTokenRefresh, whenSigningOut } from "../lib/session";
import { forgetOfflineData } from "../lib/offline-data";
import { DocumentTitle } from "../lib/document-title";
import { useErrorStore } from "../lib/error-store";
import { useNoticeAfterReload } from "../components/ui/toast-after-reload";
import { hasToken } from "../lib/storage";
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

/** Pages a person reaches without a session: a 401 there does not need a trip to /login. */
const PUBLIC_ENTRY = /^\/(login|create-account|registration|create-email-account|forgot-password|password\/reset|auth\/callback)/;

/**
 * Members' sessions: the token is refreshed every 5 minutes while one is stored, and a 401 to a
 * call that sent a token ends the session and goes to /login, which comes back here afterwards.
 */
export function SessionEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(() => startTokenRefresh(), []);
  // Logging out removes every download and the kept catalogue from this device (decision 047).
  useEffect(() => whenSigningOut(() => void forgetOfflineData()), []);
  useEffect(
    () =>
      onUnauthorized(() => {
        // The api client has already forgotten the token; what was kept for offline use goes with it.
        void forgetOfflineData();
        const { pathname, search } = here.current;
        if (PUBLIC_ENTRY.test(pathname)) return forgetMemberData();
        const login = `/login?${new URLSearchParams({ redirect: `${pathname}${search}` })}`;
        void Promise.resolve(navigate(login, { replace: true })).then(forgetMemberData);
      }),
    [navigate],
  );
  return null;
}

export const badgeEarnedMessage = (name: string) => `Badge earned: ${name}`;

/**
 * Badges earned by any write (a favourite, a session, a note, a shared link, a workbook entry): one
 * toast per badge with its medal, leading to the achievements page, which loads again next time.
 */
export function EarnedEffects() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onEarned((earned) => {
        for (const badge of earned) {
          toast.reward(badgeEarnedMessage(badge.name), { icon: <BadgeIcon name={badge.machine_name} />, to: "/profile/achievements" });
        }
        void queryClient.invalidateQueries({ queryKey: progressKeys.achievements() });
      }),
    [queryClient],
  );
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

/**
 * The success toast a page load carried over ('Successfully subscribed!' after the subscription offer
 * or Settings reloaded the page): shown once on whichever page loads, for its full time (decision 052).
 */
export function NoticeAfterReload() {
  useNoticeAfterReload();
  return null;
}

/**
 * The payment dialog the members' subscription offer buys with, composed here because shared
 * components do not import features. Loaded when an offer first shows plans, so public pages never
 * fetch it.
 */
const PaymentDialog = lazy(() => import("../features/payment").then((module) => ({ default: module.PaymentDialog })));
const offerPaymentDialog = (props: OfferPaymentDialogProps) => <PaymentDialog {...props} />;

/**
 * The mini-player (decision 043): sound goes on across the members' pages. Its code (and the audio engine's)
 * arrives after the page, and only for a signed-in member; visitors never download it.
 */
const MiniPlayer = lazy(() => import("../features/player/components/mini-player").then((module) => ({ default: module.MiniPlayer })));

function MembersPlayback() {
  useLocation(); // A sign-in or sign-out changes the page: look again.
  if (!hasToken()) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayer />
    </Suspense>
  );
}

export function RootLayout() {
  return (
    <>
      <NavigationEffects />
      <DocumentTitle />
      <SessionEffects />
      <EarnedEffects />
      <GlobalErrorToast />
      <NoticeAfterReload />
      <OfferPaymentDialog.Provider value={offerPaymentDialog}>
        <Outlet />
      </OfferPaymentDialog.Provider>
      <MembersPlayback />
      <Toaster />
      <ConsentBanner />
    </>
  );
}
