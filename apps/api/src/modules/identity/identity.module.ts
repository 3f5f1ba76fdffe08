import { defineModule } from "../../http/module.ts";
import { createSandboxIdentity } from "./sandbox-identity.ts";
import { appleCallbackRoute, sandboxIdentityRoutes } from "./sandbox-identity.routes.ts";

/** Apple's form_post callback, and the sandbox sign-in providers when they are on. */
export const identityModule = defineModule({
  name: "identity",
  root: async (app, { config }) => {
    await app.register(appleCallbackRoute);
    if (config.sandboxProviders) {
      await app.register(sandboxIdentityRoutes(await createSandboxIdentity(config.appUrl, config.identity), config.appUrl));
    }
  },
});
