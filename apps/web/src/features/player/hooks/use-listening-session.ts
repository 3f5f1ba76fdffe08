import { toUtcSecond } from "@serene/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { libraryKeys } from "../../../lib/catalogue-keys";
import { progressKeys } from "../../../lib/progress-keys";
import { recordHistory, reportSession, type ContentRef } from "../api/activity";

/**
 * A listening session of one item (spec 001 section 4): the first `playing` records the start
 * time (and the item in the recently played list, once); `ended` or leaving the page reports the
 * session through POST /user/sessions, only when playback started.
 */
export function useListeningSession(ref: ContentRef) {
  const start = useRef<string | null>(null);
  const inHistory = useRef(false);
  const current = useRef(ref);
  const queryClient = useQueryClient();
  useEffect(() => {
    current.current = ref;
  });

  const report = useCallback(
    (keepalive: boolean) => {
      const startedAt = start.current;
      if (!startedAt) return;
      start.current = null;
      const { id, model } = current.current;
      reportSession({ start_session: startedAt, end_session: toUtcSecond(new Date()), id, model }, keepalive);
      // The dashboard's figures load again next time they show (the report may still be on its way).
      void queryClient.invalidateQueries({ queryKey: progressKeys.statisticsAll(), refetchType: "none" });
    },
    [queryClient],
  );

  const onPlaying = useCallback(() => {
    if (!start.current) start.current = toUtcSecond(new Date());
    if (!inHistory.current) {
      inHistory.current = true;
      const { id, model } = current.current;
      recordHistory({ id, model });
      // The library's Recently Played list loads again next time it shows.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all, refetchType: "none" });
    }
  }, [queryClient]);

  const onEnded = useCallback(() => report(false), [report]);

  useEffect(() => {
    const leave = () => report(true);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      // Leaving the page inside the app (another route, another session of a course).
      leave();
    };
  }, [report]);

  return { onPlaying, onEnded };
}
