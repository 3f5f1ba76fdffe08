import { defineModule } from "../../http/module.ts";
import { createNotesRepository } from "./notes.repository.ts";
import { notesRoutes } from "./notes.routes.ts";
import { createNotesService } from "./notes.service.ts";

/** The member's notes (decision 033): the model of a CRUD slice (docs/adding-an-endpoint.md). */
export const notesModule = defineModule({
  name: "notes",
  services: ({ db, awards }) => ({ notes: createNotesService(createNotesRepository(db), awards) }),
  api: (api, { notes, limiter }) => api.register(notesRoutes(notes, limiter)),
});
