import { defineModule } from "../../http/module.ts";
import { createDataExportRepository } from "./data-export.repository.ts";
import { dataExportRoutes } from "./data-export.routes.ts";
import { createDataExportService } from "./data-export.service.ts";

/** "Download my data" (decision 037). */
export const dataExportModule = defineModule({
  name: "data-export",
  services: ({ db, config, now }) => ({
    dataExport: createDataExportService({ repository: createDataExportRepository(db), product: config.appName, now }),
  }),
  api: (api, { dataExport, limiter }) => api.register(dataExportRoutes(dataExport, limiter)),
});
