import { loadLandingPages, loadSalesPages, loadVsl } from "@serene/content";
import { VslDefinitions } from "@serene/contracts";
import { defineModule } from "../../http/module.ts";
import { salesPagesRoutes } from "./sales-pages.routes.ts";
import { createSalesPagesService } from "./sales-pages.service.ts";

export const salesPagesModule = defineModule({
  name: "sales-pages",
  services: ({ config }) => ({
    salesPages: createSalesPagesService({
      pages: loadSalesPages(),
      landings: loadLandingPages(),
      videoPages: VslDefinitions.parse(loadVsl()).map((vsl) => vsl.slug),
      brand: { product: config.appName, email: config.supportEmail },
    }),
  }),
  api: (api, { salesPages }) => api.register(salesPagesRoutes(salesPages)),
});
