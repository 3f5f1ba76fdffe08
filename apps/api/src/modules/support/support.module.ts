import { defineModule } from "../../http/module.ts";
import { createSupportRepository } from "./support.repository.ts";
import { supportRoutes } from "./support.routes.ts";
import { createSupportService } from "./support.service.ts";

/** The operator console's support room (decision 067): members and their money, read by staff with `members.read`. */
export const supportModule = defineModule({
  name: "support",
  services: ({ db, mailer, brand, now }) => ({ support: createSupportService(createSupportRepository(db), { db, mailer, brand, now }) }),
  api: (api, { support, staff }) => api.register(supportRoutes(support, staff)),
});
