import { defineModule } from "../../http/module.ts";
import { staffRoutes } from "./staff.routes.ts";
import { createStaffService } from "./staff.service.ts";

/** The operator console's staff: accounts, two-factor sign-in, sessions and the audit log (decision 067). */
export const staffModule = defineModule({
  name: "staff",
  services: ({ db, mailer, brand, config, now }) => ({
    staff: createStaffService({ db, mailer, brand, appUrl: config.appUrl, secretsKey: config.staff.secretsKey, now }),
  }),
  api: (api, { staff, limiter }) => api.register(staffRoutes(staff, limiter)),
});
