import { defineModule } from "../../http/module.ts";
import { pingRoutes } from "./system.routes.ts";

/** GET /api/v1/ping. The health probes stay in app.ts: they check the database and queue the app was given. */
export const systemModule = defineModule({
  name: "system",
  api: (api) => api.register(pingRoutes),
});
