import { sql } from "drizzle-orm";
import { checkoutPackages, checkouts, packages, type Database } from "@serene/db";
import type { Plans } from "@serene/content";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Writes the shipped packages (upserted by id: subscriptions may point at them) and replaces the
 * checkouts and their package sets.
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
      active: true,
    };
    const { id: _id, ...changes } = values;
    await tx
      .insert(packages)
      .values(values)
      .onConflictDoUpdate({ target: packages.id, set: { ...changes, updatedAt: sql`now()` } });
  }
  await tx.delete(checkoutPackages);
  await tx.delete(checkouts);
  if (plans.checkouts.length > 0) {
    await tx.insert(checkouts).values(plans.checkouts.map(({ id, type, theme, name }) => ({ id, type, theme, name })));
    const links = plans.checkouts.flatMap((checkout) =>
      checkout.packages.map((packageId, position) => ({ checkoutId: checkout.id, packageId, position })),
    );
    if (links.length > 0) await tx.insert(checkoutPackages).values(links);
  }
  return plans.packages.length;
}
