import { defineModule } from "../../http/module";
import { createFaqRepository } from "./faq.repository";
import { faqRoutes } from "./faq.routes";
import { createFaqService } from "./faq.service";

export const faqModule = defineModule({
  name: "faq",
  services: ({ db, config }) => ({
    faq: createFaqService(createFaqRepository(db), { product: config.appName, email: config.supportEmail }),
  }),
  api: (api, { faq }) => api.register(faqRoutes(faq)),
});
