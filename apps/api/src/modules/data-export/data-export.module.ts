import { defineModule } from "../../http/module";
import { createDataExportRepository } from "./data-export.repository";
import { dataExportRoutes } from "./data-export.routes";
import { createDataExportService } from "./data-export.service";

/** "Download my data" (decision 037). */
export const dataExportModule = defineModule({
  name: "data-export",
  services: ({ db, config, now }) => ({
    dataExport: createDataExportService({ repository: createDataExportRepository(db), product: config.appName, now }),
  }),
  api: (api, { dataExport, limiter }) => api.register(dataExportRoutes(dataExport, limiter)),
});
