import type { NoteBody } from "@serene/contracts";
import { api } from "../api-client";

/**
 * POST /user/notes: a new note, written by the notes editor (`silent`: its form shows the failure) and by a
 * workbook's result page ("Save as a note"). Both refresh the notes under lib/note-keys' root key.
 */
export const createNote = (body: NoteBody, { silent = false }: { silent?: boolean } = {}) => api.post("user/notes", { body, silent });
