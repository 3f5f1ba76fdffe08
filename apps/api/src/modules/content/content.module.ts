import { defineModule } from "../../http/module.ts";
import { contentRoutes } from "./content.routes.ts";
import { libraryRoutes } from "./library.routes.ts";
import { createLibraryService } from "./library.service.ts";
import { createPositionsRepository } from "./positions.repository.ts";
import { positionsRoutes } from "./positions.routes.ts";
import { createPositionsService } from "./positions.service.ts";

/** The catalogue as members browse it (shared: other modules read it), their library and their places. */
export const contentModule = defineModule({
  name: "content",
  services: ({ db, catalogueCache: cache, libraryRepository, catalogue, presenter, awards, subscriptions, now }) => ({
    library: createLibraryService({ cache, library: libraryRepository, catalogue, presenter, awards, subscriptions }),
    positions: createPositionsService({ cache, positions: createPositionsRepository(db), catalogue, presenter, now }),
  }),
  api: async (api, { catalogue, library, limiter, positions }) => {
    await api.register(contentRoutes({ catalogue }));
    await api.register(libraryRoutes({ library, limiter }));
    await api.register(positionsRoutes({ positions }));
  },
});
