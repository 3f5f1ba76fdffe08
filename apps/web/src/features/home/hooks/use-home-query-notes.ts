import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../../../components/ui/toast-store";
import { analytics } from "../../../lib/analytics";
import { getPackagePrice } from "../api/package";

const HOME_PARAMS = ["message", "event", "package_id"] as const;

/**
 * /home's query parameters (spec 001 section 2): `message` shows as an info toast;
 * `event=purchase&package_id=…` sends a purchase event with the package's currency and amount.
 * Both are removed from the address once read, so a reload does not repeat them.
 * When GET /package/{id} fails no purchase event is sent; the parameters go either way.
 */
export function useHomeQueryNotes() {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    if (!HOME_PARAMS.some((name) => params.has(name))) return;
    handled.current = true;

    const message = params.get("message");
    if (message) toast.info(message);

    const packageId = params.get("package_id");
    if (params.get("event") === "purchase" && packageId) {
      getPackagePrice(packageId)
        .then((price) => {
          if (price) analytics.track("Purchase", { currency: price.currency, value: price.amount, package_id: packageId });
        })
        .catch(() => undefined);
    }

    const rest = new URLSearchParams(params);
    for (const name of HOME_PARAMS) rest.delete(name);
    setParams(rest, { replace: true });
  }, [params, setParams]);
}
