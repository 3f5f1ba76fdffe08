import type { Note } from "@serene/contracts";
import type { NoteRow } from "./notes.repository.ts";

/** A note as the API answers it: `date` is when it was written (the list shows it), like created_at. */
export const presentNote = (row: NoteRow): Note => ({
  id: row.id,
  title: row.title,
  content: row.content,
  date: row.createdAt.toISOString(),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
