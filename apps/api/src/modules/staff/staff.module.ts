import { defineModule } from "../../http/module.ts";
import { staffRoutes } from "./staff.routes.ts";

/** The operator console's staff: accounts, two-factor sign-in, sessions and the audit log (decision 067). Its service is shared (every console module checks staff sessions). */
export const staffModule = defineModule({
  name: "staff",
  api: (api, { staff, limiter }) => api.register(staffRoutes(staff, limiter)),
});
