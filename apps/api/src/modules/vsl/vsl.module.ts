import { loadVsl } from "@serene/content";
import { defineModule } from "../../http/module.ts";
import { vslRoutes } from "./vsl.routes.ts";
import { createVslService } from "./vsl.service.ts";

export const vslModule = defineModule({
  name: "vsl",
  services: ({ media, config }) => ({
    vsl: createVslService({ shipped: loadVsl(), media, mediaUrl: config.media.publicUrl }),
  }),
  api: (api, { vsl }) => api.register(vslRoutes(vsl)),
});
