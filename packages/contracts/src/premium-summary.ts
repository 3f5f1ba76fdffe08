import { z } from "zod";
import { CacheBuster } from "./common.ts";

/**
 * What Premium opens, counted from the catalogue (docs/decisions/049-welcome-after-every-purchase.md):
 * the welcome after a purchase says it in words.
 */

// GET /premium-summary
export const PremiumSummaryQuery = CacheBuster;
export type PremiumSummaryQuery = z.infer<typeof PremiumSummaryQuery>;

export const PremiumSummaryResponse = z
  .object({
    data: z.object({
      /** Sessions (with their own stream, in courses and playlists too) that only Premium plays. */
      locked_sessions: z.number().int(),
      /** Courses and playlists holding at least one of them. */
      locked_collections: z.number().int(),
      /** Locked sessions per content type ("Meditations", "Sleepcasts"…), in the catalogue's order of types; none at zero. */
      types: z.array(z.object({ type: z.string(), locked: z.number().int() })),
    }),
  })
  .meta({ id: "PremiumSummary" });
export type PremiumSummaryResponse = z.infer<typeof PremiumSummaryResponse>;
