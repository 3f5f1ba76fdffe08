/**
 * The page loads after a purchase or a change of plan, with the success toast carried over, live in
 * components/ui/toast-after-reload.ts: the members' subscription offer reloads the same way, and the
 * root layout shows the carried toast on every page (decision 052).
 */
export { pageLocation, reloadWithNotice, useNoticeAfterReload } from "../../../components/ui/toast-after-reload";
