import type { CheckoutResponse, PackageListQuery, PackageListResponse, PackageResponse } from "@serene/contracts";
import { offerClockToKeep, offerIsLive, offerPackageIds, personOfferClock, visibleCheckoutPackages, type OfferClock } from "@serene/domain";
import { notFound } from "../../domain-errors.ts";
import { presentCheckout, presentOffer, presentPackage } from "./plans.presenter.ts";
import type { CheckoutRow, OfferPerson, PackageRow, PlansRepository } from "./plans.repository.ts";

export interface PlansDeps {
  repository: PlansRepository;
  /** Whether a lead exists and is not claimed yet (the leads module answers). */
  leadIsOpen: (leadId: string) => Promise<boolean>;
  now?: () => Date;
}

/** Who looks at a checkout: a visitor (the browser keeps the offer's deadline), a lead from an e-mail, or a member. */
export type CheckoutViewer =
  { kind: "visitor" } | { kind: "lead"; leadId: string } | { kind: "member"; userId: string; browserStart?: Date | undefined };

/** The offer's length for this checkout: 0 when it carries no offer packages (nothing to count down to). */
const offerHours = (checkout: CheckoutRow, packages: PackageRow[]) => (packages.some((row) => row.offerOnly) ? checkout.offerHours : 0);

/**
 * What can be bought on the web: packages by placement and currency, single packages, checkouts
 * with each person's timed offer (docs/decisions/030-honest-offers.md, 051). The first visit of a member or
 * a lead to any checkout offering a promo package starts the person's clock for it; every later visit, from
 * any checkout, route or identity of the same person (their e-mail address), reads it; it never restarts.
 */
export function createPlansService(deps: PlansDeps) {
  const { repository, leadIsOpen } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The person's one clock for the checkout's offer packages (docs/decisions/051-one-offer-clock-per-person.md).
   * A visit keeps it for the viewing identity on this checkout: a copy of the clock the person already has
   * for these packages (from any checkout, route or identity of theirs), or a new one only when they have none.
   */
  async function personClock(
    checkout: CheckoutRow,
    packages: PackageRow[],
    hours: number,
    person: OfferPerson,
    browserStart?: Date,
  ): Promise<OfferClock | null> {
    const visit = { checkoutId: checkout.id, offerPackageIds: offerPackageIds(packages), hours, now: now(), browserStart };
    let clocks = await repository.personClocks(person);
    if (offerClockToKeep(visit, clocks) !== null) {
      clocks = await repository.keepOffer(person, checkout.id, (current) => offerClockToKeep({ ...visit, now: now() }, current));
    }
    return personOfferClock(visit.offerPackageIds, clocks);
  }

  return {
    /** GET /package/web: offer packages are sold only through their checkouts, never listed here. */
    async webPackages(query: PackageListQuery): Promise<PackageListResponse> {
      const rows = await repository.activePackages("web");
      const chosen = rows.filter(
        (row) =>
          !row.offerOnly &&
          (!query.place || row.placements.includes(query.place)) &&
          (!query.currency || row.currency === query.currency) &&
          (!query.provider || row.provider === query.provider),
      );
      return { data: chosen.map(presentPackage) };
    },

    async package(id: number): Promise<PackageResponse> {
      const row = await repository.packageById(id);
      if (!row) throw notFound();
      return { data: presentPackage(row) };
    },

    /**
     * A checkout as `viewer` sees it. A visitor gets every package and no clock; a lead (unknown or
     * claimed: answered as a visitor) and a member get their clock, and the offer packages only while it runs.
     */
    async checkout(id: number, viewer: CheckoutViewer = { kind: "visitor" }): Promise<CheckoutResponse> {
      const found = await repository.checkout(id);
      if (!found) throw notFound();
      const hours = offerHours(found.checkout, found.packages);
      let clock: OfferClock | null | undefined;
      if (hours === 0 || viewer.kind === "visitor") clock = undefined;
      else if (viewer.kind === "lead")
        clock = (await leadIsOpen(viewer.leadId))
          ? await personClock(found.checkout, found.packages, hours, { leadId: viewer.leadId })
          : undefined;
      else clock = await personClock(found.checkout, found.packages, hours, { userId: viewer.userId }, viewer.browserStart);
      const at = now();
      const offer = presentOffer(hours, clock ?? null, offerIsLive(clock ?? null, at));
      return { data: presentCheckout(found.checkout, visibleCheckoutPackages(found.packages, clock, at), offer) };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
