import { defineModule } from "../../http/module.ts";
import { leadsRoutes } from "./leads.routes.ts";
import { createLeadsService } from "./leads.service.ts";

/** Leads of the funnel (decision 025). */
export const leadsModule = defineModule({
  name: "leads",
  services: ({ leadsRepository, quiz, mailer, limiter, brand, config }) => ({
    leads: createLeadsService({
      repository: leadsRepository,
      quiz,
      mailer,
      limiter,
      brand,
      appUrl: config.appUrl,
      tmpTokenMs: config.tmpTokenMs,
    }),
  }),
  api: (api, { leads }) => api.register(leadsRoutes(leads)),
});
