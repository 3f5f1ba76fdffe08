/** What a card form (the sandbox's plain fields or Stripe Elements) offers the card panel. */
export type ConfirmOutcome =
  | { ok: true; paymentMethod: string }
  /** `message` null: the form shows the problem under its fields. */
  | { ok: false; message: string | null };

export interface CardFieldsHandle {
  /** Confirms the card setup with the setup intent's client secret. */
  confirm(clientSecret: string): Promise<ConfirmOutcome>;
  /** Moves focus to the first field (after a failure that names a field). */
  focus(): void;
}

export const SOMETHING_WENT_WRONG = "Something went wrong";
