import type { Database } from "@serene/db";
import type { Config } from "../../../config.ts";
import { createPayPalWallet } from "./paypal-wallet.ts";
import type { CardProcessor, WalletProcessor } from "./ports.ts";
import { createSandboxCard, type SandboxCard } from "./sandbox-card.ts";
import { createSandboxWallet, type SandboxWallet } from "./sandbox-wallet.ts";
import { createStripeCard } from "./stripe-card.ts";

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
