import { api } from "../../../lib/api-client";

/** The part of a package a purchase event needs. */
export interface PackagePrice {
  currency: string;
  amount: number;
}

/** GET /package/{id}: the package's currency and amount for the purchase event after checkout. */
export async function getPackagePrice(id: string): Promise<PackagePrice | null> {
  const reply = await api.get("package/{id}", { params: { id }, silent: true });
  return reply ? { currency: reply.currency, amount: reply.amount } : null;
}
