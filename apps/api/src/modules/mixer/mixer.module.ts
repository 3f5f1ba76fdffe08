import { defineModule } from "../../http/module.ts";
import { createMixerRepository } from "./mixer.repository.ts";
import { mixerRoutes } from "./mixer.routes.ts";
import { createMixerService } from "./mixer.service.ts";

/** The Sounds mixer's saved mixes (decision 044). */
export const mixerModule = defineModule({
  name: "mixer",
  services: ({ db, config, catalogueCache }) => ({
    mixer: createMixerService({
      repository: createMixerRepository(db),
      cache: catalogueCache,
      // Covers addressed the way the content presenter addresses them.
      coverUrl: (mediaPath) => `${config.media.publicUrl}/${mediaPath}`,
    }),
  }),
  api: (api, { mixer, limiter }) => api.register(mixerRoutes(mixer, limiter)),
});
