import { loadWorkbooks } from "@serene/content";
import { defineModule } from "../../http/module.ts";
import { createWorkbooksRepository } from "./workbooks.repository.ts";
import { workbooksRoutes } from "./workbooks.routes.ts";
import { createWorkbooksService } from "./workbooks.service.ts";

/** The CBT workbooks and the member's worksheets (decision 035). */
export const workbooksModule = defineModule({
  name: "workbooks",
  services: ({ db, subscriptions, logger, awards }) => ({
    workbooks: createWorkbooksService({
      repository: createWorkbooksRepository(db),
      workbooks: loadWorkbooks(),
      subscriptions,
      logger,
      // The badges a saved worksheet earned (first_worksheet).
      onCompleted: (userId) => awards.award(userId),
    }),
  }),
  api: (api, { workbooks, limiter }) => api.register(workbooksRoutes(workbooks, limiter)),
});
