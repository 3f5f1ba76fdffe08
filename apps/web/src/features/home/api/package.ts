import { api } from "../../../lib/api-client";

/** The part of a package a purchase event needs. */
export interface PackagePrice {
  currency: string;
  amount: number;
}

/**
 * GET /package/{id}: the package's currency and amount for the purchase event after checkout.
 * The payments API answers this later; until then the call fails and no event is sent. The shape
 * is read loosely (`{ data: {...} }` or the object itself; `amount` or `price`).
 */
export async function getPackagePrice(id: string): Promise<PackagePrice | null> {
  const reply = await api.get<Record<string, unknown>>(`package/${encodeURIComponent(id)}`, { silent: true });
  const body = (reply && typeof reply.data === "object" && reply.data !== null ? reply.data : reply) as Record<string, unknown>;
  const currency = typeof body.currency === "string" ? body.currency : null;
  const raw = body.amount ?? body.price;
  const amount = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
  return currency && Number.isFinite(amount) ? { currency, amount } : null;
}
