import { notInArray, sql } from "drizzle-orm";
import { checkoutPackages, checkouts, packages, type Database } from "@serene/db";
import type { Plans } from "@serene/content";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Writes the shipped packages (upserted by id: subscriptions may point at them) and the checkouts
 * (upserted by id: offer clocks point at them), and replaces the checkouts' package sets.
 */
export async function writePlans(tx: Transaction, plans: Plans): Promise<number> {
  for (const pkg of plans.packages) {
    const values = {
      id: pkg.id,
      months: pkg.months,
      provider: pkg.provider,
      currency: pkg.currency,
      amountCents: pkg.amount_cents,
      isLifetime: pkg.is_lifetime,
      isFreeTrial: pkg.is_free_trial,
      trialDays: pkg.trial_days,
      tags: pkg.tags,
      placements: pkg.placements,
      position: pkg.position,
      offerOnly: pkg.offer_only,
      active: true,
    };
    const { id: _id, ...changes } = values;
    await tx
      .insert(packages)
      .values(values)
      .onConflictDoUpdate({ target: packages.id, set: { ...changes, updatedAt: sql`now()` } });
  }
  // Checkouts are upserted, not replaced: the people's offer clocks (checkout_offers) hang on them and must survive a reseed.
  await tx.delete(checkoutPackages);
  const kept = plans.checkouts.map((checkout) => checkout.id);
  await tx.delete(checkouts).where(kept.length > 0 ? notInArray(checkouts.id, kept) : undefined);
  for (const checkout of plans.checkouts) {
    const values = {
      id: checkout.id,
      type: checkout.type,
      theme: checkout.theme,
      name: checkout.name,
      salesPage: checkout.sales_page,
      recommendations: checkout.recommendations,
      offerHours: checkout.offer_hours,
    };
    const { id: _id, ...changes } = values;
    await tx.insert(checkouts).values(values).onConflictDoUpdate({ target: checkouts.id, set: changes });
  }
  const links = plans.checkouts.flatMap((checkout) =>
    checkout.packages.map((packageId, position) => ({ checkoutId: checkout.id, packageId, position })),
  );
  if (links.length > 0) await tx.insert(checkoutPackages).values(links);
  return plans.packages.length;
}
