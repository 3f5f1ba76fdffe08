import {
  ComingSoonFunnelDefinitions,
  type ComingSoonFunnelDefinition,
  type ComingSoonLeadBody,
  type ComingSoonLeadResponse,
  type ComingSoonResponse,
} from "@serene/contracts";
import { FieldErrors, notFound } from "../../domain-errors.ts";
import { presentComingSoonLead } from "./coming-soon.presenter.ts";
import type { ComingSoonRepository } from "./coming-soon.repository.ts";

/**
 * The coming-soon funnel (decision 026). Funnels are content: read from content/demo/coming-soon.json once,
 * checked against the schema (a broken file stops start-up), and served from memory. Sign-ups are stored
 * against the signed-in member, whose id is the page's `user_id`.
 */
export function createComingSoonService(repository: ComingSoonRepository, shipped: unknown) {
  const funnels: ComingSoonFunnelDefinition[] = ComingSoonFunnelDefinitions.parse(shipped);
  const byKey = new Map(funnels.map((funnel) => [funnel.key, funnel]));
  const defaultFunnel = funnels.find((funnel) => funnel.default)!;

  /** The funnel of a key; no key (or an empty one) is the default funnel; an unknown key is null. */
  const find = (key: string | undefined) => (key ? (byKey.get(key) ?? null) : defaultFunnel);

  return {
    /** GET /coming-soon/{key}: the page data, with the member's id as `user_id`; 404 for an unknown key. */
    page(key: string | undefined, userId: string): ComingSoonResponse {
      const funnel = find(key);
      if (!funnel) throw notFound("Coming-soon page not found.");
      const { default: _default, ...page } = funnel;
      return { data: { ...page, user_id: userId } };
    },

    /** POST /coming-soon/lead/: the member's sign-up; a second one for the same funnel and e-mail updates the first. */
    async signUp(body: ComingSoonLeadBody, userId: string): Promise<{ lead: ComingSoonLeadResponse; created: boolean }> {
      const problems = new FieldErrors();
      if (body.user_id !== userId) problems.add("user_id", "The selected user id is invalid.");
      const funnel = find(body.key);
      if (!funnel) problems.add("key", "The selected key is invalid.");
      problems.throwIfAny();

      const { row, created } = await repository.upsert({
        userId,
        funnelKey: funnel!.key,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email.toLowerCase(),
      });
      return {
        created,
        lead: { data: presentComingSoonLead(row) },
      };
    },
  };
}
export type ComingSoonService = ReturnType<typeof createComingSoonService>;
