import type { Checkout } from "@serene/contracts";
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../components/ui/toast-store";
import { ApiError, tooManyRequestsMessage } from "../../../lib/api-client";
import { startSession } from "../../../lib/session";
import { hasToken } from "../../../lib/storage";
import { useCreateLeadAccount } from "../api/create-lead-account";
import { BUY_PARAM, loginPath } from "../login-path";
import type { CheckoutLead, CheckoutModalProps } from "../types";

/**
 * What the sales page's start button and every 'Get Started' call (spec 000 section 4, Get Plan /
 * Get Started on the checkout routes), and the props of the modal it opens:
 * - with a token, the checkout's full-screen modal opens;
 * - a lead on /lead-checkout gets an account first (POST /lead/{id}/account with the link's own
 *   token, its temporary password e-mailed), kept as a login keeps it; then the modal opens and its
 *   purchase sets the just-registered flag. An e-mail that already has an account, or a link without
 *   the lead's token, goes to Login with the server's word;
 * - any other visitor goes to Login with the way back (buy=1, from=auth, checkout=promo for promo).
 * Coming back with buy=1 opens the modal once the checkout is there, and buy=1 leaves the address.
 */
export function useCheckoutStart({ checkout, lead }: { checkout: Checkout | undefined; lead: CheckoutLead | null }): {
  start: () => void;
  /** True while the lead's account is being opened (the start buttons wait). */
  pending: boolean;
  modal: CheckoutModalProps;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [justRegistered, setJustRegistered] = useState(false);
  const createAccount = useCreateLeadAccount();

  const toLogin = useCallback(
    () => void navigate(loginPath(location.pathname, location.search, checkout?.type)),
    [navigate, location.pathname, location.search, checkout?.type],
  );

  // Back from login: the modal opens straight away, once, and buy=1 leaves the address.
  const [returned, setReturned] = useState(false);
  const buy = params.has(BUY_PARAM);
  if (buy && checkout && !returned) {
    setReturned(true);
    if (hasToken()) setOpen(true);
  }
  useEffect(() => {
    if (!buy || !returned) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BUY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [buy, returned, setParams]);

  const start = () => {
    if (!checkout) return;
    if (hasToken()) return setOpen(true);
    if (!lead) return toLogin();
    if (createAccount.isPending) return;
    createAccount.mutate(lead, {
      onSuccess: ({ token }) => {
        startSession(token);
        setJustRegistered(true);
        setOpen(true);
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.data.message : undefined;
        if (error instanceof ApiError && error.status === 409) {
          // The e-mail already has an account: log in, then come back into the modal.
          toast.info(message ?? "You already have an account. Please log in to continue.");
          return toLogin();
        }
        if (error instanceof ApiError && error.status === 422) {
          // The link lacks the lead's own token: the page goes on as for any visitor (decision 050).
          toast.info(message ?? "Please open the link from your e-mail again.");
          return toLogin();
        }
        toast.error(tooManyRequestsMessage(error) ?? message ?? "Something went wrong. Please try again.");
      },
    });
  };

  return {
    start,
    pending: createAccount.isPending,
    modal: { open, checkout, lead, justRegistered, onClose: () => setOpen(false) },
  };
}
