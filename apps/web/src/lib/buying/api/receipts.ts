import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../api-client";

export const receiptKeys = {
  all: ["user", "receipts"] as const,
  detail: (id: string) => [...receiptKeys.all, id] as const,
};

/** GET /user/receipts: every charge taken, newest first. */
export const getReceipts = () => api.get("user/receipts", { silent: true });

export const useReceipts = () => useQuery({ queryKey: receiptKeys.all, queryFn: getReceipts });

/** GET /user/receipts/{id}: one receipt (another member's is not found). */
export const getReceipt = (id: string) => api.get("user/receipts/{id}", { params: { id }, silent: true });

/** A receipt that is not there is not asked for again. */
export const useReceipt = (id: string) =>
  useQuery({
    queryKey: receiptKeys.detail(id),
    queryFn: () => getReceipt(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
