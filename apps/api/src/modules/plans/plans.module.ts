import { defineModule } from "../../http/module.ts";
import { plansRoutes } from "./plans.routes.ts";
import { createPlansService } from "./plans.service.ts";

/** Packages and checkouts, with their offer clocks. */
export const plansModule = defineModule({
  name: "plans",
  services: ({ plansRepository, leadsRepository, now }) => ({
    plans: createPlansService({
      repository: plansRepository,
      leadIsOpen: async (leadId) => {
        const lead = await leadsRepository.find(leadId);
        return lead !== null && lead.userId === null;
      },
      now,
    }),
  }),
  api: (api, { plans }) => api.register(plansRoutes({ plans })),
});
