import { defineModule } from "../../http/module.ts";
import { contentRoutes } from "./content.routes.ts";
import { createEditorRepository } from "./editor.repository.ts";
import { editorRoutes } from "./editor.routes.ts";
import { createEditorService } from "./editor.service.ts";
import { libraryRoutes } from "./library.routes.ts";
import { createLibraryService } from "./library.service.ts";
import { createPositionsRepository } from "./positions.repository.ts";
import { positionsRoutes } from "./positions.routes.ts";
import { createPositionsService } from "./positions.service.ts";

/**
 * The catalogue as members browse it (shared: other modules read it), their library and their places, and the
 * editor's room of the console that writes it (decision 070).
 */
export const contentModule = defineModule({
  name: "content",
  services: ({
    db,
    database,
    config,
    jobs,
    background,
    logger,
    catalogueCache: cache,
    libraryRepository,
    catalogue,
    presenter,
    awards,
    subscriptions,
    now,
  }) => ({
    editor: createEditorService({ repository: createEditorRepository(db), database, media: config.media, jobs, background, logger, now }),
    library: createLibraryService({ cache, library: libraryRepository, catalogue, presenter, awards, subscriptions }),
    positions: createPositionsService({ cache, positions: createPositionsRepository(db), catalogue, presenter, now }),
  }),
  api: async (api, { catalogue, library, limiter, positions, editor, staff, config }) => {
    await api.register(editorRoutes({ editor, staff, uploadMaxBytes: config.media.uploadMaxBytes }));
    await api.register(contentRoutes({ catalogue }));
    await api.register(libraryRoutes({ library, limiter }));
    await api.register(positionsRoutes({ positions }));
  },
});
