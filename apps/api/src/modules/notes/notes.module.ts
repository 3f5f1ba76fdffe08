import { defineModule } from "../../http/module";
import { createNotesRepository } from "./notes.repository";
import { notesRoutes } from "./notes.routes";
import { createNotesService } from "./notes.service";

/** The member's notes (decision 033): the model of a CRUD slice (docs/adding-an-endpoint.md). */
export const notesModule = defineModule({
  name: "notes",
  services: ({ db, awards }) => ({ notes: createNotesService(createNotesRepository(db), awards) }),
  api: (api, { notes, limiter }) => api.register(notesRoutes(notes, limiter)),
});
