import { loadComingSoon } from "@serene/content";
import { defineModule } from "../../http/module.ts";
import { createComingSoonRepository } from "./coming-soon.repository.ts";
import { comingSoonRoutes } from "./coming-soon.routes.ts";
import { createComingSoonService } from "./coming-soon.service.ts";

export const comingSoonModule = defineModule({
  name: "coming-soon",
  services: ({ db }) => ({ comingSoon: createComingSoonService(createComingSoonRepository(db), loadComingSoon()) }),
  api: (api, { comingSoon, limiter }) => api.register(comingSoonRoutes(comingSoon, limiter)),
});
