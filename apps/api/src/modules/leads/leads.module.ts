import { defineModule } from "../../http/module";
import { leadsRoutes } from "./leads.routes";
import { createLeadsService } from "./leads.service";

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
