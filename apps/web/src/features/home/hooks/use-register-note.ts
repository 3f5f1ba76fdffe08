import { useEffect } from "react";
import { toast } from "../../../components/ui/toast-store";
import { STORAGE_KEYS, storage } from "../../../lib/storage";

/** The register note's duration (spec 000 section 9). */
export const REGISTER_NOTE_MS = 5000;
export const REGISTER_NOTE =
  "You have successfully subscribed! Please check your e-mail for your access details and update your temporary password.";

/**
 * After a purchase created the account, /home says once (5 s) where the access details are and
 * that the temporary password should be changed; then the flag goes (spec 000 section 4).
 */
export function useRegisterNote() {
  useEffect(() => {
    if (storage.get(STORAGE_KEYS.justRegistered) === null) return;
    storage.remove(STORAGE_KEYS.justRegistered);
    toast.info(REGISTER_NOTE, REGISTER_NOTE_MS);
  }, []);
}
