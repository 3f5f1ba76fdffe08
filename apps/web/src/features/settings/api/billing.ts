import type { MessageResponse, PaymentProvider, Receipt, ReceiptListResponse } from "@serene/contracts";
import { api } from "../../../lib/api-client";

/** GET /user/receipts: every charge taken, newest first. */
export const getReceipts = () => api.get<ReceiptListResponse>("user/receipts", { silent: true });

/** GET /user/receipts/{id}: one receipt (another member's is not found). */
export const getReceipt = (id: string) => api.get<Receipt>(`user/receipts/${encodeURIComponent(id)}`, { silent: true });

/** POST /subscription/web/resume/{provider}: the server's message shows as the error toast when refused. */
export const resumeSubscription = (provider: PaymentProvider) => api.post<MessageResponse>(`subscription/web/resume/${provider}`);
