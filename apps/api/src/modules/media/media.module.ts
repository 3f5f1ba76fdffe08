import { defineModule } from "../../http/module.ts";
import { registerMediaFiles, signedCookieRoutes } from "./media.routes.ts";

/** Signed media cookies, and /media/* when this app serves the files itself; the access service is shared. */
export const mediaModule = defineModule({
  name: "media",
  api: (api, { media }) => api.register(signedCookieRoutes({ media })),
  root: async (app, { media, config }) => {
    if (config.media.serve) await registerMediaFiles(app, { media, config: config.media });
  },
});
