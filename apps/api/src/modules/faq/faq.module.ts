import { defineModule } from "../../http/module.ts";
import { createFaqRepository } from "./faq.repository.ts";
import { faqRoutes } from "./faq.routes.ts";
import { createFaqService } from "./faq.service.ts";

export const faqModule = defineModule({
  name: "faq",
  services: ({ db, config }) => ({
    faq: createFaqService(createFaqRepository(db), { product: config.appName, email: config.supportEmail }),
  }),
  api: (api, { faq }) => api.register(faqRoutes(faq)),
});
