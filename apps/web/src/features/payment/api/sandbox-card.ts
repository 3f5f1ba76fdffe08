import { api } from "../../../lib/api-client";

export interface SandboxCardInput {
  client_secret: string;
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

/**
 * POST /api/v1/sandbox/card/confirm: the offline processor's counterpart of Stripe.js
 * confirmCardSetup. 402 {message} for a declined card, 422 with field errors.
 */
export const confirmSandboxCard = (input: SandboxCardInput) => api.post("sandbox/card/confirm", { body: input, silent: true });
