import type { Stripe, StripeCardNumberElement } from "@stripe/stripe-js";
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref, type RefObject } from "react";
import { FieldError } from "../../../components/ui/field-error";
import { Notice } from "../../../components/ui/notice";
import fieldStyles from "../../../components/ui/field.module.css";
import { SOMETHING_WENT_WRONG, type CardFieldsHandle, type ConfirmOutcome } from "./card-fields";
import styles from "./payment-dialog.module.css";

type Field = "number" | "expiry" | "cvc";

/** What the three card elements have in common, for mounting them alike. */
interface CardElement {
  mount(slot: HTMLElement): void;
  on(event: "change", handler: (event: { error?: { message: string } }) => void): unknown;
  focus(): void;
  destroy(): void;
}

interface StripeCardFieldsProps {
  ref?: Ref<CardFieldsHandle>;
  /** The publishable key from the setup intent. */
  apiKey: string;
  onEdit: () => void;
}

/** Element text drawn inside Stripe's frames: the design tokens' values (frames cannot read CSS variables). */
const ELEMENT_STYLE = {
  base: {
    color: "#1d2150",
    fontFamily: "Nunito, ui-rounded, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontSize: "17px",
    "::placeholder": { color: "#666a87" },
  },
  invalid: { color: "#b3261e" },
};

/**
 * The live card form (setup intent mode "live"): Stripe Elements for number, expiry and CVC.
 * Stripe.js is imported here only, on demand, so the sandbox and every other page never load it.
 */
export function StripeCardFields({ ref, apiKey, onEdit }: StripeCardFieldsProps) {
  const id = useId();
  const numberSlot = useRef<HTMLDivElement>(null);
  const expirySlot = useRef<HTMLDivElement>(null);
  const cvcSlot = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardNumberElement | null>(null);
  const focusers = useRef<Partial<Record<Field, () => void>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failed, setFailed] = useState(false);
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  }, [onEdit]);

  useEffect(() => {
    let cancelled = false;
    const destroy: (() => void)[] = [];
    (async () => {
      const { loadStripe } = await import("@stripe/stripe-js");
      const stripe = await loadStripe(apiKey);
      if (cancelled) return;
      if (!stripe) throw new Error("Stripe.js did not load");
      stripeRef.current = stripe;
      const elements = stripe.elements();
      const mount = (field: Field, element: CardElement, slot: HTMLDivElement | null) => {
        if (!slot) return;
        element.mount(slot);
        element.on("change", (event) => {
          onEditRef.current();
          setErrors((current) => ({ ...current, [field]: event.error?.message }));
        });
        focusers.current[field] = () => element.focus();
        destroy.push(() => element.destroy());
      };
      const number = elements.create("cardNumber", { style: ELEMENT_STYLE, showIcon: true });
      cardRef.current = number;
      mount("number", number as unknown as CardElement, numberSlot.current);
      mount("expiry", elements.create("cardExpiry", { style: ELEMENT_STYLE }) as unknown as CardElement, expirySlot.current);
      mount("cvc", elements.create("cardCvc", { style: ELEMENT_STYLE }) as unknown as CardElement, cvcSlot.current);
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      for (const run of destroy) run();
      cardRef.current = null;
    };
  }, [apiKey]);

  useImperativeHandle(ref, () => ({
    focus: () => focusers.current.number?.(),
    async confirm(clientSecret: string): Promise<ConfirmOutcome> {
      const stripe = stripeRef.current;
      const card = cardRef.current;
      if (!stripe || !card) return { ok: false, message: SOMETHING_WENT_WRONG };
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) return { ok: false, message: result.error.message || SOMETHING_WENT_WRONG };
      const method = result.setupIntent.payment_method;
      const paymentMethod = typeof method === "string" ? method : method?.id;
      return paymentMethod ? { ok: true, paymentMethod } : { ok: false, message: SOMETHING_WENT_WRONG };
    },
  }));

  if (failed) {
    return (
      <Notice kind="error" title="The card form could not be loaded">
        Please check your connection and try again, or pay with PayPal.
      </Notice>
    );
  }

  const slot = (field: Field, label: string, target: RefObject<HTMLDivElement | null>, className?: string) => (
    <div className={[fieldStyles.field, className].filter(Boolean).join(" ")}>
      <span id={`${id}-${field}-label`} className={fieldStyles.label} onClick={() => focusers.current[field]?.()}>
        {label}
      </span>
      <div
        ref={target}
        className={[fieldStyles.input, styles.element].join(" ")}
        role="group"
        aria-labelledby={`${id}-${field}-label`}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
      />
      <FieldError id={`${id}-${field}-error`} messages={errors[field]} />
    </div>
  );

  return (
    <div className={styles.cardFields}>
      {slot("number", "Card number", numberSlot, styles.full)}
      {slot("expiry", "Expiry", expirySlot)}
      {slot("cvc", "CVC", cvcSlot)}
    </div>
  );
}
