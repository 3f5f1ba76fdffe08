import { defineModule } from "../../http/module";
import { contentRoutes } from "./content.routes";
import { libraryRoutes } from "./library.routes";
import { createLibraryService } from "./library.service";
import { createPositionsRepository } from "./positions.repository";
import { positionsRoutes } from "./positions.routes";
import { createPositionsService } from "./positions.service";

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
