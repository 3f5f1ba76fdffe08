import type { ComplimentaryBody, RefundBody } from "@serene/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { staffKeys } from "./staff-session";
import { asStaff } from "./staff-token";

/** Support's reading room (decision 067): finding a member, and their page. */
export const memberKeys = {
  all: [...staffKeys.all, "members"] as const,
  search: (q: string) => [...memberKeys.all, "search", q] as const,
  detail: (id: string) => [...memberKeys.all, "detail", id] as const,
};

/** GET /admin/members?q=: two characters at least; the last results stay while the next arrive. */
export const useMemberSearch = (q: string) =>
  useQuery({
    queryKey: memberKeys.search(q),
    queryFn: ({ signal }) => api.get("admin/members", { query: { q }, signal, ...asStaff() }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** GET /admin/members/{id}: a 404 is the page's own message. */
export const useMember = (id: string) =>
  useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) => api.get("admin/members/{id}", { params: { id }, signal, ...asStaff() }),
    enabled: id.length > 0,
    retry: false,
  });

/** POST /admin/members/{id}/complimentary: premium for some days, on the house; the member's page and the audit log load again. */
export function useGrantComplimentary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplimentaryBody) => api.post("admin/members/{id}/complimentary", { params: { id }, body, ...asStaff() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    },
  });
}

/** POST /admin/members/{id}/emails/{emailId}/resend: the e-mail again, as it was; the page shows the new one. */
export function useResendEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailId: string) => api.post("admin/members/{id}/emails/{emailId}/resend", { params: { id, emailId }, ...asStaff() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    },
  });
}

/** POST /admin/members/{id}/subscription/{cancel|resume}/{provider}: on the member's behalf; their page and the log load again. */
export function useChangeSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, provider }: { action: "cancel" | "resume"; provider: "stripe" | "paypal" }) =>
      action === "cancel"
        ? api.post("admin/members/{id}/subscription/cancel/{provider}", { params: { id, provider }, ...asStaff() })
        : api.post("admin/members/{id}/subscription/resume/{provider}", { params: { id, provider }, ...asStaff() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    },
  });
}

/** POST /admin/members/{id}/removal: the member gets the confirmation link; their page and the log load again. */
export function useStartRemoval(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("admin/members/{id}/removal", { params: { id }, ...asStaff() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    },
  });
}

/**
 * POST /admin/members/{id}/payments/{paymentId}/refund: part of a charge or all that is left. The dialog
 * sends one key for as long as it is open, so asking again after an outage finishes the same refund.
 */
export function useRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body, key }: { paymentId: string; body: RefundBody; key: string }) =>
      api.post("admin/members/{id}/payments/{paymentId}/refund", { params: { id, paymentId }, body, idempotencyKey: key, ...asStaff() }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    },
  });
}

/** POST /admin/members/{id}/purchases/{purchaseId}/clear: a stuck purchase, reconciled with the processor first. */
export function useClearPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) =>
      api.post("admin/members/{id}/purchases/{purchaseId}/clear", { params: { id, purchaseId }, ...asStaff() }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    },
  });
}
