export { NotesList, NO_NOTES, pageFrom } from "./components/notes-list";
export { NoteForm, saveProblem } from "./components/note-form";
export { NoteDetail, NoteEdit, NoteNotFound, DELETE_QUESTION, DELETED } from "./components/note-detail";
export { notesKeys, noteQuery, notesQuery, NOTES_PER_PAGE } from "./api/notes";
