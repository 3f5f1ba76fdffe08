import { afterLoginPath } from "@serene/domain";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { startSession } from "../../../lib/session";
import { hasQuizFlag } from "../../../lib/storage";

/**
 * After a login (password or provider): keep the token, then go to the redirect parameter, else
 * the quiz results when a quiz flag is stored, else /home (spec 000 section 4).
 */
export function useFinishLogin() {
  const navigate = useNavigate();
  return useCallback(
    (token: string, search: string) => {
      startSession(token);
      void navigate(afterLoginPath(search, hasQuizFlag()), { replace: true });
    },
    [navigate],
  );
}
