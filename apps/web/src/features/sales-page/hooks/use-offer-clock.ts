import type { Checkout } from "@serene/contracts";
import { offerRemainingMs } from "@serene/domain";
import { useEffect, useMemo, useState } from "react";
import { visitorDeadline } from "../../../lib/buying/offer-deadline";

export interface OfferClock {
  /** False when the checkout has no timed offer (hours 0): the page then shows no countdown at all. */
  hasOffer: boolean;
  /** When the offer ends (epoch ms); 0 when there is none or it has already ended on the server. */
  deadline: number;
  ended: boolean;
}

const TICK_MS = 1000;
/** Browsers' timers hold at most about 24.8 days; a longer wait is re-armed. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The person's offer clock: the server's deadline for a member or a lead (`offer.ends_at`), else the
 * one this browser keeps for a visitor (lib/offer-deadline: one per offer package, shared by every
 * checkout offering it). The page changes once, when the offer ends (one timer for that moment); only
 * the countdown itself ticks each second (useRemainingMs).
 */
export function useOfferClock(checkout: Pick<Checkout, "id" | "offer" | "packages">): OfferClock {
  const { hours, ends_at: endsAt, expired } = checkout.offer;
  const hasOffer = hours > 0;
  const offerPackages = checkout.packages
    .filter((item) => item.offer)
    .map((item) => item.id)
    .join(",");
  const deadline = useMemo(() => {
    if (!hasOffer || expired) return 0;
    if (endsAt !== null) return Date.parse(endsAt);
    return visitorDeadline(checkout.id, hours, offerPackages === "" ? [] : offerPackages.split(",").map(Number));
  }, [checkout.id, endsAt, expired, hasOffer, hours, offerPackages]);
  const [now, setNow] = useState(() => Date.now());
  const remainingMs = offerRemainingMs(deadline, now);
  const running = remainingMs > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(remainingMs, LONGEST_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [running, remainingMs]);

  return { hasOffer, deadline, ended: hasOffer && !running };
}

/** The time left until `deadline`, ticking once a second (one interval) until it reaches zero. */
export function useRemainingMs(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const remainingMs = offerRemainingMs(deadline, now);
  const running = remainingMs > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [running, deadline]);

  return remainingMs;
}
