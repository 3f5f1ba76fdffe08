import type { Checkout } from "@serene/contracts";
import { offerRemainingMs } from "@serene/domain";
import { useEffect, useMemo, useState } from "react";
import { visitorDeadline } from "../../../lib/offer-deadline";

export interface OfferClock {
  /** False when the checkout has no timed offer (hours 0): the page then shows no countdown at all. */
  hasOffer: boolean;
  remainingMs: number;
  ended: boolean;
}

const TICK_MS = 1000;

/**
 * The person's offer clock: the server's deadline for a member or a lead (`offer.ends_at`), else the
 * one this browser keeps for a visitor (lib/offer-deadline). Ticks once a second, with one interval,
 * until the deadline; then the offer has ended on the page too.
 */
export function useOfferClock(checkout: Pick<Checkout, "id" | "offer">): OfferClock {
  const { hours, ends_at: endsAt, expired } = checkout.offer;
  const hasOffer = hours > 0;
  const deadline = useMemo(() => {
    if (!hasOffer) return 0;
    if (endsAt !== null) return Date.parse(endsAt);
    return visitorDeadline(checkout.id, hours);
  }, [checkout.id, endsAt, hasOffer, hours]);
  const [now, setNow] = useState(() => Date.now());
  const remainingMs = hasOffer && !expired ? offerRemainingMs(deadline, now) : 0;
  const running = remainingMs > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [running, deadline]);

  return { hasOffer, remainingMs, ended: hasOffer && !running };
}
