import { cardProblems, cvcLength } from "@serene/domain";
import { useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import { ApiError, fieldErrors } from "../../../lib/api-client";
import { Input } from "../../../components/ui/input";
import { confirmSandboxCard } from "../../../lib/buying/api/payment";
import { formatCardNumber, formatExpiry, parseExpiry } from "../model";
import { SOMETHING_WENT_WRONG, type CardFieldsHandle, type ConfirmOutcome } from "./card-fields";
import styles from "./payment-dialog.module.css";

type Field = "number" | "expiry" | "cvc";
type Errors = Partial<Record<Field, string[]>>;

/** The server's field names for the three inputs. */
const FIELD_OF: Record<string, Field> = { number: "number", exp_month: "expiry", exp_year: "expiry", cvc: "cvc" };

interface SandboxCardFieldsProps {
  ref?: Ref<CardFieldsHandle>;
  readOnly?: boolean;
  /** The member changed the card: an earlier confirmed attempt no longer applies. */
  onEdit: () => void;
}

const FIELDS = ["number", "expiry", "cvc"] as const;

/**
 * The offline card form (setup intent mode "sandbox"): card number, expiry and CVC as plain
 * inputs that the sandbox processor confirms (POST /sandbox/card/confirm), as Stripe.js would.
 * The number (Luhn), a past expiry and the CVC's length are checked before anything is sent,
 * with the message beside the field (decision 041).
 */
export function SandboxCardFields({ ref, readOnly, onEdit }: SandboxCardFieldsProps) {
  const id = useId();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const inputs: Record<Field, typeof numberRef> = { number: numberRef, expiry: expiryRef, cvc: cvcRef };

  const edit = (field: Field) => {
    onEdit();
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  useImperativeHandle(ref, () => ({
    focus: () => numberRef.current?.focus(),
    async confirm(clientSecret: string): Promise<ConfirmOutcome> {
      const { exp_month, exp_year } = parseExpiry(expiry);
      const problems = cardProblems({ number, expMonth: exp_month, expYear: exp_year, cvc }, new Date());
      const wrong = FIELDS.find((field) => problems[field]);
      if (wrong) {
        setErrors(Object.fromEntries(FIELDS.filter((field) => problems[field]).map((field) => [field, [problems[field]!]])));
        inputs[wrong].current?.focus();
        return { ok: false, message: null };
      }
      setErrors({});
      try {
        const result = await confirmSandboxCard({
          client_secret: clientSecret,
          number: number.replace(/\s/g, ""),
          exp_month,
          exp_year,
          cvc,
        });
        return { ok: true, paymentMethod: result.payment_method };
      } catch (error) {
        const byField = fieldErrors(error);
        const next: Errors = {};
        for (const [key, messages] of Object.entries(byField)) {
          const field = FIELD_OF[key];
          if (field) next[field] = [...(next[field] ?? []), ...messages];
        }
        const first = FIELDS.find((field) => next[field]);
        if (first) {
          setErrors(next);
          inputs[first].current?.focus();
          return { ok: false, message: null };
        }
        const message = error instanceof ApiError && error.status < 500 ? error.data.message : undefined;
        return { ok: false, message: message || SOMETHING_WENT_WRONG };
      }
    },
  }));

  return (
    <div className={styles.cardFields}>
      <Input
        ref={numberRef}
        id={`${id}-number`}
        label="Card number"
        className={styles.full}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={number}
        readOnly={readOnly}
        errors={errors.number}
        onChange={(event) => {
          setNumber(formatCardNumber(event.target.value));
          edit("number");
        }}
      />
      <Input
        ref={expiryRef}
        id={`${id}-expiry`}
        label="Expiry"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM / YY"
        maxLength={7}
        value={expiry}
        readOnly={readOnly}
        errors={errors.expiry}
        onChange={(event) => {
          setExpiry((previous) => formatExpiry(event.target.value, previous));
          edit("expiry");
        }}
      />
      <Input
        ref={cvcRef}
        id={`${id}-cvc`}
        label="CVC"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder={cvcLength(number) === 4 ? "1234" : "123"}
        maxLength={4}
        value={cvc}
        readOnly={readOnly}
        errors={errors.cvc}
        onChange={(event) => {
          setCvc(event.target.value.replace(/\D/g, "").slice(0, 4));
          edit("cvc");
        }}
      />
    </div>
  );
}
