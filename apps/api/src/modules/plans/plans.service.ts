import type { CheckoutResponse, PackageListQuery, PackageListResponse, PackageResponse } from "@serene/contracts";
import { notFound } from "../../domain-errors";
import { presentCheckout, presentPackage } from "./plans.presenter";
import type { PlansRepository } from "./plans.repository";

/** What can be bought on the web: packages by placement and currency, single packages, checkouts. */
export function createPlansService(repository: PlansRepository) {
  return {
    async webPackages(query: PackageListQuery): Promise<PackageListResponse> {
      const rows = await repository.activePackages("web");
      const chosen = rows.filter(
        (row) =>
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
    async checkout(id: number): Promise<CheckoutResponse> {
      const found = await repository.checkout(id);
      if (!found) throw notFound();
      return { data: presentCheckout(found.checkout, found.packages) };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
