import { STORAGE_KEYS, storage } from "../storage";

export type Consent = "granted" | "denied" | null;

export const readConsent = (): Consent => {
  const value = storage.get(STORAGE_KEYS.consent);
  return value === "granted" || value === "denied" ? value : null;
};

export const writeConsent = (value: Exclude<Consent, null>) => storage.set(STORAGE_KEYS.consent, value);
