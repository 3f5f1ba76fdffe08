import { loadComingSoon } from "@serene/content";
import { defineModule } from "../../http/module";
import { createComingSoonRepository } from "./coming-soon.repository";
import { comingSoonRoutes } from "./coming-soon.routes";
import { createComingSoonService } from "./coming-soon.service";

export const comingSoonModule = defineModule({
  name: "coming-soon",
  services: ({ db }) => ({ comingSoon: createComingSoonService(createComingSoonRepository(db), loadComingSoon()) }),
  api: (api, { comingSoon, limiter }) => api.register(comingSoonRoutes(comingSoon, limiter)),
});
