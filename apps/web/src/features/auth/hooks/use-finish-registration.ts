import { afterRegistrationPath } from "@serene/domain";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { analytics } from "../../../lib/analytics";
import { startSession } from "../../../lib/session";
import { hasQuizFlag, readQuizForm, writeQuizForm } from "../../../lib/storage";
import { markOfferAfterRegistration } from "../../../lib/buying/subscription-offer";

/**
 * After a registration (spec 000 section 4): keep the token, record the registration, then go to
 * the redirect path (with its parameters), the custom quiz's results (marking the quiz completed),
 * the quiz results, or /home. A plain registration that lands on /home leaves the mark for the
 * one-time after_registration offer there (spec 000 section 3).
 */
export function useFinishRegistration() {
  const navigate = useNavigate();
  return useCallback(
    (token: string, search: string) => {
      startSession(token);
      const vslId = new URLSearchParams(search).get("vsl_id");
      analytics.track("CompleteRegistration", vslId ? { vsl_id: vslId } : {});
      const quizForm = readQuizForm();
      const next = afterRegistrationPath(search, {
        inProgress: hasQuizFlag(),
        customSlug: quizForm?.isCustomQuiz ? (quizForm.slug ?? null) : null,
      });
      if (next.kind === "custom-quiz" && quizForm) writeQuizForm({ ...quizForm, isQuizCompleted: true });
      if (next.kind === "home") markOfferAfterRegistration();
      void navigate(next.to, { replace: true });
    },
    [navigate],
  );
}
