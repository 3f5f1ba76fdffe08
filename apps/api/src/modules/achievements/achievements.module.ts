import { defineModule } from "../../http/module.ts";
import { achievementsRoutes } from "./achievements.routes.ts";

/** The member's badges (decision 034); the service is shared, as every write that can earn one awards them. */
export const achievementsModule = defineModule({
  name: "achievements",
  api: (api, { achievements }) => api.register(achievementsRoutes(achievements)),
});
