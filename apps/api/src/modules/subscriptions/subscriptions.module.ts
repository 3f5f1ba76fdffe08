import { defineModule } from "../../http/module.ts";
import { subscriptionsRoutes } from "./subscriptions.routes.ts";

/** The member's subscription; the service is shared, as the one owner of entitlement. */
export const subscriptionsModule = defineModule({
  name: "subscriptions",
  api: (api, { subscriptions }) => api.register(subscriptionsRoutes({ subscriptions })),
});
