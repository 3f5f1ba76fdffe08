import type { Database } from "@serene/db";
import type { Config } from "../../../config";
import { createPayPalWallet } from "./paypal-wallet";
import type { CardProcessor, WalletProcessor } from "./ports";
import { createSandboxCard, type SandboxCard } from "./sandbox-card";
import { createSandboxWallet, type SandboxWallet } from "./sandbox-wallet";
import { createStripeCard } from "./stripe-card";

export interface PaymentProcessors {
  card: CardProcessor | null;
  wallet: WalletProcessor | null;
  /** The offline processors' own pages and calls, when they are the ones in use. */
  sandboxCard: SandboxCard | null;
  sandboxWallet: SandboxWallet | null;
}

/** The card and wallet processors the configuration names: the real providers, the sandboxes, or none. */
export function createPaymentProcessors(config: Config, db: Database): PaymentProcessors {
  const { card, wallet } = config.payments;
  const sandboxCard = card?.adapter === "sandbox" ? createSandboxCard(db, config.appUrl) : null;
  const sandboxWallet = wallet?.adapter === "sandbox" ? createSandboxWallet(db) : null;
  return {
    card: card?.adapter === "stripe" ? createStripeCard(card) : (sandboxCard?.processor ?? null),
    wallet:
      wallet?.adapter === "paypal" ? createPayPalWallet({ ...wallet, brandName: config.appName }) : (sandboxWallet?.processor ?? null),
    sandboxCard,
    sandboxWallet,
  };
}
