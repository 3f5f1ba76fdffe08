import type { ComingSoonLead } from "@serene/contracts";
import type { ComingSoonLeadRow } from "./coming-soon.repository.ts";

/** A member's sign-up on a coming-soon page. */
export const presentComingSoonLead = (row: ComingSoonLeadRow): ComingSoonLead => ({
  id: row.id,
  key: row.funnelKey,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
