import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { endSession, forgetMemberData, signingOut } from "../../../lib/session";
import { revokeToken } from "../api/log-out";

/**
 * Log out (spec 001 section 4): the server revokes the token (a failure does not keep anyone
 * logged in), then the token and local storage are cleared and the person goes to the start page. What plays
 * stops first, while the token still reports its session and keeps its place.
 */
export function useLogOut() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logOut = useCallback(async () => {
    setPending(true);
    signingOut();
    await revokeToken().catch(() => undefined);
    endSession();
    await navigate("/", { replace: true });
    forgetMemberData();
  }, [navigate]);
  return { logOut, pending };
}
